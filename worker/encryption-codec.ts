/**
 * Payload encryption: every payload tourflow hands to Temporal (inputs, results, activity
 * arguments, heartbeats, signals, queries, updates, memo, summaries, failure attributes) is
 * sealed with AES-256-GCM before it leaves the process, so Temporal's database and Web UI
 * hold only ciphertext. It runs after compression (worker/codec.ts): ciphertext does not
 * compress.
 *
 * An encrypted payload: metadata `encoding: binary/encrypted`, `encryption-key-id: <id>` and
 * `encryption-cipher: AES-256-GCM`; data: a random 12-byte nonce, the ciphertext of the whole
 * original payload (protobuf-encoded, its metadata included), then the 16-byte tag. The key ID
 * is authenticated too (as additional data), so a payload cannot be passed off under another
 * key's name.
 */
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import proto from '@temporalio/proto';
import { METADATA_ENCODING_KEY, ValueError, str, u8, type Payload, type PayloadCodec } from '@temporalio/common';
import { MissingKeyError, type EncryptionKey, type KeyProvider } from './key-provider.ts';

// A CommonJS module: its namespaces come from the default export.
const ProtoPayload = proto.temporal.api.common.v1.Payload;

/** The `encoding` metadata of an encrypted payload (the name Temporal's samples use). */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
/** Metadata naming the key a payload was encrypted with. */
export const METADATA_KEY_ID = 'encryption-key-id';
/** Metadata naming the cipher, so another one can follow without guessing. */
export const METADATA_CIPHER = 'encryption-cipher';
const CIPHER = 'AES-256-GCM';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts every payload with the provider's active key; decrypts with the key its metadata
 * names. With `encrypt: false` it only decrypts (a process without keys, given `noKeys`).
 */
export class EncryptionCodec implements PayloadCodec {
  private readonly keyObjects = new WeakMap<EncryptionKey, KeyObject>();

  constructor(
    readonly keys: KeyProvider,
    private readonly options: { encrypt?: boolean } = {},
  ) {}

  async encode(payloads: Payload[]): Promise<Payload[]> {
    if (this.options.encrypt === false) return payloads;
    const key = await this.keys.activeKey();
    const secret = this.secretOf(key);
    const keyId = u8(key.id);
    const metadata = {
      [METADATA_ENCODING_KEY]: u8(ENCRYPTED_ENCODING),
      [METADATA_KEY_ID]: keyId,
      [METADATA_CIPHER]: u8(CIPHER),
    };
    return payloads.map((payload) => ({ metadata, data: seal(secret, keyId, ProtoPayload.encode(payload).finish()) }));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return Promise.all(payloads.map((payload) => this.decodeOne(payload)));
  }

  private async decodeOne(payload: Payload): Promise<Payload> {
    if (!isEncrypted(payload)) return payload;
    const keyIdBytes = payload.metadata?.[METADATA_KEY_ID];
    if (!keyIdBytes) throw new ValueError(`a payload with encoding ${ENCRYPTED_ENCODING} names no ${METADATA_KEY_ID}`);
    if (!payload.data) throw new ValueError(`a payload with encoding ${ENCRYPTED_ENCODING} has no data`);
    const keyId = str(keyIdBytes);
    const key = await this.keys.keyById(keyId);
    if (!key) throw new MissingKeyError(keyId, this.keys.source);
    return ProtoPayload.decode(open(this.secretOf(key), keyIdBytes, payload.data, keyId));
  }

  private secretOf(key: EncryptionKey): KeyObject {
    let secret = this.keyObjects.get(key);
    if (!secret) {
      secret = createSecretKey(key.bytes);
      this.keyObjects.set(key, secret);
    }
    return secret;
  }
}

/** True when the payload was encrypted by {@link EncryptionCodec}. */
export function isEncrypted(payload: Payload): boolean {
  const encoding = payload.metadata?.[METADATA_ENCODING_KEY];
  return encoding !== undefined && encoding !== null && str(encoding) === ENCRYPTED_ENCODING;
}

function seal(secret: KeyObject, keyId: Uint8Array, plain: Uint8Array): Uint8Array {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', secret, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(keyId);
  const body = cipher.update(plain);
  const last = cipher.final();
  return Buffer.concat([nonce, body, last, cipher.getAuthTag()]);
}

function open(secret: KeyObject, keyId: Uint8Array, data: Uint8Array, keyIdText: string): Uint8Array {
  if (data.byteLength < NONCE_BYTES + TAG_BYTES)
    throw new ValueError(`an encrypted payload (key "${keyIdText}") is too short to hold a nonce and a tag`);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, NONCE_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(keyId);
  decipher.setAuthTag(bytes.subarray(bytes.byteLength - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.byteLength - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch (error) {
    // A wrong key under the right ID, or altered bytes: GCM's tag check says which it is not.
    throw new ValueError(
      `an encrypted payload does not authenticate with key "${keyIdText}": the key differs from the one that encrypted it, or the payload was altered`,
      error,
    );
  }
}
