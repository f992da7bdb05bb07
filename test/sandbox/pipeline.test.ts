/**
 * The request pipeline and conventions: authentication layers in the contract's order,
 * envelopes and error bodies, body rules, routing answers, CORS, path IDs, idempotency keys.
 */
import { describe, expect, it } from 'vitest';
import { Api, createTour, startTestSandbox, tourBody, useSandbox } from './helpers.ts';

const env = useSandbox();

describe('authentication', () => {
  it('answers 401 with a bare body when the key or the secret is missing', async () => {
    const partial: Array<Record<string, string>> = [
      {},
      { 'x-api-key': env.api.auth.apiKey },
      { 'x-api-secret': env.api.auth.apiSecret },
    ];
    for (const headers of partial) {
      const answer = await env.api.get('/v1/day-types', { noAuth: true, headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 403 { message: "Forbidden" } for an unknown key or a wrong secret', async () => {
    expect(await env.api.as({ apiKey: 'tfk_unknown' }).get('/v1/day-types')).toMatchObject({
      status: 403,
      body: { message: 'Forbidden' },
    });
    const wrong = await env.api.as({ apiSecret: 'not-the-secret' }).get('/v1/day-types');
    expect(wrong).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
    expect(wrong.body).not.toHaveProperty('error');
  });

  it('answers 403 for a revoked or an expired credential', async () => {
    const revoked = await env.api.admin('POST', '/credentials', {});
    await env.api.admin('POST', `/credentials/${revoked.body.apiKey}/revoke`);
    expect((await env.api.as(revoked.body).get('/v1/day-types')).status).toBe(403);
    const expired = await env.api.admin('POST', '/credentials', { expiresAt: '2020-01-01T00:00:00Z' });
    expect((await env.api.as(expired.body).get('/v1/day-types')).status).toBe(403);
  });

  it('answers 401 for a missing, malformed, forged or expired bearer token', async () => {
    for (const accessToken of ['', 'garbage', `${env.api.auth.accessToken.slice(0, -4)}AAAA`]) {
      expect(await env.api.as({ accessToken }).get('/v1/day-types')).toMatchObject({
        status: 401,
        body: { message: 'Unauthorized' },
      });
    }
    // expiring every token would disturb the other tests: use a sandbox of its own
    const own = await startTestSandbox();
    try {
      const user = new Api(own);
      expect((await user.get('/v1/day-types')).status).toBe(200);
      expect((await user.admin('POST', '/expire-tokens')).status).toBe(200);
      expect((await user.get('/v1/day-types')).status).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('checks the partner credential before the token, and the token before scopes', async () => {
    expect((await env.api.as({ apiSecret: 'wrong', accessToken: 'bad' }).get('/v1/day-types')).status).toBe(403);
    const limited = env.api.as(env.sandbox.credentials.limited);
    expect((await limited.as({ accessToken: 'bad' }).post('/v1/tours', {})).status).toBe(401);
  });

  it('answers 403 INSUFFICIENT_SCOPE naming every missing scope', async () => {
    const limited = env.api.as(env.sandbox.credentials.limited);
    expect((await limited.get('/v1/day-types')).status).toBe(200);
    const write = await limited.post('/v1/tours', tourBody(env.sandbox.credentials.orgId));
    expect(write).toMatchObject({ status: 403, body: { error: 'INSUFFICIENT_SCOPE', status: 403 } });
    expect(write.body.message).toContain('tours.write');
  });
});

describe('envelopes, bodies and routing', () => {
  it('wraps success as { status, message, data } with Access-Control-Allow-Origin: *', async () => {
    const answer = await env.api.get('/v1/day-types');
    expect(answer.body).toMatchObject({ status: true, message: expect.any(String) });
    expect(answer.body.data.map((row: { type: string }) => row.type)).toEqual(
      expect.arrayContaining(['Show', 'Travel', 'Off', 'Rehearsal', 'Press']),
    );
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 400 INVALID_JSON for malformed JSON', async () => {
    const answer = await env.api.request('POST', '/v1/tours', { rawBody: '{"name": ' });
    expect(answer).toMatchObject({ status: 400, body: { error: 'INVALID_JSON', status: 400 } });
  });

  it('answers 4xx for a body that is null, a number, a string or an array', async () => {
    for (const rawBody of ['null', '42', '"tour"', '[]', '[{"name":"x"}]']) {
      const answer = await env.api.request('POST', '/v1/tours', { rawBody });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.error).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE above 512 KB', async () => {
    const answer = await env.api.post('/v1/tours', {
      ...tourBody(env.sandbox.credentials.orgId),
      image: 'x'.repeat(520 * 1024),
    });
    expect(answer).toMatchObject({ status: 413, body: { error: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers 404 NOT_FOUND for an unknown path and 405 with Allow for a wrong method', async () => {
    expect(await env.api.get('/v1/no-such-thing')).toMatchObject({
      status: 404,
      body: { error: 'NOT_FOUND', status: 404 },
    });
    const wrong = await env.api.request('PATCH', '/v1/tours');
    expect(wrong).toMatchObject({ status: 405, body: { error: 'METHOD_NOT_ALLOWED' } });
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    const put = await env.api.put('/v1/day-types', {});
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET');
  });

  it('answers OPTIONS with 204 before authentication; a browser preflight gets no allow headers', async () => {
    const plain = await env.api.request('OPTIONS', '/v1/tours', { noAuth: true });
    expect(plain.status).toBe(204);
    expect(plain.headers.get('access-control-allow-headers')?.toLowerCase()).not.toContain('x-api-secret');
    const preflight = await env.api.request('OPTIONS', '/v1/tours', {
      noAuth: true,
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, x-api-secret',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR naming a malformed path ID', async () => {
    const tour = await env.api.get('/v1/tours/not-a-uuid/users');
    expect(tour).toMatchObject({ status: 400, body: { error: 'VALIDATION_ERROR' } });
    expect(tour.body.message).toContain('tourId');
    const org = await env.api.get('/v1/organizations/42/users');
    expect(org.body.message).toContain('orgId');
  });
});

describe('idempotency keys', () => {
  it('runs a keyed write once and replays the original result', async () => {
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Keyed tour' });
    const first = await env.api.post('/v1/tours', body, { headers: { 'X-Idempotency-Key': 'Run-1:Step-A' } });
    const again = await env.api.post('/v1/tours', body, { headers: { 'x-idempotency-key': 'run-1:step-a' } });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const tours = await env.api.get(`/v1/tours?org_id=${env.sandbox.credentials.orgId}`);
    expect(tours.body.data.filter((row: { tour: { name: string } }) => row.tour.name === 'Keyed tour')).toHaveLength(1);
  });

  it('creates a duplicate when a POST is repeated without a key', async () => {
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Unkeyed tour' });
    await env.api.post('/v1/tours', body);
    await env.api.post('/v1/tours', body);
    const tours = await env.api.get(`/v1/tours?org_id=${env.sandbox.credentials.orgId}`);
    expect(tours.body.data.filter((row: { tour: { name: string } }) => row.tour.name === 'Unkeyed tour')).toHaveLength(
      2,
    );
  });

  it('rejects a key longer than 128 characters with 400 VALIDATION_ERROR', async () => {
    const ok = await env.api.post('/v1/tours', tourBody(env.sandbox.credentials.orgId), {
      headers: { 'x-idempotency-key': 'k'.repeat(128) },
    });
    expect(ok.status).toBe(200);
    const long = await env.api.post('/v1/tours', tourBody(env.sandbox.credentials.orgId), {
      headers: { 'x-idempotency-key': 'k'.repeat(129) },
    });
    expect(long).toMatchObject({ status: 400, body: { error: 'VALIDATION_ERROR' } });
  });

  it('runs concurrent retries with one key once', async () => {
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Concurrent keyed' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        env.api.post('/v1/tours', body, { headers: { 'x-idempotency-key': 'same-key-concurrent' } }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
  });
});

describe('tours', () => {
  it('creates a tour that lists with its days, the creator as admin and the crew as members', async () => {
    const { tourId, dayIds } = await createTour(env.api, { name: 'Listed tour' });
    expect(dayIds).toHaveLength(3);
    const members = await env.api.get(`/v1/tours/${tourId}/users`);
    const users = members.body.data.tour_users as Array<{ user: { id: string }; user_role_type: { name: string } }>;
    expect(users.find((row) => row.user.id === env.sandbox.credentials.userId)?.user_role_type.name).toBe('Admin');
    expect(users.length).toBeGreaterThanOrEqual(7);
    expect(members.body.data.pending_invites).toHaveLength(2);
  });

  it('validates the create body', async () => {
    const orgId = env.sandbox.credentials.orgId;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ end_date: '2030-05-01T00:00:00.000Z' }, 'end_date'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ days: [] }, 'days'],
    ];
    for (const [override, field] of cases) {
      const answer = await env.api.post('/v1/tours', tourBody(orgId, override));
      expect(answer).toMatchObject({ status: 400, body: { error: 'VALIDATION_ERROR', status: 400 } });
      expect(answer.body.message).toContain(field);
    }
  });

  it('answers 402 SUBSCRIPTION_REQUIRED and the free-tour limit 400 "400" for the seeded organizations', async () => {
    const { orgs } = env.sandbox.credentials;
    expect(await env.api.post('/v1/tours', tourBody(orgs.noSubscription))).toMatchObject({
      status: 402,
      body: { error: 'SUBSCRIPTION_REQUIRED' },
    });
    expect(await env.api.post('/v1/tours', tourBody(orgs.freeLimitReached))).toMatchObject({
      status: 400,
      body: { error: '400' },
    });
    expect((await env.api.post('/v1/tours', tourBody(orgs.trial))).status).toBe(200);
    expect((await env.api.post('/v1/tours', tourBody(orgs.unlimitedFree))).status).toBe(200);
  });

  it('deletes a tour: its children answer 404 TOUR_NOT_FOUND', async () => {
    const { tourId } = await createTour(env.api, { name: 'Doomed tour' });
    expect((await env.api.delete(`/v1/tours/${tourId}`)).status).toBe(200);
    expect(await env.api.get(`/v1/tours/${tourId}/users`)).toMatchObject({
      status: 404,
      body: { error: 'TOUR_NOT_FOUND' },
    });
    expect(await env.api.put(`/v1/tours/${tourId}`, { name: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'TOUR_NOT_FOUND' },
    });
    const tours = await env.api.get(`/v1/tours?org_id=${env.sandbox.credentials.orgId}`);
    expect(tours.body.data.some((row: { tour: { id: string } }) => row.tour.id === tourId)).toBe(false);
  });

  it('lists organizations with members and invites', async () => {
    const orgs = await env.api.get('/v1/organizations');
    expect(orgs.body.data.map((org: { id: string }) => org.id)).toContain(env.sandbox.credentials.orgId);
    const members = await env.api.get(`/v1/organizations/${env.sandbox.credentials.orgId}/users`);
    expect(members.body.data.activeUsers.length).toBeGreaterThanOrEqual(7);
    expect(members.body.data.invitedUsers).toHaveLength(2);
    expect(typeof members.body.data.invitedUsers[0].invite_id).toBe('string');
  });
});
