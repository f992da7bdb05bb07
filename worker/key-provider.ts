/**
 * Where payload encryption keys come from. The codec (worker/encryption-codec.ts) asks for the
 * active key to encrypt and for a key by its ID to decrypt, nothing else, so any key store
 * fits behind this interface: the key file or environment variables of worker/key-file.ts, or
 * a KMS (AWS KMS, GCP KMS, Vault transit) that unwraps data keys and caches them.
 */
/** A 256-bit AES key and the ID written beside every payload it encrypts. */
export interface EncryptionKey {
  /** Stored unencrypted in each payload's metadata: a name, never anything personal. */
  readonly id: string;
  /** 32 bytes. */
  readonly bytes: Uint8Array;
}

/**
 * The keys payloads are encrypted and decrypted with. Both calls are made for every batch of
 * payloads, so an implementation backed by a remote service caches what it fetched.
 */
export interface KeyProvider {
  /** The key new payloads are encrypted with. */
  activeKey(): Promise<EncryptionKey>;
  /** The key with this ID, for payloads encrypted earlier; undefined when it has no such key. */
  keyById(id: string): Promise<EncryptionKey | undefined>;
  /** Where the keys come from, for messages (a file path, an environment variable, a KMS key). */
  readonly source: string;
}

/** Bytes in an AES-256 key. */
export const KEY_BYTES = 32;

/** Key IDs travel in payload metadata and in messages: short names, no spaces. */
export const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * A payload was encrypted with a key the provider does not have: the key was removed (or
 * never given to this process) while runs it encrypted are still read.
 */
export class MissingKeyError extends Error {
  constructor(
    readonly keyId: string,
    readonly source: string,
    fix = 'add that key back (from your key backup) to read the runs it encrypted',
  ) {
    super(`payload encrypted with key "${keyId}", which ${source} does not hold; ${fix}`);
    this.name = 'MissingKeyError';
  }
}

/** A configuration of keys that cannot be used: says what is wrong and where. */
export class KeyConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeyConfigError';
  }
}

/** Keys held in memory, one of them active. */
export class StaticKeyProvider implements KeyProvider {
  private readonly byId: ReadonlyMap<string, EncryptionKey>;
  private readonly active: EncryptionKey;

  constructor(
    keys: readonly EncryptionKey[],
    activeId: string,
    readonly source: string,
  ) {
    this.byId = new Map(keys.map((key) => [key.id, checkedKey(key, source)]));
    const active = this.byId.get(activeId);
    if (!active)
      throw new KeyConfigError(
        `${source}: the active key "${activeId}" is not among its keys (${[...this.byId.keys()].join(', ') || 'none'})`,
      );
    this.active = active;
  }

  async activeKey(): Promise<EncryptionKey> {
    return this.active;
  }

  async keyById(id: string): Promise<EncryptionKey | undefined> {
    return this.byId.get(id);
  }

  /** The IDs of the keys held, the active one first. */
  ids(): string[] {
    return [this.active.id, ...[...this.byId.keys()].filter((id) => id !== this.active.id)];
  }
}

function checkedKey(key: EncryptionKey, source: string): EncryptionKey {
  if (!KEY_ID.test(key.id))
    throw new KeyConfigError(`${source}: key ID "${key.id}" must be 1-64 letters, digits, '.', '_' or '-'`);
  if (key.bytes.byteLength !== KEY_BYTES) {
    throw new KeyConfigError(
      `${source}: key "${key.id}" has ${key.bytes.byteLength} bytes; AES-256 keys have ${KEY_BYTES} (create one with \`tourflow keys add\` or \`openssl rand -base64 32\`)`,
    );
  }
  return key;
}

/**
 * The keys of a process with none configured: it encrypts nothing, and a payload encrypted
 * elsewhere fails to read saying what to configure, rather than as an unknown encoding.
 */
export const noKeys: KeyProvider = {
  source: 'this process (no key is configured)',
  async activeKey() {
    throw new KeyConfigError('no payload encryption key is configured');
  },
  async keyById(id) {
    throw new MissingKeyError(
      id,
      noKeys.source,
      'set TOURFLOW_ENCRYPTION_KEY_FILE or TOURFLOW_ENCRYPTION_KEYS, and leave out --no-encryption (TOURFLOW_ENCRYPTION=off): for a Temporal on this machine, its local key serves without settings',
    );
  },
};
