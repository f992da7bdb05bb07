/**
 * The codec server over real HTTP, as the Web UI calls it: compressed and encrypted payloads
 * come back as the JSON they were, only the Web UI's own origin may call it from a browser, and
 * with a token or namespaces set, only callers who show them; what it reads is bounded.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPayloadConverter, str } from '@temporalio/common';
import { CompressionCodec, GZIP_ENCODING, payloadCodecs } from '../../worker/codec.ts';
import { CODEC_SERVER_MAX_DECODED_BYTES, startCodecServer, type CodecServer } from '../../worker/codec-server.ts';
import { EncryptionCodec } from '../../worker/encryption-codec.ts';
import { keysFromList } from '../../worker/key-file.ts';

const UI = 'http://127.0.0.1:8233';
const value = {
  calls: Array.from({ length: 400 }, (_, i) => ({ itemKey: `2027-04-01 Guest ${i}`, args: { guests: (i % 4) + 1 } })),
};

let server: CodecServer;
beforeAll(async () => {
  server = await startCodecServer({ uiOrigins: [UI] });
});
afterAll(async () => {
  await server?.close();
});

const asJson = (payload: { metadata?: Record<string, Uint8Array | null> | null; data?: Uint8Array | null }) => ({
  metadata: Object.fromEntries(
    Object.entries(payload.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v!).toString('base64')]),
  ),
  data: Buffer.from(payload.data!).toString('base64'),
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-namespace': 'default', ...headers },
    body: JSON.stringify(body),
  });
}

describe('codec server', () => {
  it('decodes a compressed payload to the JSON it was, for the Web UI', async () => {
    const [compressed] = await new CompressionCodec(1024).encode([defaultPayloadConverter.toPayload(value)]);
    expect(str(compressed!.metadata!.encoding!)).toBe(GZIP_ENCODING);
    const response = await post('/decode', { payloads: [asJson(compressed!)] }, { origin: UI });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(UI);
    const { payloads } = (await response.json()) as {
      payloads: Array<{ metadata: Record<string, string>; data: string }>;
    };
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
      headers: {
        origin: UI,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-namespace',
      },
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
    const broken = await post('/decode', {
      payloads: [{ metadata: { encoding: Buffer.from(GZIP_ENCODING).toString('base64') }, data: 'bm90IGd6aXA=' }],
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toMatch(/^could not decode: /);
    expect((await post('/other', { payloads: [] })).status).toBe(404);
  });

  it('refuses a small payload that would inflate past the bound (a gzip bomb), with 413 and quickly', async () => {
    // 256 gzip members of 1 MiB of zeros each: about 260 KiB that inflate to 256 MiB
    const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 256 }, () => member));
    expect(bomb.byteLength).toBeLessThan(300 * 1024);
    const payload = {
      metadata: { encoding: Buffer.from(GZIP_ENCODING).toString('base64') },
      data: bomb.toString('base64'),
    };
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
      const [big] = await new CompressionCodec(1024).encode([
        defaultPayloadConverter.toPayload({ text: 'x'.repeat(600 * 1024) }),
      ]);
      const decode = (payloads: unknown[]) =>
        fetch(`${small.url}/decode`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ payloads }),
        });
      expect((await decode([asJson(big!)])).status).toBe(200);
      const twice = await decode([asJson(big!), asJson(big!)]);
      expect(twice.status).toBe(413);
      expect(((await twice.json()) as { message: string }).message).toMatch(
        /more than 1 MiB, the most one request may decode/,
      );
    } finally {
      await small.close();
    }
  });
});

describe('codec server guards', () => {
  const keys = keysFromList(`guard-key:${Buffer.alloc(32, 5).toString('base64')}`, undefined);
  const token = 'a-long-codec-token-for-tests';
  let guarded: CodecServer;
  beforeAll(async () => {
    guarded = await startCodecServer({
      uiOrigins: [UI],
      codecs: payloadCodecs(keys),
      access: { tokens: ['an-older-token', token], namespaces: ['default'] },
      limits: { bodyBytes: 64 * 1024, payloads: 3, payloadBytes: 8 * 1024 },
    });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  const call = (body: unknown, headers: Record<string, string> = {}, raw?: string) =>
    fetch(`${guarded.url}/decode`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-namespace': 'default',
        authorization: `Bearer ${token}`,
        ...headers,
      },
      body: raw ?? JSON.stringify(body),
    });
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  const guest = { firstName: 'Henrietta', lastName: 'Guardmarker' };
  const sealed = async () =>
    asJson((await new EncryptionCodec(keys).encode([defaultPayloadConverter.toPayload(guest)]))[0]!);

  it('decrypts for a caller with a token it accepts, for a namespace it serves', async () => {
    const response = await call({ payloads: [await sealed()] });
    expect(response.status).toBe(200);
    const { payloads } = (await response.json()) as { payloads: Array<{ data: string }> };
    expect(JSON.parse(Buffer.from(payloads[0]!.data, 'base64').toString())).toEqual(guest);
  });

  it.each([
    ['no token', { authorization: '' }, 401, 'a bearer token is required (Authorization: Bearer <token>)'],
    ['a wrong token', { authorization: 'Bearer not-it' }, 401, 'the bearer token is not accepted'],
    [
      'another scheme',
      { authorization: `Basic ${token}` },
      401,
      'a bearer token is required (Authorization: Bearer <token>)',
    ],
    ['another namespace', { 'x-namespace': 'payroll' }, 403, 'namespace "payroll" is not served here'],
  ])('refuses a request with %s, decoding nothing', async (_what, headers, status, text) => {
    const response = await call({ payloads: [await sealed()] }, headers);
    expect(response.status).toBe(status);
    expect(await message(response)).toBe(text);
  });

  it('answers a preflight without a token: browsers send none with it', async () => {
    const preflight = await fetch(`${guarded.url}/decode`, {
      method: 'OPTIONS',
      headers: {
        origin: UI,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-namespace',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('bounds what it reads: the body, the payloads in it, each payload', async () => {
    const one = await sealed();
    const tooMany = await call({ payloads: [one, one, one, one] });
    expect([tooMany.status, await message(tooMany)]).toEqual([413, 'a request may hold 3 payloads, not 4']);
    const big = asJson(defaultPayloadConverter.toPayload('x'.repeat(9 * 1024)));
    const tooBig = await call({ payloads: [big] });
    expect([tooBig.status, await message(tooBig)]).toEqual([413, 'payload 0 is over 8192 bytes']);
    const huge = await call({ payloads: [asJson(defaultPayloadConverter.toPayload('y'.repeat(70 * 1024)))] });
    expect([huge.status, await message(huge)]).toEqual([413, 'the request is over 65536 bytes']);
  });

  it('never echoes what it was sent, and names a missing key by its ID alone', async () => {
    const broken = await call(undefined, {}, `{"payloads": [${guest.lastName}`);
    expect([broken.status, await message(broken)]).toEqual([400, 'the body is not valid JSON']);
    const other = keysFromList(`gone-key:${Buffer.alloc(32, 6).toString('base64')}`, undefined);
    const stranger = asJson((await new EncryptionCodec(other).encode([defaultPayloadConverter.toPayload(guest)]))[0]!);
    const missing = await call({ payloads: [stranger] });
    expect([missing.status, await message(missing)]).toEqual([
      400,
      'could not decode: payload encrypted with key "gone-key", which this codec server does not hold',
    ]);
  });

  it('listens beyond loopback only with a token, a check of its own, or when told it is behind a proxy', async () => {
    await expect(startCodecServer({ host: '0.0.0.0', uiOrigins: [UI] })).rejects.toThrow(
      /on 0\.0\.0\.0 would decode guest data for anyone who reaches it/,
    );
    const open = await startCodecServer({ host: '0.0.0.0', uiOrigins: [UI], access: { tokens: [token] } });
    await open.close();
  });
});
