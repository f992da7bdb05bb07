/**
 * The encryption codec on its own: every payload comes out as AES-256-GCM ciphertext under the
 * active key's ID with a fresh nonce, reads back exactly with the key its metadata names,
 * refuses altered bytes, and names the key it lacks; unencrypted payloads pass through.
 */
import { describe, expect, it } from 'vitest';
import { defaultPayloadConverter, str, u8, type Payload } from '@temporalio/common';
import { GZIP_ENCODING, payloadCodecs, type CompressionCodec } from '../../worker/codec.ts';
import {
  ENCRYPTED_ENCODING,
  EncryptionCodec,
  METADATA_CIPHER,
  METADATA_KEY_ID,
} from '../../worker/encryption-codec.ts';
import { keysFromList } from '../../worker/key-file.ts';
import { MissingKeyError } from '../../worker/key-provider.ts';

const keyA = `key-a:${Buffer.alloc(32, 1).toString('base64')}`;
const keyB = `key-b:${Buffer.alloc(32, 2).toString('base64')}`;
const guest = { firstName: 'Quillon', lastName: 'Marchetti-Vey', email: 'quillon.vey@example.org' };
const meta = (payload: Payload | undefined, key: string) => str(payload!.metadata![key]!);

async function roundTrip(
  codecs: { encode(p: Payload[]): Promise<Payload[]>; decode(p: Payload[]): Promise<Payload[]> },
  payloads: Payload[],
) {
  const encoded = await codecs.encode(payloads);
  return { encoded, decoded: await codecs.decode(encoded) };
}

describe('encryption codec', () => {
  it('encrypts a payload under the active key, with a new nonce each time, and reads it back exactly', async () => {
    const codec = new EncryptionCodec(keysFromList(`${keyA},${keyB}`, undefined));
    const plain = defaultPayloadConverter.toPayload(guest);
    plain.metadata = { ...plain.metadata, note: u8('kept') };
    const { encoded, decoded } = await roundTrip(codec, [plain, plain]);
    expect(meta(encoded[0], 'encoding')).toBe(ENCRYPTED_ENCODING);
    expect(meta(encoded[0], METADATA_KEY_ID)).toBe('key-a');
    expect(meta(encoded[0], METADATA_CIPHER)).toBe('AES-256-GCM');
    const bytes = encoded.map((payload) => Buffer.from(payload.data!));
    expect(bytes[0]!.toString('latin1')).not.toContain('Quillon');
    expect(bytes[0]!.toString('base64')).not.toContain(Buffer.from('Quillon').toString('base64'));
    expect(bytes[0]!.subarray(0, 12).equals(bytes[1]!.subarray(0, 12)), 'a fresh nonce per payload').toBe(false);
    expect(bytes[0]!.equals(bytes[1]!)).toBe(false);
    expect(Object.keys(decoded[0]!.metadata!).sort()).toEqual(['encoding', 'note']);
    expect(defaultPayloadConverter.fromPayload(decoded[0]!)).toEqual(guest);
  });

  it('after a rotation, encrypts with the new key and still reads what the old one encrypted', async () => {
    const [old] = await new EncryptionCodec(keysFromList(keyA, undefined)).encode([
      defaultPayloadConverter.toPayload(guest),
    ]);
    const rotated = new EncryptionCodec(keysFromList(`${keyB},${keyA}`, undefined));
    const [fresh] = await rotated.encode([defaultPayloadConverter.toPayload(guest)]);
    expect(meta(fresh, METADATA_KEY_ID)).toBe('key-b');
    const decoded = await rotated.decode([old!, fresh!]);
    expect(decoded.map((payload) => defaultPayloadConverter.fromPayload(payload))).toEqual([guest, guest]);
  });

  it('names the key it does not hold, and refuses a payload that was altered or sealed with another key under that ID', async () => {
    const [sealed] = await new EncryptionCodec(keysFromList(keyA, undefined)).encode([
      defaultPayloadConverter.toPayload(guest),
    ]);
    const withoutA = new EncryptionCodec(keysFromList(keyB, undefined));
    const missing = await withoutA.decode([sealed!]).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(MissingKeyError);
    expect((missing as Error).message).toMatch(
      /^payload encrypted with key "key-a", which TOURFLOW_ENCRYPTION_KEYS does not hold/,
    );

    const altered = { ...sealed!, data: Buffer.from(sealed!.data!).map((byte, i) => (i === 20 ? byte ^ 1 : byte)) };
    await expect(new EncryptionCodec(keysFromList(keyA, undefined)).decode([altered])).rejects.toThrow(
      /does not authenticate with key "key-a"/,
    );
    const impostor = new EncryptionCodec(keysFromList(`key-a:${Buffer.alloc(32, 9).toString('base64')}`, undefined));
    await expect(impostor.decode([sealed!])).rejects.toThrow(/does not authenticate with key "key-a"/);
  });

  it('without keys, encrypts nothing and says what to configure to read an encrypted payload', async () => {
    const [sealed] = await new EncryptionCodec(keysFromList(keyA, undefined)).encode([
      defaultPayloadConverter.toPayload(guest),
    ]);
    const [none] = payloadCodecs().slice(-1) as [EncryptionCodec];
    const plain = defaultPayloadConverter.toPayload(guest);
    expect((await none.encode([plain]))[0]).toBe(plain);
    await expect(none.decode([sealed!])).rejects.toThrow(
      'payload encrypted with key "key-a", which this process (no key is configured) does not hold; set TOURFLOW_ENCRYPTION_KEY_FILE or TOURFLOW_ENCRYPTION_KEYS, and leave out --no-encryption (TOURFLOW_ENCRYPTION=off): for a Temporal on this machine, its local key serves without settings',
    );
  });

  it('passes unencrypted payloads through decode, so histories written before encryption still read', async () => {
    const codec = new EncryptionCodec(keysFromList(keyA, undefined));
    const plain = defaultPayloadConverter.toPayload({ tour: 'Spring Run' });
    const compressed: Payload = { metadata: { encoding: u8(GZIP_ENCODING) }, data: new Uint8Array([1, 2, 3]) };
    const decoded = await codec.decode([plain, compressed]);
    expect(decoded[0]).toBe(plain);
    expect(decoded[1]).toBe(compressed);
  });

  it('compresses before it encrypts: a large payload is compressed inside its ciphertext', async () => {
    const codecs = payloadCodecs(keysFromList(keyA, undefined));
    const large = defaultPayloadConverter.toPayload({
      guests: Array.from({ length: 2_000 }, (_, i) => ({ ...guest, i })),
    });
    let payloads = [large];
    for (const codec of codecs) payloads = await codec.encode(payloads);
    expect(meta(payloads[0], 'encoding')).toBe(ENCRYPTED_ENCODING);
    expect(payloads[0]!.data!.byteLength).toBeLessThan(large.data!.byteLength / 4);
    const [inner] = await (codecs[1] as EncryptionCodec).decode(payloads);
    expect(meta(inner, 'encoding')).toBe(GZIP_ENCODING);
    const [restored] = await (codecs[0] as CompressionCodec).decode([inner!]);
    expect(Buffer.from(restored!.data!).equals(Buffer.from(large.data!))).toBe(true);
  });
});
