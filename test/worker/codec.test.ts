/**
 * The compression codec on its own: small payloads stay as they are, large ones shrink and come
 * back exactly, and payloads it did not write pass through decode untouched.
 */
import { describe, expect, it } from 'vitest';
import { defaultPayloadConverter, str, u8, type Payload } from '@temporalio/common';
import {
  COMPRESSION_THRESHOLD_BYTES,
  CompressionCodec,
  GZIP_ENCODING,
  createDataConverter,
  dataConverter,
} from '../../worker/codec.ts';
import { EncryptionCodec } from '../../worker/encryption-codec.ts';
import { keysFromList } from '../../worker/key-file.ts';

const codec = new CompressionCodec();

function guests(count: number): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, i) => ({
    key: `guest-${i}`,
    firstName: `First${i % 97}`,
    lastName: `Last${i}`,
    date: `2027-04-${String((i % 28) + 1).padStart(2, '0')}`,
    guests: (i % 4) + 1,
  }));
}

function sizeOf(payload: Payload): number {
  return (
    (payload.data?.byteLength ?? 0) +
    Object.values(payload.metadata ?? {}).reduce((sum, value) => sum + value.byteLength, 0)
  );
}

const encodingOf = (payload: Payload | undefined) => str(payload!.metadata!.encoding!);

describe('compression codec', () => {
  it('leaves a small payload as it is, byte for byte, both ways', async () => {
    const small = defaultPayloadConverter.toPayload({ name: 'Spring tour', days: 3 });
    const [encoded] = await codec.encode([small]);
    expect(encoded).toBe(small);
    expect(Buffer.from(encoded!.data!).equals(Buffer.from(small.data!))).toBe(true);
    const [decoded] = await codec.decode([encoded!]);
    expect(decoded).toBe(small);
  });

  it('compresses a payload over the threshold and restores it exactly, metadata included', async () => {
    const value = { plan: { name: 'tour-setup' }, inputs: { guests: guests(10_000) } };
    const large = defaultPayloadConverter.toPayload(value);
    large.metadata = { ...large.metadata, note: u8('kept') };
    expect(large.data!.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const [encoded] = await codec.encode([large]);
    expect(encodingOf(encoded)).toBe(GZIP_ENCODING);
    expect(Object.keys(encoded!.metadata!)).toEqual(['encoding']);
    expect(sizeOf(encoded!)).toBeLessThan(sizeOf(large) / 4);

    const [decoded] = await codec.decode([encoded!]);
    expect(Object.keys(decoded!.metadata!).sort()).toEqual(['encoding', 'note']);
    for (const [key, bytes] of Object.entries(large.metadata)) {
      expect(Buffer.from(decoded!.metadata![key]!).equals(Buffer.from(bytes))).toBe(true);
    }
    expect(Buffer.from(decoded!.data!).equals(Buffer.from(large.data!))).toBe(true);
    expect(defaultPayloadConverter.fromPayload(decoded!)).toEqual(value);
  });

  it('compresses only the large payloads of a batch, in order', async () => {
    const small = defaultPayloadConverter.toPayload('small');
    const large = defaultPayloadConverter.toPayload(guests(10_000));
    const encoded = await codec.encode([small, large, small]);
    expect(encoded.map(encodingOf)).toEqual(['json/plain', GZIP_ENCODING, 'json/plain']);
    const decoded = await codec.decode(encoded);
    expect(decoded.map((p) => defaultPayloadConverter.fromPayload(p))).toEqual(['small', guests(10_000), 'small']);
  });

  it('passes payloads of other encodings through decode unchanged', async () => {
    const binary: Payload = {
      metadata: { encoding: u8('binary/plain') },
      data: u8('x'.repeat(COMPRESSION_THRESHOLD_BYTES * 2)),
    };
    const encrypted: Payload = { metadata: { encoding: u8('binary/encrypted') }, data: new Uint8Array([1, 2, 3]) };
    const bare: Payload = { data: u8('no metadata') };
    const decoded = await codec.decode([binary, encrypted, bare]);
    expect(decoded[0]).toBe(binary);
    expect(decoded[1]).toBe(encrypted);
    expect(decoded[2]).toBe(bare);
  });

  it('keeps a large payload that does not shrink as it is', async () => {
    const noise = new Uint8Array(COMPRESSION_THRESHOLD_BYTES + 1024).map(() => Math.floor(Math.random() * 256));
    const payload: Payload = { metadata: { encoding: u8('binary/plain') }, data: noise };
    const [encoded] = await codec.encode([payload]);
    expect(encoded).toBe(payload);
  });

  it('is the codec of the data converter tourflow uses, before encryption', () => {
    expect(dataConverter.payloadCodecs?.map((codec) => codec.constructor)).toEqual([CompressionCodec, EncryptionCodec]);
    const encrypting = createDataConverter(keysFromList(`k1:${Buffer.alloc(32).toString('base64')}`, undefined));
    expect(encrypting.payloadCodecs?.map((codec) => codec.constructor)).toEqual([CompressionCodec, EncryptionCodec]);
    expect(encrypting.failureConverterPath).toMatch(/failure-converter\.cjs$/);
  });
});
