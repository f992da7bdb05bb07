/**
 * Which keys a process encrypts and decrypts payloads with, from its configuration: a key file,
 * keys in the environment, or (for a Temporal on this machine) the local key, which the first
 * process to need it creates. Payloads are stored readable only when encryption is `off`.
 */
import type { EncryptionConfig, TemporalConfig } from './config.ts';
import { FileKeyProvider, ensureLocalKey, keysFromList } from './key-file.ts';
import { KeyConfigError, type KeyProvider } from './key-provider.ts';

/** True for a host name or IP of this machine's loopback interface. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** True for a Temporal address (`host:port`) on this machine (a dev server), where the local key serves. */
export function isLocalAddress(address: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  const host = bracketed ? bracketed[1]! : address.split(':').length === 2 ? address.split(':')[0]! : address;
  return isLoopbackHost(host);
}

export interface KeyProviderOptions {
  /**
   * The process writes payloads (a worker, a run's start): for a Temporal elsewhere (a cluster,
   * Temporal Cloud) no key is a `KeyConfigError` unless encryption is `off`, as guest data
   * would be stored there readable. @default false
   */
  required?: boolean;
  /** Told, once, where the local key is when this process created it. */
  announce?: (text: string) => void;
}

/** What a process that created the local key says, once. */
export function localKeyCreatedText(file: string): string {
  return (
    `created the payload encryption key ${file} (mode 0600) for the Temporal on this machine; ` +
    'tourflow commands and workers of this user use it from now on. Back it up: runs it encrypts cannot be read without it. ' +
    'Another user or container that reads or writes these runs takes a copy through TOURFLOW_ENCRYPTION_KEY_FILE.'
  );
}

/** True when the keys are the local key: a Temporal on this machine, no key configured, encryption on. */
export function usesLocalKey(config: Pick<TemporalConfig, 'address' | 'encryption'>): boolean {
  const { off, keyFile, keys } = config.encryption;
  return !off && !keyFile && !keys && isLocalAddress(config.address);
}

/**
 * The configured keys: the key file, else `TOURFLOW_ENCRYPTION_KEYS`, else, for a Temporal on
 * this machine, the local key (the one `tourflow dev` uses), created on first use by whichever
 * process comes first; undefined only when encryption is `off`, or for a Temporal elsewhere
 * with no key when the process does not write payloads.
 */
export async function keyProviderFor(
  config: Pick<TemporalConfig, 'address' | 'encryption'>,
  options: KeyProviderOptions = {},
): Promise<KeyProvider | undefined> {
  const encryption: EncryptionConfig = config.encryption;
  if (encryption.off) return undefined;
  if (encryption.keyFile && encryption.keys) {
    throw new KeyConfigError(
      'both TOURFLOW_ENCRYPTION_KEY_FILE and TOURFLOW_ENCRYPTION_KEYS are set; keep the keys in one place',
    );
  }
  if (encryption.keyFile) return FileKeyProvider.load(encryption.keyFile, encryption.activeKey);
  if (encryption.keys) return keysFromList(encryption.keys, encryption.activeKey);
  if (usesLocalKey(config)) {
    // Never plaintext by default: a worker and a run in two terminals agree on this one file.
    if (await ensureLocalKey(encryption.localKeyFile)) options.announce?.(localKeyCreatedText(encryption.localKeyFile));
    return FileKeyProvider.load(encryption.localKeyFile, encryption.activeKey);
  }
  if (options.required) {
    throw new KeyConfigError(
      `no payload encryption key is configured for Temporal at ${config.address}, so guest data would be stored there readable. ` +
        'Create a key file with `tourflow keys add --key-file <file>` and set TOURFLOW_ENCRYPTION_KEY_FILE (or TOURFLOW_ENCRYPTION_KEYS), ' +
        'or pass --no-encryption (TOURFLOW_ENCRYPTION=off) to store payloads unencrypted.',
    );
  }
  return undefined;
}

/**
 * The keys of `tourflow dev`: the configured ones, else the local key, created (0600, in the
 * user's config folder, outside any repository) on first use; none when encryption is `off`.
 */
export async function devKeyProvider(encryption: EncryptionConfig): Promise<KeyProvider | undefined> {
  return keyProviderFor({ address: '127.0.0.1', encryption });
}
