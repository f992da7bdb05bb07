/**
 * Which keys a process encrypts and decrypts payloads with, from its configuration: a key file,
 * keys in the environment, or (for a Temporal on this machine) the local key of `tourflow dev`.
 */
import type { EncryptionConfig, TemporalConfig } from './config.ts';
import { FileKeyProvider, ensureLocalKey, keysFromList, readKeyFile } from './key-file.ts';
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
}

/**
 * The configured keys: the key file, else `TOURFLOW_ENCRYPTION_KEYS`, else the local key when
 * Temporal is on this machine and `tourflow dev` made one; undefined for none (or `off`).
 */
export async function keyProviderFor(config: Pick<TemporalConfig, 'address' | 'encryption'>, options: KeyProviderOptions = {}): Promise<KeyProvider | undefined> {
  const encryption: EncryptionConfig = config.encryption;
  if (encryption.off) return undefined;
  if (encryption.keyFile && encryption.keys) {
    throw new KeyConfigError('both TOURFLOW_ENCRYPTION_KEY_FILE and TOURFLOW_ENCRYPTION_KEYS are set; keep the keys in one place');
  }
  if (encryption.keyFile) return FileKeyProvider.load(encryption.keyFile, encryption.activeKey);
  if (encryption.keys) return keysFromList(encryption.keys, encryption.activeKey);
  const local = isLocalAddress(config.address);
  if (local && (await readKeyFile(encryption.localKeyFile))) return FileKeyProvider.load(encryption.localKeyFile, encryption.activeKey);
  if (options.required && !local) {
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
  if (!encryption.off && !encryption.keyFile && !encryption.keys) await ensureLocalKey(encryption.localKeyFile);
  return keyProviderFor({ address: '127.0.0.1', encryption });
}
