/**
 * Tour edits with the declarative `day_list`, deleted tours, the normalised snapshot that
 * rollback checks compare, and `--state` across restarts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Api, createTour, itemBody, startTestSandbox, useSandbox } from './helpers.ts';

const env = useSandbox();

const days = async (tourId: string): Promise<Array<{ id: number; day: { name: string; date: string } }>> =>
  (await env.api.get(`/v1/tours?org_id=${env.sandbox.credentials.orgId}`)).body.data.find(
    (row: { tour: { id: string } }) => row.tour.id === tourId,
  ).tour.tourDays;

describe('tour edits', () => {
  it('updates listed days, creates new ones and hard-deletes omitted days with all their content', async () => {
    const { tourId, dayIds } = await createTour(env.api, { name: 'Editable' }, 3);
    const [first, second, third] = dayIds as [number, number, number];
    const itemOnThird = (await env.api.post('/v1/schedule/items', itemBody(tourId, third, { isEveryone: true }))).body
      .data.id;
    const guestOnThird = (
      await env.api.post('/v1/guestlist', {
        tour_id: tourId,
        day_id: third,
        firstName: 'G',
        lastName: 'H',
        numberOfGuests: 1,
        pickupMethodId: 1,
        statusId: 1,
        passes: [],
      })
    ).body.data.id;
    const edited = await env.api.put(`/v1/tours/${tourId}`, {
      name: 'Edited',
      day_list: [
        { day_id: first, name: 'Opening night' },
        { day_id: second },
        { day_type_id: 3, name: 'Day off', formatted_address: 'Hamburg', date: '2030-06-09T00:00:00.000Z' },
      ],
    });
    expect(edited.body).toEqual({ status: true, message: expect.any(String) });
    const after = await days(tourId);
    expect(after.map((row) => row.day.name)).toEqual(['Opening night', 'Day 2', 'Day off']);
    expect(after.some((row) => row.id === third)).toBe(false);
    expect((await env.api.get(`/v1/tours/${tourId}/days/${third}/schedule`)).status).toBe(404);
    expect((await env.api.post(`/v1/schedule/items/${itemOnThird}/restore`)).status).toBe(404);
    expect((await env.api.post(`/v1/guestlist/${guestOnThird}/restore`)).status).toBe(404);
    const raw = env.sandbox.snapshot();
    expect((raw.scheduleItems as Array<{ id: number }>).some((row) => row.id === itemOnThird)).toBe(false);
    expect((raw.guests as Array<{ id: number }>).some((row) => row.id === guestOnThird)).toBe(false);
  });

  it('leaves days alone without day_list and rejects a bad list without changing anything', async () => {
    const { tourId, dayIds } = await createTour(env.api, { name: 'Careful' }, 2);
    await env.api.put(`/v1/tours/${tourId}`, { name: 'Renamed only' });
    expect((await days(tourId)).map((row) => row.id)).toEqual(dayIds);
    const before = env.sandbox.snapshot({ normalise: true });
    for (const day_list of [
      [{ day_id: 999_999 }],
      [{ day_id: dayIds[0] }, { day_id: dayIds[0] }],
      [{ name: 'missing fields' }],
      [],
    ]) {
      expect((await env.api.put(`/v1/tours/${tourId}`, { day_list })).status).toBe(400);
    }
    expect((await env.api.put(`/v1/tours/${tourId}`, { end_date: '2000-01-01T00:00:00Z' })).status).toBe(400);
    expect(env.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('answers TOUR_NOT_FOUND on every child of a deleted tour', async () => {
    const { tourId, dayIds } = await createTour(env.api, { name: 'Gone' }, 1);
    const dayId = dayIds[0] as number;
    const itemId = (await env.api.post('/v1/schedule/items', itemBody(tourId, dayId))).body.data.id;
    await env.api.delete(`/v1/tours/${tourId}`);
    const reads = [
      `/v1/tours/${tourId}/days/${dayId}/schedule`,
      `/v1/tours/${tourId}/venues`,
      `/v1/tours/${tourId}/bulletins`,
      `/v1/tours/${tourId}/data`,
      `/v1/schedule/items/${itemId}/custom-fields`,
      `/v1/tours/${tourId}/tags`,
    ];
    for (const url of reads)
      expect(await env.api.get(url)).toMatchObject({ status: 404, body: { error: 'TOUR_NOT_FOUND' } });
    expect(await env.api.put(`/v1/schedule/items/${itemId}`, { name: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'TOUR_NOT_FOUND' },
    });
    expect(await env.api.post('/v1/schedule/items', itemBody(tourId, dayId))).toMatchObject({
      status: 404,
      body: { error: 'TOUR_NOT_FOUND' },
    });
    expect(await env.api.delete(`/v1/tours/${tourId}`)).toMatchObject({
      status: 404,
      body: { error: 'TOUR_NOT_FOUND' },
    });
  });
});

describe('snapshot', () => {
  it('compares equal after a rollback that deletes what a run created', async () => {
    const before = env.sandbox.snapshot({ normalise: true });
    const { tourId, dayIds } = await createTour(env.api, { name: 'Rolled back' }, 2);
    await env.api.post(
      '/v1/schedule/items',
      itemBody(tourId, dayIds[0] as number, { reminder: [{ duration: 5, typeId: 1 }] }),
    );
    await env.api.post('/v1/venues', {
      title: 'V',
      tour_id: tourId,
      day_id: dayIds[1],
      venueCategoryId: 1,
      emails: [{ email: 'a@b.example' }],
    });
    expect(env.sandbox.snapshot({ normalise: true })).not.toEqual(before);
    await env.api.delete(`/v1/tours/${tourId}`);
    expect(env.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('shows a leftover when a rollback misses something', async () => {
    const { tourId, dayIds } = await createTour(env.api, { name: 'Half rolled back' }, 1);
    const before = env.sandbox.snapshot({ normalise: true });
    const itemId = (await env.api.post('/v1/schedule/items', itemBody(tourId, dayIds[0] as number))).body.data.id;
    const after = env.sandbox.snapshot({ normalise: true });
    expect((after.scheduleItems as Array<{ id: number }>).map((row) => row.id)).toContain(itemId);
    expect(after).not.toEqual(before);
  });
});

describe('--state', () => {
  it('keeps the store, keys and tokens across a restart; a kept secret still works', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tourflow-state-')), 'sandbox.json');
    const first = await startTestSandbox({ state: file });
    const firstApi = new Api(first);
    const { tourId } = await createTour(firstApi, { name: 'Persistent' }, 1);
    await firstApi.post(
      `/v1/tours/${tourId}/tags`,
      { name: 'Kept', colorId: 1 },
      { headers: { 'x-idempotency-key': 'persisted-key' } },
    );
    const credentials = first.credentials;
    await first.close();

    const second = await startTestSandbox({ state: file, knownSecrets: { full: credentials.apiSecret } });
    try {
      expect(second.credentials.apiKey).toBe(credentials.apiKey);
      expect(second.credentials.apiSecret).toBe(credentials.apiSecret);
      expect(second.credentials.orgId).toBe(credentials.orgId);
      const oldToken = new Api(second, {
        apiKey: credentials.apiKey,
        apiSecret: credentials.apiSecret,
        accessToken: credentials.accessToken,
      });
      const tours = await oldToken.get(`/v1/tours?org_id=${credentials.orgId}`);
      expect(tours.body.data.map((row: { tour: { name: string } }) => row.tour.name)).toContain('Persistent');
      const replay = await oldToken.post(
        `/v1/tours/${tourId}/tags`,
        { name: 'Kept', colorId: 1 },
        { headers: { 'x-idempotency-key': 'persisted-key' } },
      );
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect((await oldToken.get(`/v1/tours/${tourId}/tags`)).body.data).toHaveLength(1);
      expect(second.credentials.limited.apiSecret).not.toBe(credentials.limited.apiSecret);
      expect((await new Api(second, { ...credentials.limited }).get('/v1/day-types')).status).toBe(403);
    } finally {
      await second.close();
    }
  });
});
