/**
 * The client's checks on both sides of the wire (scripted server): responses that break an
 * endpoint's schema, envelopes saying `status: false`, requests refused before sending, and
 * name lookups over the reference data.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listOrganizations } from '../../api/contract/organizations.ts';
import { deleteBulletin } from '../../api/contract/bulletins.ts';
import { deletePassType, passTypeDeleteBlocked } from '../../api/contract/pass-types.ts';
import { createTour, listTours } from '../../api/contract/tours.ts';
import type { ApiError } from '../../api/client/index.ts';
import {
  ApiResponseShapeError,
  createApiClient,
  createRedactor,
  LookupNameError,
  toActivityFailure,
  type ApiClient,
} from '../../api/client/index.ts';
import { isRetryableStatus, parseRetryAfter } from '../../api/client/classify.ts';
import { scriptedConfig, scriptedServer } from './helpers.ts';
import { FailureType } from '../../definitions/failure-types.ts';

const ORG = '00000000-0000-4000-8000-000000000001';

describe('client checks (scripted server)', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  let client: ApiClient;
  let answer: unknown;
  let hits: string[];

  beforeAll(async () => {
    server = await scriptedServer((app) => {
      for (const prefix of ['/v1/*', '/gateway/v1/*'])
        app.all(prefix, async (request) => {
          hits.push(`${request.method} ${request.url}`);
          return answer;
        });
    });
    client = createApiClient({ config: scriptedConfig(server.url) });
  });
  beforeEach(() => {
    hits = [];
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('names the endpoint and the field of an unexpected response', async () => {
    answer = {
      status: true,
      message: 'ok',
      data: [
        { id: ORG, name: 'A' },
        { id: ORG, name: 42 },
      ],
    };
    const error = (await client
      .call(listOrganizations, {})
      .catch((caught: unknown) => caught)) as ApiResponseShapeError;
    expect(error).toBeInstanceOf(ApiResponseShapeError);
    expect(error.field).toBe('data[1].name');
    expect(error.endpoint).toBe('GET /v1/organizations');
    expect(error.message).toMatch(/^GET \/v1\/organizations answered with an unexpected shape at data\[1\]\.name: /);
    expect(toActivityFailure(error)).toMatchObject({ type: FailureType.RESPONSE_SHAPE_ERROR, nonRetryable: true });
  });

  it('refuses a body that is not the envelope', async () => {
    answer = [1, 2];
    await expect(client.call(listOrganizations, {})).rejects.toMatchObject({ field: '(root)' });
  });

  it('names the envelope field at fault, whether or not the data is right', async () => {
    for (const [envelope, field] of [
      [{ message: 'ok', data: [] }, 'status'],
      [{ status: 'yes', message: 'ok', data: [] }, 'status'],
      [{ status: true, message: 7, data: [] }, 'message'],
      [{ status: true, message: 'ok', data: [], pagination: { totalCount: -1 } }, 'pagination.totalCount'],
    ] as const) {
      answer = envelope;
      await expect(client.call(listOrganizations, {})).rejects.toMatchObject({ field });
    }
    answer = { status: true, data: [] };
    await expect(client.callRaw(listOrganizations, {})).resolves.toMatchObject({ message: '', data: [] });
  });

  it('sends to the path of a base URL behind a gateway, with the query', async () => {
    answer = { status: true, message: 'ok', data: [] };
    const behind = createApiClient({ config: scriptedConfig(`${server.url}/gateway`) });
    try {
      await behind.call(listTours, { query: { org_id: ORG } });
      await behind.call(deletePassType, { params: { passTypeId: 'a b' }, query: { force: true } });
    } finally {
      await behind.close();
    }
    expect(hits).toEqual([`GET /gateway/v1/tours?org_id=${ORG}`, 'DELETE /gateway/v1/passTypes/a%20b?force=true']);
  });

  it('keeps fields the API added without notice', async () => {
    answer = { status: true, message: 'ok', data: [{ id: ORG, name: 'A', brandNewField: 1 }] };
    const [org] = await client.call(listOrganizations, {});
    expect(org).toMatchObject({ brandNewField: 1 });
  });

  it('a status: false envelope throws NOT_PERFORMED from call, and comes back whole from callRaw', async () => {
    answer = { status: false, message: 'Pass is held by guests', data: { guestLists: [{ id: 7 }, { id: 9 }] } };
    const error = (await client
      .call(deletePassType, { params: { passTypeId: 3 } })
      .catch((caught: unknown) => caught)) as ApiError;
    expect([error.code, error.retryable]).toEqual([FailureType.NOT_PERFORMED, false]);
    const raw = await client.callRaw(deletePassType, { params: { passTypeId: 3 }, query: { force: false } });
    expect(raw.status).toBe(false);
    expect(passTypeDeleteBlocked.parse(raw.data).guestLists.map((guest) => guest.id)).toEqual([7, 9]);
    expect(hits.at(-1)).toBe('DELETE /v1/passTypes/3?force=false');
  });

  it('checks the body before sending, naming the field', async () => {
    answer = { status: true, message: 'ok', data: { id: 'x' } };
    const body = { name: '', org_id: ORG, start_date: '2027-01-01', end_date: '2027-01-01', timeZone: 'UTC', days: [] };
    const error = (await client
      .call(createTour, { body, idempotencyKey: 'k' })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe(FailureType.INVALID_REQUEST);
    expect(error.message).toContain('body.name');
    expect(hits).toEqual([]);
  });

  it('encodes path parameters, so an ID cannot change the path', async () => {
    answer = { status: true, message: 'ok', data: null };
    await client.call(deletePassType, { params: { passTypeId: '3/../../tours' } });
    expect(hits).toEqual(['DELETE /v1/passTypes/3%2F..%2F..%2Ftours']);
  });

  it('takes an answer whose data is "none" (only status and message) and one with data null alike', async () => {
    answer = { status: true, message: 'Bulletin deleted' };
    await expect(client.call(deleteBulletin, { params: { bulletinId: 'b1' } })).resolves.toBeUndefined();
    answer = { status: true, message: 'Bulletin deleted', data: null };
    await expect(client.call(deleteBulletin, { params: { bulletinId: 'b1' } })).resolves.toBeUndefined();
  });

  it('fails clearly when the partner credential is not configured', async () => {
    const bare = createApiClient({ config: scriptedConfig(server.url, { apiSecret: undefined }) });
    try {
      await expect(bare.call(listTours, { query: { org_id: ORG } })).rejects.toMatchObject({
        code: FailureType.MISSING_CREDENTIALS,
        retryable: false,
      });
    } finally {
      await bare.close();
    }
    expect(hits).toEqual([]);
  });
});

describe('lookups (scripted server)', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  let client: ApiClient;
  const reads: string[] = [];

  beforeAll(async () => {
    const entries = (...names: string[]) =>
      names.map((type, index) => ({ id: index + 1, type, description: `${type} desc` }));
    server = await scriptedServer((app) => {
      app.get('/v1/reference/types', async () => {
        reads.push('types');
        return {
          status: true,
          message: 'ok',
          data: {
            types: [
              { name: 'hotelRoomTypes', type: entries('Single', 'Double', 'Twin') },
              { name: 'guestlistStatuses', type: entries('Pending', 'Approved', 'Declined') },
              { name: 'pickupMethods', type: entries('Will Call', 'Box Office') },
            ],
          },
        };
      });
      app.get('/v1/day-types', async () => {
        reads.push('day-types');
        return {
          status: true,
          message: 'ok',
          data: [
            { id: 4, type: 'Show', description: 'Show day' },
            { id: 5, type: 'Off', description: 'Day off' },
          ],
        };
      });
      app.get('/v1/reference/age-restrictions', async () => {
        reads.push('age');
        return {
          status: true,
          message: 'ok',
          data: [
            { id: 1, label: 'All ages' },
            { id: 2, label: '18+' },
          ],
        };
      });
    });
    client = createApiClient({ config: scriptedConfig(server.url) });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('resolves names case- and separator-insensitively, reading the bundle once for concurrent callers', async () => {
    const ids = await Promise.all([
      client.lookups.resolve('hotelRoomTypes', 'Double'),
      client.lookups.resolve('guestlistStatuses', 'approved'),
      client.lookups.resolve('pickupMethods', 'will_call'),
      client.lookups.resolve('dayTypes', 'Day off'),
      client.lookups.resolve('hotelRoomTypes', 3),
      client.lookups.resolve('ageRestrictions', '18+'),
    ]);
    expect(ids).toEqual([2, 2, 1, 5, 3, 2]);
    expect(reads.filter((read) => read === 'types')).toHaveLength(1);
    expect(reads.filter((read) => read === 'day-types')).toHaveLength(1);
    await client.lookups.resolve('dayTypes', 'Show');
    expect(reads.filter((read) => read === 'types')).toHaveLength(1);
  });

  it('an unknown name fails with the valid names, and is not retryable', async () => {
    const error = (await client.lookups
      .resolve('hotelRoomTypes', 'Dubble')
      .catch((caught: unknown) => caught)) as LookupNameError;
    expect(error).toBeInstanceOf(LookupNameError);
    expect(error.message).toBe('Unknown hotelRoomTypes name "Dubble". Valid names: Single, Double, Twin');
    expect(toActivityFailure(error)).toMatchObject({ type: FailureType.UNKNOWN_NAME, nonRetryable: true });
  });

  it('an unknown group lists the known groups', async () => {
    await expect(client.lookups.resolve('roomKinds', 'Double')).rejects.toThrow(
      /Unknown lookup group "roomKinds"\. Known groups: hotelRoomTypes, guestlistStatuses, pickupMethods, dayTypes/,
    );
  });
});

describe('classification and redaction (pure)', () => {
  it.each([
    ['2', 2000],
    ['0', 0],
    ['1.5', 1500],
    [new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), 10_000],
    ['soon', undefined],
    [undefined, undefined],
  ])('Retry-After %s is %s ms', (header, expected) => {
    expect(parseRetryAfter(header, Date.UTC(2030, 0, 1))).toBe(expected);
  });

  it.each([
    [400, false],
    [401, false],
    [402, false],
    [403, false],
    [404, false],
    [405, false],
    [408, true],
    [409, false],
    [413, false],
    [415, false],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
  ])('HTTP %i retryable: %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
  });

  it('masks known secrets, e-mail addresses and token-like strings, and keeps UUIDs', () => {
    const redact = createRedactor(() => ['s3cr3t-value']);
    const text = redact(
      'secret s3cr3t-value, guest ana.silva@example.com, token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop, tour 3f2a9c1e-7b4d-4e8f-9a0b-1c2d3e4f5a6b',
    );
    expect(text).toBe('secret [redacted], guest [email], token [redacted], tour 3f2a9c1e-7b4d-4e8f-9a0b-1c2d3e4f5a6b');
  });
});
