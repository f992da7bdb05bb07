/**
 * The codec server over real HTTP, as the Web UI calls it: compressed payloads come back as the
 * JSON they were, and only the Web UI's own origin may call it from a browser.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPayloadConverter, str } from '@temporalio/common';
import { CompressionCodec, GZIP_ENCODING } from '../../worker/codec.ts';
import { CODEC_SERVER_MAX_DECODED_BYTES, startCodecServer, type CodecServer } from '../../worker/codec-server.ts';

const UI = 'http://127.0.0.1:8233';
const value = { calls: Array.from({ length: 400 }, (_, i) => ({ itemKey: `2027-04-01 Guest ${i}`, args: { guests: (i % 4) + 1 } })) };

let server: CodecServer;
beforeAll(async () => {
  server = await startCodecServer({ uiOrigins: [UI] });
});
afterAll(async () => {
  await server?.close();
});

const asJson = (payload: { metadata?: Record<string, Uint8Array | null> | null; data?: Uint8Array | null }) => ({
  metadata: Object.fromEntries(Object.entries(payload.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v!).toString('base64')])),
  data: Buffer.from(payload.data!).toString('base64'),
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-namespace': 'default', ...headers }, body: JSON.stringify(body) });
}

describe('codec server', () => {
  it('decodes a compressed payload to the JSON it was, for the Web UI', async () => {
    const [compressed] = await new CompressionCodec(1024).encode([defaultPayloadConverter.toPayload(value)]);
    expect(str(compressed!.metadata!.encoding!)).toBe(GZIP_ENCODING);
    const response = await post('/decode', { payloads: [asJson(compressed!)] }, { origin: UI });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(UI);
    const { payloads } = (await response.json()) as { payloads: Array<{ metadata: Record<string, string>; data: string }> };
    expect(Buffer.from(payloads[0]!.metadata.encoding!, 'base64').toString()).toBe('json/plain');
    expect(JSON.parse(Buffer.from(payloads[0]!.data, 'base64').toString())).toEqual(value);
  });

  it('passes plain payloads through, at any depth of path', async () => {
    const plain = asJson(defaultPayloadConverter.toPayload({ tour: 'Spring Run' }));
    const response = await post('/api/default/decode', { payloads: [plain] });
    expect(await response.json()).toEqual({ payloads: [plain] });
  });

  it('encodes: a large payload comes back compressed', async () => {
    const plain = asJson(defaultPayloadConverter.toPayload({ guests: 'x'.repeat(600_000) }));
    const response = await post('/encode', { payloads: [plain] });
    const { payloads } = (await response.json()) as { payloads: Array<{ metadata: Record<string, string> }> };
    expect(Buffer.from(payloads[0]!.metadata.encoding!, 'base64').toString()).toBe(GZIP_ENCODING);
  });

  it("answers the Web UI's preflight and refuses other origins", async () => {
    const preflight = await fetch(`${server.url}/decode`, {
      method: 'OPTIONS',
      headers: { origin: UI, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-namespace' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(UI);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-Namespace/i);
    const other = await post('/decode', { payloads: [] }, { origin: 'https://elsewhere.example' });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('says what is wrong with a request it cannot serve', async () => {
    expect((await post('/decode', { nothing: true })).status).toBe(400);
    const broken = await post('/decode', { payloads: [{ metadata: { encoding: Buffer.from(GZIP_ENCODING).toString('base64') }, data: 'bm90IGd6aXA=' }] });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toMatch(/^could not decode: /);
    expect((await post('/other', { payloads: [] })).status).toBe(404);
  });

  it('refuses a small payload that would inflate past the bound (a gzip bomb), with 413 and quickly', async () => {
    // 256 gzip members of 1 MiB of zeros each: about 260 KiB that inflate to 256 MiB
    const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 256 }, () => member));
    expect(bomb.byteLength).toBeLessThan(300 * 1024);
    const payload = { metadata: { encoding: Buffer.from(GZIP_ENCODING).toString('base64') }, data: bomb.toString('base64') };
    const started = Date.now();
    const response = await post('/decode', { payloads: [payload] }, { origin: UI });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      `could not decode: the payloads decompress to more than ${CODEC_SERVER_MAX_DECODED_BYTES / (1024 * 1024)} MiB, the most one request may decode`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('bounds what one request decodes: payloads under the bound each but over it together are refused', async () => {
    const small = await startCodecServer({ uiOrigins: [UI], maxDecodedBytes: 1024 * 1024 });
    try {
      const [big] = await new CompressionCodec(1024).encode([defaultPayloadConverter.toPayload({ text: 'x'.repeat(600 * 1024) })]);
      const decode = (payloads: unknown[]) => fetch(`${small.url}/decode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payloads }) });
      expect((await decode([asJson(big!)])).status).toBe(200);
      const twice = await decode([asJson(big!), asJson(big!)]);
      expect(twice.status).toBe(413);
      expect(((await twice.json()) as { message: string }).message).toMatch(/more than 1 MiB, the most one request may decode/);
    } finally {
      await small.close();
    }
  });
});
