/**
 * Fuzzing: random methods, paths, headers and bodies (valid-looking and not) against every
 * endpoint. The sandbox must never crash and never answer 5xx to bad input (no faults are set).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Endpoints } from '../../api/contract/assumptions.ts';
import { createTour, itemBody, useSandbox } from './helpers.ts';

let ids: { tourId: string; dayId: number; itemId: number; orgId: string };

const env = useSandbox({ seed: 7 });

beforeAll(async () => {
  const { tourId, dayIds } = await createTour(env.api, {}, 2);
  const itemId = (await env.api.post('/v1/schedule/items', itemBody(tourId, dayIds[0] as number))).body.data.id;
  ids = { tourId, dayId: dayIds[0] as number, itemId, orgId: env.sandbox.credentials.orgId };
});

/** A small seeded generator so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
  const int = (max: number): number => Math.floor(next() * max);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)] as T;
  return { next, int, pick };
}

const FIELD_NAMES = [
  'name',
  'tour_id',
  'day_id',
  'tourId',
  'dayId',
  'org_id',
  'startTime',
  'endTime',
  'startTimeTypeId',
  'timeZoneStart',
  'type',
  'origin',
  'reminder',
  'attachments',
  'attachment',
  'tagIds',
  'customFields',
  'visibilityList',
  'isEveryone',
  'isAdminsOnly',
  'explicitVisibility',
  'days',
  'day_list',
  'start_date',
  'end_date',
  'timeZone',
  'title',
  'venueCategoryId',
  'location',
  'formatted_address',
  'checkInTime',
  'checkOutTime',
  'checkInDate',
  'checkOutDate',
  'reservationStatus',
  'passes',
  'statusId',
  'pickupMethodId',
  'numberOfGuests',
  'firstName',
  'lastName',
  'items',
  'itemIds',
  'templateName',
  'mode',
  'fields',
  'operation',
  'key_contacts',
  'emails',
  'numbers',
  'urls',
  'guestListIds',
  'dayCap',
  'passCaps',
  'cutoffAt',
  'key',
  'entityType',
  'entityId',
  'contentBase64',
  'contentType',
  'fileName',
  'contentLength',
  'url',
  'colorId',
  'body',
  'isPinned',
  'hasNotification',
  'scheduledFor',
  'roomType',
  'roomNumber',
  'guestList',
  'smoking',
  'generalNotes',
  'confirmationNumber',
  '__proto__',
  'constructor',
];

function randomValue(g: ReturnType<typeof generator>, depth: number): unknown {
  const kind = g.int(depth > 3 ? 7 : 10);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return g.next() < 0.5;
    case 2:
      return g.pick([0, -1, 1, 2, 3, 1.5, 2 ** 31, -(2 ** 53), 1e308, ids.dayId, ids.itemId, 1001, 20001]);
    case 3:
      return g.pick([
        '',
        'x',
        '16:00',
        '25:99',
        '2030-06-01',
        '2030-06-01T10:00:00Z',
        'Europe/Berlin',
        'Mars/Base',
        ids.tourId,
        ids.orgId,
        'MERGE',
        'REPLACE',
        'ADD',
        'REMOVE',
        'HOTEL',
        'SCHEDULE_ITEM',
        'application/pdf',
        'image/svg+xml',
        '\u0000\u202e\ud83d\ude00',
        'a'.repeat(g.int(3000)),
      ]);
    case 4:
      return 'AAAA'.repeat(g.int(100));
    case 5:
      return g.int(100000);
    case 6:
      return String(g.next());
    case 7:
      return Array.from({ length: g.int(4) }, () => randomValue(g, depth + 1));
    default:
      return randomObject(g, depth + 1);
  }
}

function randomObject(g: ReturnType<typeof generator>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let n = g.int(8); n > 0; n -= 1) out[g.pick(FIELD_NAMES)] = randomValue(g, depth);
  return out;
}

const PARAM_VALUES = (g: ReturnType<typeof generator>): string =>
  g.pick([
    ids.tourId,
    ids.orgId,
    String(ids.dayId),
    String(ids.itemId),
    '1',
    '0',
    '-1',
    'abc',
    '1e3',
    '%00',
    '%ZZ',
    '..',
    'a'.repeat(300),
    '99999999999',
    '00000000-0000-4000-8000-000000000000',
    encodeURIComponent('é/?#'),
  ]);

function randomPath(g: ReturnType<typeof generator>): string {
  const endpoints = Object.values(Endpoints);
  if (g.next() < 0.1)
    return g.pick([
      '/',
      '/v1',
      '/v1/',
      '/v2/tours',
      '/v1/tours/',
      '//v1//tours',
      '/v1/%',
      '/__sandbox/nope',
      '/storage/download/x.y',
      '/storage/day-sheets/abc',
      `/v1/${'x/'.repeat(50)}`,
    ]);
  const path = g.pick(endpoints).path.replace(/:([A-Za-z]+)/g, () => PARAM_VALUES(g));
  const query =
    g.next() < 0.5
      ? ''
      : `?${g.pick(['limit', 'offset', 'org_id', 'dayIds', 'force', 'skipEmptyDays', 'scheduleLimit', 'entityTypes', 'search'])}=${PARAM_VALUES(g)}`;
  return path + query;
}

function randomBody(g: ReturnType<typeof generator>): string | undefined {
  const roll = g.next();
  if (roll < 0.15) return undefined;
  if (roll < 0.25)
    return g.pick([
      '{',
      '{"a":',
      'null',
      '42',
      '"str"',
      '[]',
      '[1,2]',
      'true',
      '{"a":1}}',
      '\u0000',
      '{"__proto__":{"polluted":true}}',
      '[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]',
    ]);
  return JSON.stringify(randomObject(g, 0));
}

function randomHeaders(g: ReturnType<typeof generator>, auth: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = g.next() < 0.8 ? { ...auth } : {};
  if (g.next() < 0.1)
    headers.authorization = g.pick([
      'Bearer',
      'Bearer x.y.z',
      'Basic abc',
      `Bearer ${auth.authorization?.slice(7, 40)}`,
    ]);
  if (g.next() < 0.05) headers['x-api-secret'] = 'wrong';
  if (g.next() < 0.3) headers['x-idempotency-key'] = 'k'.repeat(g.pick([1, 64, 128, 129, 500]));
  headers['content-type'] = g.pick([
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ]);
  return headers;
}

describe('fuzz', () => {
  it('never answers 5xx and never crashes on random input', async () => {
    const g = generator(20_260_521);
    const auth = env.api.authHeaders();
    const failures: string[] = [];
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
    for (let round = 0; round < 40; round += 1) {
      const batch = Array.from({ length: 25 }, async () => {
        const method = g.pick(methods);
        const path = randomPath(g);
        const body = method === 'GET' || method === 'HEAD' ? undefined : randomBody(g);
        const headers = randomHeaders(g, auth);
        const response = await fetch(`${env.sandbox.baseUrl}${path}`, { method, headers, body });
        const text = await response.text();
        if (response.status >= 500)
          failures.push(`${method} ${path} ${body?.slice(0, 200)} -> ${response.status} ${text.slice(0, 200)}`);
        if (path.startsWith('/v1') && text && method !== 'HEAD' && response.status !== 204) {
          try {
            JSON.parse(text);
          } catch {
            failures.push(`${method} ${path} -> non-JSON body ${text.slice(0, 100)}`);
          }
        }
      });
      await Promise.all(batch);
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await env.api.get('/v1/day-types')).status).toBe(200);
  });
});
