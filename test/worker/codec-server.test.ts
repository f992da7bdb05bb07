/**
 * The codec server over real HTTP, as the Web UI calls it: compressed payloads come back as the
 * JSON they were, and only the Web UI's own origin may call it from a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPayloadConverter, str } from '@temporalio/common';
import { CompressionCodec, GZIP_ENCODING } from '../../worker/codec.ts';
import { startCodecServer, type CodecServer } from '../../worker/codec-server.ts';

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
});
