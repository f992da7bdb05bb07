/** Guest list, pass types, bulletins and reference data. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTour, useSandbox } from './helpers.ts';

let tourId: string;
let dayIds: number[];
let passId: number;

const env = useSandbox();

beforeAll(async () => {
  ({ tourId, dayIds } = await createTour(env.api, { name: 'Guest tour' }, 3));
  passId = (await env.api.post(`/v1/tours/${tourId}/passTypes`, { name: 'All access', passMaterialTypeId: 1 })).body
    .data.id;
});

const guest = (overrides: Record<string, unknown> = {}, dayIndex = 0) => ({
  tour_id: tourId,
  day_id: dayIds[dayIndex],
  firstName: 'Robin',
  lastName: 'Fox',
  numberOfGuests: 2,
  pickupMethodId: 1,
  statusId: 1,
  passes: [{ passId, count: 2 }],
  ...overrides,
});

describe('guest list', () => {
  it('creates, lists the fixed subset, edits, deletes and restores with passes intact', async () => {
    const created = await env.api.post(
      '/v1/guestlist',
      guest({ email: 'robin@example.com', attachment: { link: 'x' } }),
    );
    const id = created.body.data.id;
    const list = await env.api.get(`/v1/tours/${tourId}/days/${dayIds[0]}/guestlist`);
    const row = list.body.data.find((entry: { id: number }) => entry.id === id);
    expect(row).toMatchObject({
      firstName: 'Robin',
      numberOfGuests: 2,
      email: 'robin@example.com',
      affiliation: null,
      status: { id: 1, type: 'Pending' },
      tour: { id: tourId },
    });
    for (const omitted of ['passes', 'pickupMethod', 'venue', 'avatarColor', 'attachment'])
      expect(row).not.toHaveProperty(omitted);
    expect(list.body.pagination).toMatchObject({ returnedCount: list.body.data.length });
    expect((await env.api.put(`/v1/guestlist/${id}`, { firstName: 'Robin', lastName: 'Fox' })).status).toBe(400);
    expect(
      (
        await env.api.put(`/v1/guestlist/${id}`, {
          ...guest({ numberOfGuests: 3 }),
          tour_id: undefined,
          day_id: undefined,
        })
      ).body.data,
    ).toEqual({ id });
    expect((await env.api.post(`/v1/guestlist/${id}/restore`)).status).toBe(400);
    expect((await env.api.delete(`/v1/guestlist/${id}`)).status).toBe(200);
    expect(
      (await env.api.get(`/v1/tours/${tourId}/days/${dayIds[0]}/guestlist`)).body.data.some(
        (entry: { id: number }) => entry.id === id,
      ),
    ).toBe(false);
    expect((await env.api.post(`/v1/guestlist/${id}/restore`)).status).toBe(200);
    const blocked = await env.api.delete(`/v1/passTypes/${passId}`);
    expect(blocked.body.data.guestLists.map((entry: { id: number }) => entry.id)).toContain(id);
  });

  it('rejects unknown lookups and pass types of another tour', async () => {
    expect((await env.api.post('/v1/guestlist', guest({ statusId: 42 }))).status).toBe(400);
    expect((await env.api.post('/v1/guestlist', guest({ passes: [{ passId: 999_999, count: 1 }] }))).status).toBe(400);
    expect((await env.api.post('/v1/guestlist', guest({ passes: undefined }))).status).toBe(400);
  });

  it('sums party sizes of approved entries for the approved total', async () => {
    const dayId = dayIds[1] as number;
    await env.api.post('/v1/guestlist', guest({ statusId: 2, numberOfGuests: 4 }, 1));
    await env.api.post('/v1/guestlist', guest({ statusId: 2, numberOfGuests: 1 }, 1));
    await env.api.post('/v1/guestlist', guest({ statusId: 1, numberOfGuests: 10 }, 1));
    const total = await env.api.get(`/v1/tours/${tourId}/days/${dayId}/guestlist/approved-total`);
    expect(total.body.data).toEqual({ tourId, dayId, approvedGuests: 5, approvedEntries: 2 });
  });

  it('changes statuses in bulk, all or nothing', async () => {
    const ids = [];
    for (let n = 0; n < 3; n += 1) ids.push((await env.api.post('/v1/guestlist', guest({}, 2))).body.data.id);
    const before = env.sandbox.snapshot({ normalise: true });
    const failed = await env.api.put(`/v1/tours/${tourId}/guestlist/status`, {
      guestListIds: [...ids, 999_999],
      statusId: 2,
    });
    expect(failed.status).toBe(404);
    expect(env.sandbox.snapshot({ normalise: true })).toEqual(before);
    const done = await env.api.put(`/v1/tours/${tourId}/guestlist/status`, { guestListIds: ids, statusId: 2 });
    expect(done.body.data).toEqual({ ids, statusId: 2 });
    const total = await env.api.get(`/v1/tours/${tourId}/days/${dayIds[2]}/guestlist/approved-total`);
    expect(total.body.data.approvedEntries).toBe(3);
  });

  it('enforces the day configuration: cap, pass caps, lock, cut-off (which needs a venue)', async () => {
    const {
      tourId: t,
      dayIds: [dayId],
    } = await createTour(env.api, { name: 'Capped' }, 1);
    const pass = (await env.api.post(`/v1/tours/${t}/passTypes`, { name: 'Photo' })).body.data.id;
    const entry = (overrides: Record<string, unknown>) => ({ ...guest(overrides), tour_id: t, day_id: dayId });
    const config = await env.api.put(`/v1/tours/${t}/days/${dayId}/guestlist/config`, {
      dayCap: 5,
      passCaps: [{ passId: pass, cap: 2 }],
    });
    expect(config.body.data).toMatchObject({ dayCap: 5, locked: false, passCaps: [{ passId: pass, cap: 2 }] });
    expect(
      (await env.api.post('/v1/guestlist', entry({ numberOfGuests: 4, passes: [{ passId: pass, count: 2 }] }))).status,
    ).toBe(200);
    expect(
      (await env.api.post('/v1/guestlist', entry({ numberOfGuests: 1, passes: [{ passId: pass, count: 1 }] }))).status,
    ).toBe(400);
    expect((await env.api.post('/v1/guestlist', entry({ numberOfGuests: 2, passes: [] }))).status).toBe(400);
    expect((await env.api.post('/v1/guestlist', entry({ numberOfGuests: 2, passes: [], statusId: 3 }))).status).toBe(
      200,
    );
    expect(
      (await env.api.put(`/v1/tours/${t}/days/${dayId}/guestlist/config`, { cutoffAt: '2030-01-01T00:00:00Z' })).status,
    ).toBe(400);
    await env.api.post('/v1/venues', { title: 'Club', tour_id: t, day_id: dayId, venueCategoryId: 3 });
    expect(
      (
        await env.api.put(`/v1/tours/${t}/days/${dayId}/guestlist/config`, {
          cutoffAt: '2020-01-01T00:00:00Z',
          dayCap: null,
        })
      ).status,
    ).toBe(200);
    expect((await env.api.post('/v1/guestlist', entry({ numberOfGuests: 1, passes: [] }))).body.message).toContain(
      'cut-off',
    );
    await env.api.put(`/v1/tours/${t}/days/${dayId}/guestlist/config`, { cutoffAt: null, locked: true });
    expect((await env.api.post('/v1/guestlist', entry({ numberOfGuests: 1, passes: [] }))).body.message).toContain(
      'locked',
    );
  });

  it('refuses a bulk status change touching a locked day, one past its cut-off or one over its cap, whole: nothing changes as read back', async () => {
    const {
      tourId: t,
      dayIds: [open, closed],
    } = await createTour(env.api, { name: 'Locked' }, 2);
    const pass = (await env.api.post(`/v1/tours/${t}/passTypes`, { name: 'Photo' })).body.data.id;
    const add = async (dayId: number, overrides: Record<string, unknown> = {}) =>
      (
        await env.api.post('/v1/guestlist', {
          ...guest({ passes: [{ passId: pass, count: 1 }], ...overrides }),
          tour_id: t,
          day_id: dayId,
        })
      ).body.data.id as number;
    const openIds = [await add(open!), await add(open!)];
    const closedIds = [await add(closed!), await add(closed!), await add(closed!, { statusId: 3 }), await add(closed!)];
    const statuses = async () => {
      const read = async (dayId: number) =>
        (await env.api.get(`/v1/tours/${t}/days/${dayId}/guestlist`)).body.data.map(
          (row: { id: number; status: { type: string } }) => [row.id, row.status.type],
        );
      return Object.fromEntries([...(await read(open!)), ...(await read(closed!))]);
    };
    const before = await statuses();
    const approve = (ids: number[], statusId = 2) =>
      env.api.put(`/v1/tours/${t}/guestlist/status`, { guestListIds: ids, statusId });
    const config = (body: Record<string, unknown>) =>
      env.api.put(`/v1/tours/${t}/days/${closed}/guestlist/config`, body);

    expect((await config({ locked: true })).status).toBe(200);
    for (const statusId of [2, 3]) {
      const refused = await approve([...openIds, ...closedIds], statusId);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: 'VALIDATION_ERROR',
        status: 400,
        message: `The guest list of day ${closed} is locked: its entries cannot be added or changed`,
      });
    }
    expect(await statuses()).toEqual(before);

    await env.api.post('/v1/venues', { title: 'Club', tour_id: t, day_id: closed, venueCategoryId: 3 });
    expect((await config({ locked: false, cutoffAt: '2020-01-01T00:00:00Z' })).status).toBe(200);
    const late = await approve(closedIds);
    expect(late.body).toEqual({
      error: 'VALIDATION_ERROR',
      status: 400,
      message: `The guest list cut-off of day ${closed} has passed: its entries cannot be added or changed`,
    });
    expect(await statuses()).toEqual(before);

    // the cap counts guests of entries not declined: 6 now; approving the declined entry would make 8
    expect((await config({ cutoffAt: null, dayCap: 7 })).status).toBe(200);
    const over = await approve(closedIds);
    expect(over.body).toEqual({
      error: 'VALIDATION_ERROR',
      status: 400,
      message: `numberOfGuests: the day cap of 7 guests of day ${closed} would be exceeded (8)`,
    });
    expect(await statuses()).toEqual(before);
    expect((await config({ dayCap: null, passCaps: [{ passId: pass, cap: 3 }] })).status).toBe(200);
    expect((await approve(closedIds)).body.message).toBe(
      `passes: the cap of 3 for pass type ${pass} on day ${closed} would be exceeded (4)`,
    );
    expect(await statuses()).toEqual(before);

    // approving the pending entries adds nobody to the count: within the cap
    expect((await config({ dayCap: 6, passCaps: [] })).status).toBe(200);
    const pending = [closedIds[0]!, closedIds[1]!, closedIds[3]!];
    expect((await approve(pending)).status).toBe(200);
    expect(await statuses()).toEqual({ ...before, ...Object.fromEntries(pending.map((id) => [id, 'Approved'])) });
  });

  it('lists requesters: the tour members', async () => {
    const requesters = await env.api.get(`/v1/tours/${tourId}/requesters`);
    expect(requesters.body.data.map((row: { id: string }) => row.id)).toContain(env.sandbox.credentials.userId);
    expect(Object.keys(requesters.body.data[0]).sort()).toEqual(['email', 'firstname', 'id', 'image', 'lastname']);
  });
});

describe('pass types', () => {
  it('guards a held pass, deletes with force, restores, pages', async () => {
    const pass = (await env.api.post(`/v1/tours/${tourId}/passTypes`, { name: 'Aftershow', quantity: 20 })).body.data
      .id;
    const holder = (await env.api.post('/v1/guestlist', guest({ passes: [{ passId: pass, count: 1 }] }))).body.data.id;
    const blocked = await env.api.delete(`/v1/passTypes/${pass}`);
    expect(blocked.status).toBe(200);
    expect(blocked.body.status).toBe(false);
    expect(blocked.body.data.guestLists).toEqual([
      { id: holder, firstName: 'Robin', lastName: 'Fox', dayId: dayIds[0], count: 1 },
    ]);
    expect(
      (await env.api.get(`/v1/tours/${tourId}/passTypes`)).body.data.some((row: { id: number }) => row.id === pass),
    ).toBe(true);
    const forced = await env.api.delete(`/v1/passTypes/${pass}?force=true`);
    expect(forced.body).toEqual({ status: true, message: expect.any(String) });
    expect(
      (await env.api.get(`/v1/tours/${tourId}/passTypes`)).body.data.some((row: { id: number }) => row.id === pass),
    ).toBe(false);
    expect((await env.api.post(`/v1/passTypes/${pass}/restore`)).status).toBe(200);
    expect((await env.api.post(`/v1/passTypes/${pass}/restore`)).status).toBe(400);
    expect((await env.api.put(`/v1/passTypes/${pass}`, { name: 'Aftershow VIP' })).body.data).toEqual({
      id: pass,
      name: 'Aftershow VIP',
    });
    const page = await env.api.get(`/v1/tours/${tourId}/passTypes?limit=1`);
    expect(page.body.pagination).toMatchObject({ returnedCount: 1, hasMore: true, nextOffset: 1 });
    const free = (await env.api.post(`/v1/tours/${tourId}/passTypes`, { name: 'Unused' })).body.data.id;
    expect((await env.api.delete(`/v1/passTypes/${free}`)).body.status).toBe(true);
  });
});

describe('bulletins', () => {
  it('posts to a day, resolves the tour, edits, pins first, deletes', async () => {
    const first = await env.api.post('/v1/bulletins', {
      dayId: dayIds[0],
      title: 'Bus call',
      body: 'Lobby 09:00',
      isPinned: false,
      hasNotification: true,
    });
    const pinned = await env.api.post('/v1/bulletins', {
      dayId: dayIds[1],
      title: 'Read me',
      body: 'Pinned',
      isPinned: true,
      hasNotification: false,
    });
    const id = first.body.data.bulletin_id as string;
    expect(typeof id).toBe('string');
    const list = await env.api.get(`/v1/tours/${tourId}/bulletins`);
    expect(list.body.data[0].id).toBe(pinned.body.data.bulletin_id);
    expect(list.body.data.find((row: { id: string }) => row.id === id)).toMatchObject({
      title: 'Bus call',
      tour_id: tourId,
      day_id: dayIds[0],
      is_edited: false,
      has_notification: true,
    });
    expect((await env.api.put(`/v1/bulletins/${id}`, { title: 'Bus call moved' })).status).toBe(200);
    expect(
      (await env.api.get(`/v1/tours/${tourId}/bulletins`)).body.data.find((row: { id: string }) => row.id === id),
    ).toMatchObject({ title: 'Bus call moved', is_edited: true });
    expect(
      (await env.api.post('/v1/bulletins', { dayId: dayIds[0], title: 'x', body: 'y', isPinned: false })).status,
    ).toBe(400);
    expect((await env.api.delete(`/v1/bulletins/${id}`)).status).toBe(200);
    expect((await env.api.put(`/v1/bulletins/${id}`, { title: 'gone' })).status).toBe(404);
  });
});

describe('reference data', () => {
  it('serves the lookup bundle with limit/offset counting tables', async () => {
    const all = await env.api.get('/v1/reference/types');
    const names = all.body.data.types.map((table: { name: string }) => table.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'dayTypes',
        'hotelRoomTypes',
        'guestlistStatuses',
        'venueCategories',
        'statusTypes',
        'avatarColors',
      ]),
    );
    const hotel = all.body.data.types.find((table: { name: string }) => table.name === 'hotelRoomTypes');
    expect(hotel.type.map((entry: { type: string }) => entry.type)).toEqual(
      expect.arrayContaining(['Single', 'Double', 'Twin', 'Suite', 'Other']),
    );
    const page = await env.api.get('/v1/reference/types?limit=2&offset=1');
    expect(page.body.data.types.map((table: { name: string }) => table.name)).toEqual(names.slice(1, 3));
    expect((await env.api.get('/v1/reference/age-restrictions')).body.data[0]).toEqual({ id: 1, label: 'All ages' });
    expect(
      (await env.api.get('/v1/reference/venue-field-templates')).body.data.some(
        (row: { field_type: string }) => row.field_type === 'enum',
      ),
    ).toBe(true);
    expect(
      (await env.api.get('/v1/reference/stay-field-templates')).body.data.map((row: { key: string }) => row.key),
    ).toContain('confirmation_number');
  });
});
