/**
 * Fault injection: injected statuses answer before anything runs, "commit then drop" keeps the
 * write (and its idempotent result), latency, counts and rates, and the admin routes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Faults } from '../../sandbox/pipeline/faults.ts';
import { tourBody, useSandbox } from './helpers.ts';

const env = useSandbox();
afterEach(() => {
  env.sandbox.faults.clear();
});

const tourNames = async (): Promise<string[]> =>
  (await env.api.get(`/v1/tours?org_id=${env.sandbox.credentials.orgId}`)).body.data.map(
    (row: { tour: { name: string } }) => row.tour.name,
  );

describe('injected statuses', () => {
  it('answers 500, 502 and 429 (with Retry-After) before executing: nothing is committed', async () => {
    const before = env.sandbox.snapshot({ normalise: true });
    env.sandbox.faults.add({ kind: 'status', status: 500, match: { method: 'POST', path: '^/v1/tours$' }, times: 1 });
    env.sandbox.faults.add({ kind: 'status', status: 502, match: { method: 'POST', path: '^/v1/tours$' }, times: 1 });
    env.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 7,
      match: { method: 'POST', path: '^/v1/tours$' },
      times: 1,
    });
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Faulted' });
    expect(await env.api.post('/v1/tours', body)).toMatchObject({
      status: 500,
      body: { error: 'INTERNAL_ERROR', status: 500 },
    });
    expect(await env.api.post('/v1/tours', body)).toMatchObject({
      status: 502,
      body: { error: 'EMPTY_RESPONSE', status: 502 },
    });
    const limited = await env.api.post('/v1/tours', body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(env.sandbox.snapshot({ normalise: true })).toEqual(before);
    expect((await env.api.post('/v1/tours', body)).status).toBe(200);
  });

  it('a faulted keyed write runs on retry with the same key', async () => {
    env.sandbox.faults.add({ kind: 'status', status: 502, match: { path: '^/v1/tours$', method: 'POST' }, times: 1 });
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Retried after 502' });
    const headers = { 'x-idempotency-key': 'retry-after-502' };
    expect((await env.api.post('/v1/tours', body, { headers })).status).toBe(502);
    expect((await env.api.post('/v1/tours', body, { headers })).status).toBe(200);
    expect((await tourNames()).filter((name) => name === 'Retried after 502')).toHaveLength(1);
  });

  it('matches by method and path, honours rate 0, and expires after `times`', async () => {
    env.sandbox.faults.add({ kind: 'status', status: 500, match: { method: 'GET', path: 'day-types' }, times: 2 });
    env.sandbox.faults.add({ kind: 'status', status: 502, rate: 0 });
    expect((await env.api.get('/v1/organizations')).status).toBe(200);
    expect((await env.api.get('/v1/day-types')).status).toBe(500);
    expect((await env.api.get('/v1/day-types')).status).toBe(500);
    expect((await env.api.get('/v1/day-types')).status).toBe(200);
    expect(env.sandbox.faults.list()).toHaveLength(1);
  });

  it('hits about `rate` of the matching requests', async () => {
    env.sandbox.faults.add({ kind: 'status', status: 500, rate: 0.5, match: { path: 'day-types' } });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => env.api.get('/v1/day-types').then((answer) => answer.status)),
    );
    const failures = statuses.filter((status) => status === 500).length;
    expect(failures).toBeGreaterThan(60);
    expect(failures).toBeLessThan(140);
  });
});

describe('rate draws', () => {
  const paths = Array.from({ length: 200 }, (_, i) => `/v1/tours/${i}/venues`);
  /** The paths a 30 % rule hits when they arrive in `order`, under `seed`. */
  const hits = (order: string[], seed = 7): string[] => {
    const faults = new Faults(seed);
    faults.add({ kind: 'status', status: 500, rate: 0.3 });
    return order.filter((path) => faults.evaluate('GET', path).status !== null).sort();
  };

  it('hit the same requests under the same seed, in whatever order they come', () => {
    const forward = hits(paths);
    expect(forward.length).toBeGreaterThan(30);
    expect(forward.length).toBeLessThan(90);
    expect(hits([...paths].reverse())).toEqual(forward);
    expect(hits(paths, 8)).not.toEqual(forward);
  });

  it('draw afresh for a repeated request, with the same probability', () => {
    const faults = new Faults(7);
    faults.add({ kind: 'status', status: 500, rate: 0.3 });
    const hitCount = Array.from({ length: 200 }, () =>
      faults.evaluate('POST', '/v1/tours', 'POST /v1/tours key-1'),
    ).filter((v) => v.status).length;
    expect(hitCount).toBeGreaterThan(30);
    expect(hitCount).toBeLessThan(90);
  });
});

describe('commit, then drop the connection', () => {
  it('commits the write and its idempotent result; the client sees a reset; a retry returns the original', async () => {
    env.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/tours$' }, times: 1 });
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Dropped answer' });
    const headers = { 'x-idempotency-key': 'drop-then-retry' };
    await expect(env.api.post('/v1/tours', body, { headers })).rejects.toThrow();
    expect((await tourNames()).filter((name) => name === 'Dropped answer')).toHaveLength(1);
    const retry = await env.api.post('/v1/tours', body, { headers });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await tourNames()).filter((name) => name === 'Dropped answer')).toHaveLength(1);
  });

  it('without a key the retry creates a duplicate', async () => {
    env.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/tours$' }, times: 1 });
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Dropped unkeyed' });
    await expect(env.api.post('/v1/tours', body)).rejects.toThrow();
    await env.api.post('/v1/tours', body);
    expect((await tourNames()).filter((name) => name === 'Dropped unkeyed')).toHaveLength(2);
  });
});

describe('latency and the admin routes', () => {
  it('adds latency to matching requests', async () => {
    env.sandbox.faults.add({ kind: 'latency', ms: 150, match: { path: 'day-types' } });
    const started = Date.now();
    expect((await env.api.get('/v1/day-types')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('switches faults at run time over HTTP', async () => {
    const set = await env.api.admin('PUT', '/faults', {
      rules: [{ kind: 'status', status: 429, retryAfterSeconds: 3, match: { path: 'organizations' } }],
    });
    expect(set.status).toBe(200);
    expect((await env.api.admin('GET', '/faults')).body.rules).toHaveLength(1);
    const limited = await env.api.get('/v1/organizations');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    const added = await env.api.admin('POST', '/faults', { kind: 'latency', ms: 1 });
    expect((await env.api.admin('DELETE', `/faults/${added.body.id}`)).body).toEqual({ removed: true });
    expect((await env.api.admin('DELETE', '/faults')).status).toBe(200);
    expect((await env.api.get('/v1/organizations')).status).toBe(200);
    expect((await env.api.admin('PUT', '/faults', { rules: [{ kind: 'status', status: 418 }] })).status).toBe(400);
    expect((await env.api.admin('POST', '/faults', { kind: 'latency', ms: 1, match: { path: '(' } })).status).toBe(400);
  });

  it('serves the snapshot over HTTP, normalised on request', async () => {
    const raw = await env.api.admin('GET', '/snapshot');
    expect(raw.body).toHaveProperty('credentials');
    const normalised = await env.api.admin('GET', '/snapshot?normalise=true');
    expect(normalised.body).not.toHaveProperty('credentials');
    expect(normalised.body).not.toHaveProperty('idempotency');
    expect(JSON.stringify(normalised.body)).not.toMatch(/createdAt|updatedAt/);
    expect(normalised.body).toEqual(env.sandbox.snapshot({ normalise: true }));
  });
});
