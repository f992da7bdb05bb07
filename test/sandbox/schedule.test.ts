/** Schedule items and tags: every rule of the contract, over HTTP. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, actAs, createTour, crewMember, itemBody, startTestSandbox, type Json, useSandbox } from './helpers.ts';

let tourId: string;
let dayIds: number[];

const env = useSandbox();

beforeAll(async () => {
  ({ tourId, dayIds } = await createTour(env.api, { name: 'Schedule tour' }));
});

const day = (index = 0): number => dayIds[index] as number;
const listDay = async (who: Api, dayId: number, query = ''): Promise<Json[]> =>
  (await who.get(`/v1/tours/${tourId}/days/${dayId}/schedule${query}`)).body.data;
const create = async (overrides: Record<string, unknown> = {}, dayIndex = 0): Promise<number> => {
  const answer = await env.api.post('/v1/schedule/items', itemBody(tourId, day(dayIndex), overrides));
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id as number;
};

describe('create and read', () => {
  it('creates an item and lists it with time-of-day and lookups', async () => {
    const id = await create(
      { name: 'Doors', startTime: '19:30', endTime: '23:00', statusTypeId: 2, notes: 'Side door' },
      1,
    );
    const item = (await listDay(env.api, day(1))).find((row) => row.id === id);
    expect(item).toMatchObject({
      name: 'Doors',
      start_time: '19:30:00',
      end_time: '23:00:00',
      notes: 'Side door',
      status_type: { id: 2, type: 'Unconfirmed' },
      is_deleted: false,
    });
    expect(item?.day).toMatchObject({ id: day(1) });
  });

  it('rejects a full date-time, a travel item without origin, and isEveryone with isAdminsOnly', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startTime: '2030-06-01T16:00:00Z' }, 'startTime'],
      [{ type: 3 }, 'origin'],
      [{ isEveryone: true, isAdminsOnly: true }, 'isAdminsOnly'],
      [{ timeZoneStart: 'Nowhere/Land' }, 'timeZoneStart'],
      [{ startTimeTypeId: 999 }, 'startTimeTypeId'],
    ];
    for (const [override, field] of cases) {
      const answer = await env.api.post('/v1/schedule/items', itemBody(tourId, day(), override));
      expect(answer).toMatchObject({ status: 400, body: { error: 'VALIDATION_ERROR', status: 400 } });
      expect(answer.body.message).toContain(field);
    }
    const travel = await env.api.post(
      '/v1/schedule/items',
      itemBody(tourId, day(), { type: 3, origin: { formatted_address: 'Berlin Hbf', timeZone: 'Europe/Berlin' } }),
    );
    expect(travel.status).toBe(200);
  });

  it('skips unknown inline tags and still creates the item', async () => {
    const tag = await env.api.post(`/v1/tours/${tourId}/tags`, { name: 'Crew', colorId: 2 });
    const id = await create({ tagIds: [tag.body.data.id, 999_999] });
    const item = (await listDay(env.api, day())).find((row) => row.id === id);
    expect(item?.schedule_item_tags.map((row: { tag: { id: number } }) => row.tag.id)).toEqual([tag.body.data.id]);
  });

  it('echoes reminders sorted by id only when the request sent a reminder list', async () => {
    const created = await env.api.post(
      '/v1/schedule/items',
      itemBody(tourId, day(), {
        reminder: [
          { duration: 30, typeId: 1, description: 'Half hour' },
          { duration: 10, typeId: 2, description: 'Ten' },
        ],
      }),
    );
    const reminders = created.body.data.reminders as Array<{ id: number; duration: number; is_sent: boolean }>;
    expect(reminders.map((row) => row.duration)).toEqual([30, 10]);
    expect(reminders[0]?.id).toBeLessThan(reminders[1]?.id as number);
    const itemId = created.body.data.id;
    const updated = await env.api.put(`/v1/schedule/items/${itemId}`, {
      reminder: [
        { id: reminders[0]?.id, duration: 45, typeId: 1, description: 'Updated' },
        { duration: 5, typeId: 1 },
      ],
    });
    expect(updated.body.data.reminders.map((row: { duration: number }) => row.duration)).toEqual([45, 10, 5]);
    const plain = await env.api.put(`/v1/schedule/items/${itemId}`, { name: 'Renamed' });
    expect(plain.body.data).toEqual({ id: itemId });
  });

  it('replaces the custom field set on update', async () => {
    const id = await create({ customFields: [{ title: 'Gate', description: 'B' }] });
    await env.api.put(`/v1/schedule/items/${id}`, { customFields: [{ title: 'Dock', description: '2' }] });
    const item = (await listDay(env.api, day())).find((row) => row.id === id);
    expect(item?.customFields.map((field: { title: string }) => field.title)).toEqual(['Dock']);
    expect(item?.customFields[0]).not.toHaveProperty('template_key');
  });

  it('replaces the attachment set on update: new entries added, `deleted: true` removed, unlisted ones gone', async () => {
    const id = await create({
      attachments: [
        { link: 'tours/x/a.pdf', name: 'A' },
        { link: 'tours/x/b.pdf', name: 'B' },
      ],
    });
    const names = async (): Promise<string[]> =>
      (
        (await env.api.get(`/v1/tours/${tourId}/files?entityTypes=SCHEDULE_ITEM`)).body.data.items as Array<{
          entityId: number;
          name: string;
          fileId: number;
        }>
      )
        .filter((row) => row.entityId === id)
        .map((row) => row.name);
    expect(await names()).toEqual(['A', 'B']);
    const files = (await env.api.get(`/v1/tours/${tourId}/files?entityTypes=SCHEDULE_ITEM`)).body.data.items as Array<{
      entityId: number;
      fileId: number;
    }>;
    const [first, second] = files.filter((row) => row.entityId === id);
    await env.api.put(`/v1/schedule/items/${id}`, {
      attachments: [
        { id: first?.fileId, link: 'tours/x/a.pdf', deleted: true },
        { id: second?.fileId, link: 'tours/x/b.pdf', name: 'B2' },
        { link: 'tours/x/c.pdf', name: 'C' },
      ],
    });
    expect(await names()).toEqual(['B2', 'C']);
    expect((await env.api.put(`/v1/schedule/items/${id}`, { attachments: [{ id: 424242, link: 'x' }] })).status).toBe(
      400,
    );
  });
});

describe('visibility', () => {
  it('hides an item sent without visibility fields from regular members, not from admins or the creator', async () => {
    const crewId = await crewMember(env.api, tourId);
    const crew = await actAs(env.api, crewId);
    const hidden = await create({ name: 'Admins only by default' }, 2);
    const open = await create({ name: 'For everyone', isEveryone: true }, 2);
    const seen = (await listDay(crew, day(2))).map((row) => row.id);
    expect(seen).toContain(open);
    expect(seen).not.toContain(hidden);
    expect((await crew.put(`/v1/schedule/items/${hidden}`, { name: 'x' })).status).toBe(404);
    expect((await listDay(env.api, day(2))).map((row) => row.id)).toEqual(expect.arrayContaining([hidden, open]));
  });

  it('merges the tour admins into a named audience unless explicitVisibility', async () => {
    const crewId = await crewMember(env.api, tourId);
    const secondAdmin = await env.api.admin('POST', `/tours/${tourId}/members`, {
      role: 'admin',
      firstname: 'Second',
      lastname: 'Admin',
    });
    const admin = await actAs(env.api, secondAdmin.body.userId);
    const merged = await create({ name: 'Merged', visibilityList: [crewId] });
    const explicit = await create({ name: 'Explicit', visibilityList: [crewId], explicitVisibility: true });
    const adminSees = (await listDay(admin, day())).map((row) => row.id);
    expect(adminSees).toContain(merged);
    expect(adminSees).not.toContain(explicit);
    const crewSees = (await listDay(await actAs(env.api, crewId), day())).map((row) => row.id);
    expect(crewSees).toEqual(expect.arrayContaining([merged, explicit]));
    const stranger = await env.api.post(
      '/v1/schedule/items',
      itemBody(tourId, day(), { visibilityList: ['00000000-0000-4000-8000-000000000001'] }),
    );
    expect(stranger.status).toBe(400);
  });
});

describe('batch, delete, restore, confirm-all', () => {
  it('creates a batch across days in request order, all or nothing', async () => {
    const items = [
      itemBody(tourId, day(2), { name: 'B1' }),
      itemBody(tourId, day(0), { name: 'B2' }),
      itemBody(tourId, day(1), { name: 'B3' }),
    ];
    const answer = await env.api.post('/v1/schedule/items/batch', { items });
    const ids = answer.body.data.ids as number[];
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect((await listDay(env.api, day(0))).find((row) => row.id === ids[1])?.name).toBe('B2');
    const before = env.sandbox.snapshot({ normalise: true });
    const bad = await env.api.post('/v1/schedule/items/batch', {
      items: [itemBody(tourId, day(0), { name: 'ok' }), itemBody(tourId, day(0), { type: 2 })],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('origin');
    expect(env.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('soft-deletes and restores with content intact; restoring a live item is 400', async () => {
    const id = await create({ name: 'Phoenix', notes: 'Keep me', customFields: [{ title: 'k', description: 'v' }] });
    expect((await env.api.post(`/v1/schedule/items/${id}/restore`)).status).toBe(400);
    expect((await env.api.delete(`/v1/schedule/items/${id}`)).status).toBe(200);
    expect((await listDay(env.api, day())).some((row) => row.id === id)).toBe(false);
    expect((await env.api.delete(`/v1/schedule/items/${id}`)).status).toBe(404);
    expect((await env.api.post(`/v1/schedule/items/${id}/restore`)).status).toBe(200);
    expect((await listDay(env.api, day())).find((row) => row.id === id)).toMatchObject({
      notes: 'Keep me',
      customFields: [{ title: 'k' }],
    });
  });

  it('confirms every item of the day and lists only the items it changed', async () => {
    const { tourId: other, dayIds: otherDays } = await createTour(env.api, { name: 'Confirm tour' }, 1);
    const make = (overrides: Record<string, unknown>) =>
      env.api.post('/v1/schedule/items', itemBody(other, otherDays[0] as number, overrides));
    const pending = (await make({ statusTypeId: 2 })).body.data.id;
    await make({ statusTypeId: 1, status: true });
    const changed = await env.api.post(`/v1/tours/${other}/days/${otherDays[0]}/confirm-all`);
    expect(changed.body.data.map((row: { id: number }) => row.id)).toEqual([pending]);
    expect(changed.body.data[0]).toMatchObject({ status: true, status_type: { id: 1, type: 'Confirmed' } });
    expect((await env.api.post(`/v1/tours/${other}/days/${otherDays[0]}/confirm-all`)).body.data).toEqual([]);
  });
});

describe('paging', () => {
  it('pages with limit/offset and nextOffset, and clamps to 1,000 rows', async () => {
    const { tourId: big, dayIds: bigDays } = await createTour(env.api, { name: 'Big day' }, 1);
    const dayId = bigDays[0] as number;
    for (let batch = 0; batch < 3; batch += 1) {
      const items = Array.from({ length: 400 }, (_unused, index) =>
        itemBody(big, dayId, { name: `Row ${batch}-${index}`, isEveryone: true }),
      );
      expect((await env.api.post('/v1/schedule/items/batch', { items })).status).toBe(200);
    }
    const page = await env.api.get(`/v1/tours/${big}/days/${dayId}/schedule?limit=5000`);
    expect(page.body.data).toHaveLength(1000);
    expect(page.body.pagination).toEqual({
      totalCount: 1200,
      returnedCount: 1000,
      hasMore: true,
      truncated: false,
      nextOffset: 1000,
    });
    const last = await env.api.get(`/v1/tours/${big}/days/${dayId}/schedule?limit=500&offset=1000`);
    expect(last.body.pagination).toEqual({
      totalCount: 1200,
      returnedCount: 200,
      hasMore: false,
      truncated: false,
      nextOffset: 1200,
    });
    const beyond = await env.api.get(`/v1/tours/${big}/days/${dayId}/schedule?offset=5000`);
    expect(beyond.body.pagination).toMatchObject({ returnedCount: 0, hasMore: false, nextOffset: null });
    expect((await env.api.get(`/v1/tours/${big}/days/${dayId}/schedule?limit=0`)).status).toBe(400);
    expect((await env.api.get(`/v1/tours/${big}/days/${dayId}/schedule?offset=-1`)).status).toBe(400);
  });

  it('counts rows before filtering: returnedCount 0 with hasMore true is possible', async () => {
    const { tourId: other, dayIds: otherDays } = await createTour(env.api, { name: 'Filtered' }, 1);
    const dayId = otherDays[0] as number;
    for (let n = 0; n < 3; n += 1)
      await env.api.post('/v1/schedule/items', itemBody(other, dayId, { startTime: '08:00' }));
    await env.api.post('/v1/schedule/items', itemBody(other, dayId, { startTime: '09:00', isEveryone: true }));
    const crew = await actAs(env.api, await crewMember(env.api, other));
    const page = await crew.get(`/v1/tours/${other}/days/${dayId}/schedule?limit=2`);
    expect(page.body.pagination).toEqual({
      totalCount: 4,
      returnedCount: 0,
      hasMore: true,
      truncated: false,
      nextOffset: 2,
    });
    const next = await crew.get(`/v1/tours/${other}/days/${dayId}/schedule?limit=2&offset=2`);
    expect(next.body.pagination).toMatchObject({ returnedCount: 1, hasMore: false, nextOffset: 4 });
  });

  it('shortens a page at the response ceiling and says truncated', async () => {
    const small = await startTestSandbox({ responseCeilingBytes: 20_000 });
    try {
      const own = new Api(small);
      const { tourId: t, dayIds: d } = await createTour(own, {}, 1);
      const items = Array.from({ length: 10 }, () => itemBody(t, d[0] as number, { notes: 'n'.repeat(5000) }));
      await own.post('/v1/schedule/items/batch', { items });
      const page = await own.get(`/v1/tours/${t}/days/${d[0]}/schedule`);
      expect(page.body.pagination.truncated).toBe(true);
      expect(page.body.pagination.returnedCount).toBe(page.body.data.length);
      expect(page.body.pagination.nextOffset).toBe(page.body.data.length);
      expect(page.body.pagination.hasMore).toBe(true);
      const smaller = await own.get(`/v1/tours/${t}/days/${d[0]}/schedule?limit=2`);
      expect(smaller.body.pagination.truncated).toBe(false);
    } finally {
      await small.close();
    }
  });
});

describe('tags', () => {
  it('creates, updates, counts usage, sets item tags and deletes for good', async () => {
    const created = await env.api.post(`/v1/tours/${tourId}/tags`, { name: 'Catering', colorId: 4 });
    expect(created.body.data).toMatchObject({ name: 'Catering', color: { id: 4, type: 'Green' } });
    const tagId = created.body.data.id;
    expect((await env.api.put(`/v1/tours/${tourId}/tags/${tagId}`, { name: 'Food' })).body.data.name).toBe('Food');
    const itemId = await create({ name: 'Lunch' });
    expect((await env.api.put(`/v1/schedule/items/${itemId}/tags`, { tourId, tagIds: [tagId] })).status).toBe(200);
    expect((await env.api.get(`/v1/tours/${tourId}/tags/${tagId}/usage`)).body.data).toEqual({ tagId, usageCount: 1 });
    expect((await env.api.put(`/v1/schedule/items/${itemId}/tags`, { tourId, tagIds: [987_654] })).status).toBe(404);
    const { tourId: other } = await createTour(env.api, { name: 'Other tags' }, 1);
    const foreign = await env.api.post(`/v1/tours/${other}/tags`, { name: 'Foreign', colorId: 1 });
    expect(
      (await env.api.put(`/v1/schedule/items/${itemId}/tags`, { tourId, tagIds: [foreign.body.data.id] })).status,
    ).toBe(400);
    expect((await env.api.put(`/v1/schedule/items/${itemId}/tags`, { tourId: other, tagIds: [] })).status).toBe(400);
    expect((await env.api.delete(`/v1/tours/${tourId}/tags/${tagId}`)).status).toBe(200);
    expect((await listDay(env.api, day())).find((row) => row.id === itemId)?.schedule_item_tags).toEqual([]);
    expect((await env.api.get(`/v1/tours/${tourId}/tags/${tagId}/usage`)).status).toBe(404);
    expect((await env.api.post(`/v1/tours/${tourId}/tags`, { name: 'x'.repeat(101), colorId: 1 })).status).toBe(400);
    expect((await env.api.post(`/v1/tours/${tourId}/tags`, { name: 'No colour', colorId: 999 })).status).toBe(400);
  });
});
