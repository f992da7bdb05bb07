/**
 * Idempotency keys: every POST carries one, the same key and the same body bytes on every
 * attempt, and "write committed, response lost" retried with the key leaves one record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTour } from '../../api/contract/tours.ts';
import { ApiError, createApiClient, normalizeIdempotencyKey, type TokenSource } from '../../api/client/index.ts';
import { scriptedConfig, scriptedServer } from './helpers.ts';
import { configFor, tourBody, useSandboxClient } from './sandbox-helpers.ts';
import { FailureType } from '../../definitions/failure-types.ts';

describe('write committed, response lost (sandbox)', () => {
  const env = useSandboxClient();
  const toursNamed = (name: string) =>
    ((env.sandbox.snapshot({ normalise: true }).tours ?? []) as Array<{ name: string }>).filter(
      (tour) => tour.name === name,
    );

  it('a retry with the same key, as Temporal would make it, returns the first result and creates one tour', async () => {
    env.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/tours$' }, times: 1 });
    const call = () =>
      env.client.call(createTour, {
        body: tourBody(env.sandbox.credentials.orgId, { name: 'Dropped Once' }),
        idempotencyKey: 'wf-1/create-tour',
      });
    const error = await call().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).code, (error as ApiError).retryable]).toEqual([FailureType.NETWORK_ERROR, true]);
    expect(toursNamed('Dropped Once')).toHaveLength(1); // the write did happen
    const second = await call();
    expect(second.id).toBeTypeOf('string');
    expect(toursNamed('Dropped Once')).toHaveLength(1);
  });

  it('the opt-in retry of the client does the same on its own', async () => {
    env.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/tours$' }, times: 1 });
    const retrying = createApiClient({
      config: configFor(env.sandbox),
      retry: { maximumAttempts: 3, initialIntervalMs: 10 },
    });
    try {
      const { id } = await retrying.call(createTour, {
        body: tourBody(env.sandbox.credentials.orgId, { name: 'Dropped Twice' }),
        idempotencyKey: 'wf-2/create-tour',
      });
      expect(toursNamed('Dropped Twice')).toHaveLength(1);
      expect(id).toBeTypeOf('string');
    } finally {
      await retrying.close();
    }
  });

  it('a key over 128 characters is sent as a stable digest the API accepts', async () => {
    const long = `wf-${'x'.repeat(200)}/create-tour`;
    const first = await env.client.call(createTour, {
      body: tourBody(env.sandbox.credentials.orgId, { name: 'Long Key' }),
      idempotencyKey: long,
    });
    const again = await env.client.call(createTour, {
      body: tourBody(env.sandbox.credentials.orgId, { name: 'Long Key' }),
      idempotencyKey: long,
    });
    expect(again.id).toBe(first.id);
    expect(toursNamed('Long Key')).toHaveLength(1);
  });
});

describe('what goes on the wire (scripted server)', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  const seen: Array<{ headers: Record<string, unknown>; body: string }> = [];
  let failFirst = 0;

  beforeAll(async () => {
    server = await scriptedServer((app) => {
      app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      app.post('/v1/tours', async (request, reply) => {
        seen.push({ headers: request.headers, body: request.body as string });
        if (failFirst > 0) {
          failFirst -= 1;
          return reply
            .code(failFirst === 0 && request.headers.authorization === 'Bearer old' ? 401 : 503)
            .send({ message: 'try later' });
        }
        return { status: true, message: 'ok', data: { id: 'tour-1' } };
      });
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends the partner key and secret, the bearer token and the key on every attempt, with identical bodies', async () => {
    seen.length = 0;
    failFirst = 2;
    const client = createApiClient({
      config: scriptedConfig(server.url),
      retry: { maximumAttempts: 3, initialIntervalMs: 5 },
    });
    try {
      await client.call(createTour, {
        body: tourBody('00000000-0000-4000-8000-000000000001', { name: 'Wire' }),
        idempotencyKey: 'wf/step/item-1',
      });
    } finally {
      await client.close();
    }
    expect(seen).toHaveLength(3);
    for (const { headers, body } of seen) {
      expect(headers['x-api-key']).toBe('test-key');
      expect(headers['x-api-secret']).toBe('test-secret-value');
      expect(headers.authorization).toBe('Bearer test-access-token');
      expect(headers['x-idempotency-key']).toBe('wf/step/item-1');
      expect(headers['content-type']).toBe('application/json');
      expect(body).toBe(seen[0]?.body);
    }
  });

  it('repeats the call after a 401 with the new token, the same key and the same bytes', async () => {
    seen.length = 0;
    failFirst = 1;
    const tokens: TokenSource = {
      getAccessToken: async () => 'old',
      refresh: async () => 'new',
      scopes: async () => undefined,
    };
    const client = createApiClient({ config: scriptedConfig(server.url), tokenSource: tokens });
    try {
      await client.call(createTour, {
        body: tourBody('00000000-0000-4000-8000-000000000001', { name: 'Refresh' }),
        idempotencyKey: 'wf/step/2',
      });
    } finally {
      await client.close();
    }
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(seen.map((s) => s.headers['x-idempotency-key'])).toEqual(['wf/step/2', 'wf/step/2']);
    expect(seen[1]?.body).toBe(seen[0]?.body);
  });

  it('refuses a POST without a key before sending anything', async () => {
    seen.length = 0;
    const client = createApiClient({ config: scriptedConfig(server.url) });
    try {
      const call = client.call(createTour, {
        body: tourBody('00000000-0000-4000-8000-000000000001', { name: 'No Key' }),
      });
      await expect(call).rejects.toMatchObject({ code: FailureType.INVALID_REQUEST, retryable: false });
    } finally {
      await client.close();
    }
    expect(seen).toHaveLength(0);
  });

  it('keeps short keys as they are and turns long or non-ASCII keys into stable 128-character keys', () => {
    expect(normalizeIdempotencyKey('wf/step/Berlin')).toBe('wf/step/Berlin');
    const long = normalizeIdempotencyKey(`wf/${'a'.repeat(300)}`);
    expect(long).toHaveLength(128);
    expect(normalizeIdempotencyKey(`wf/${'a'.repeat(300)}`)).toBe(long);
    expect(normalizeIdempotencyKey(`wf/${'a'.repeat(299)}b`)).not.toBe(long);
    const umlaut = normalizeIdempotencyKey('wf/guest/Müller');
    expect(umlaut).toMatch(/^[\x21-\x7e]+$/);
    expect(umlaut).not.toBe(normalizeIdempotencyKey('wf/guest/Muller'));
  });
});
