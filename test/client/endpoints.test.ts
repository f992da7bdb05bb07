/**
 * The typed endpoints against the sandbox: every call below validates the real response with
 * the endpoint's schema, so a definition that disagrees with the API fails here. Paging is
 * checked on a real paged read, including pages cut short by the response ceiling.
 */
import { describe, expect, it } from 'vitest';
import { listScheduleItemCustomFields, updateScheduleItemCustomFields } from '../../api/contract/custom-fields.ts';
import {
  listOrganizationKeyContacts,
  listOrganizations,
  listOrganizationUsers,
} from '../../api/contract/organizations.ts';
import {
  batchCreateScheduleItems,
  confirmAllScheduleItems,
  createScheduleItem,
  deleteScheduleItem,
  listScheduleItems,
  restoreScheduleItem,
  updateScheduleItem,
  type CreateScheduleItemBody,
} from '../../api/contract/schedule.ts';
import {
  applyScheduleTemplate,
  createScheduleTemplate,
  deleteScheduleTemplate,
  listScheduleTemplateItems,
  listScheduleTemplates,
  renameScheduleTemplate,
  restoreScheduleTemplate,
  undoApplyScheduleTemplate,
} from '../../api/contract/schedule-templates.ts';
import {
  createTag,
  deleteTag,
  getTagUsage,
  listTags,
  setScheduleItemTags,
  updateTag,
} from '../../api/contract/tags.ts';
import { deleteTour, listDayTypes, listTours, listTourUsers, updateTour } from '../../api/contract/tours.ts';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import { countingAgent } from './helpers.ts';
import { adminPost, configFor, newTour as createTestTour, quickSandbox, useSandboxClient } from './sandbox-helpers.ts';

let keys = 0;
const key = (name: string) => `endpoints-test/${name}/${++keys}`;

const TWO_DAYS = ['2027-09-01', '2027-09-02'];
const newTour = (client: ApiClient, orgId: string, name: string) => createTestTour(client, orgId, name, TWO_DAYS);

function item(tourId: string, dayId: number, name: string, startTime: string): CreateScheduleItemBody {
  return {
    tour_id: tourId,
    day_id: dayId,
    name,
    startTime,
    startTimeTypeId: 1,
    timeZoneStart: 'Europe/Lisbon',
    isEveryone: true,
  };
}

describe('typed endpoints against the sandbox', () => {
  const env = useSandboxClient();
  const orgId = () => env.sandbox.credentials.orgId;

  it('organizations: list, members, key contacts', async () => {
    const orgs = await env.client.call(listOrganizations, {});
    expect(orgs.map((org) => org.id)).toContain(orgId());
    const members = await env.client.call(listOrganizationUsers, { params: { orgId: orgId() } });
    expect(members.activeUsers.length).toBeGreaterThan(0);
    expect(Array.isArray(await env.client.call(listOrganizationKeyContacts, { params: { orgId: orgId() } }))).toBe(
      true,
    );
  });

  it('tours: create, list, members, day types, edit with day_list, delete', async () => {
    const { tourId, dayIds } = await newTour(env.client, orgId(), 'Endpoint Tour');
    expect(dayIds).toHaveLength(2);
    const users = await env.client.call(listTourUsers, { params: { tourId } });
    expect(users.tour_users.length).toBeGreaterThan(0);
    expect((await env.client.call(listDayTypes, {})).map((type) => type.type)).toContain('Show');
    await env.client.call(updateTour, {
      params: { tourId },
      body: { name: 'Endpoint Tour (renamed)', day_list: [{ day_id: dayIds[0] }] },
    });
    const after = (await env.client.call(listTours, { query: { org_id: orgId() } })).find((m) => m.tour.id === tourId);
    expect(after?.tour.name).toBe('Endpoint Tour (renamed)');
    expect(after?.tour.tourDays).toHaveLength(1);
    await env.client.call(deleteTour, { params: { tourId } });
  });

  it('schedule items: create, batch, page, update, delete, restore, confirm-all', async () => {
    const { tourId, dayIds } = await newTour(env.client, orgId(), 'Schedule Tour');
    const dayId = dayIds[0] ?? 0;
    const { id } = await env.client.call(createScheduleItem, {
      body: {
        ...item(tourId, dayId, 'Soundcheck', '15:00'),
        reminder: [{ duration: 30, typeId: 1, description: 'soon' }],
      },
      idempotencyKey: key('item'),
    });
    const batch = await env.client.call(batchCreateScheduleItems, {
      body: { items: [item(tourId, dayId, 'Doors', '19:00'), item(tourId, dayId, 'Show', '20:00')] },
      idempotencyKey: key('batch'),
    });
    expect(batch.ids).toHaveLength(2);
    const updated = await env.client.call(updateScheduleItem, {
      params: { itemId: id },
      body: { name: 'Line check', notes: null },
    });
    expect(updated.id).toBe(id);
    const names: string[] = [];
    for await (const row of env.client.paginate(listScheduleItems, { params: { tourId, dayId }, pageSize: 2 }))
      names.push(row.name);
    expect(names).toEqual(['Line check', 'Doors', 'Show']);
    await env.client.call(updateScheduleItemCustomFields, {
      params: { itemId: id },
      body: { fields: [{ operation: 'ADD', title: 'Stage', description: 'Main' }] },
    });
    expect(
      (await env.client.call(listScheduleItemCustomFields, { params: { itemId: id } })).map((field) => field.title),
    ).toEqual(['Stage']);
    await env.client.call(deleteScheduleItem, { params: { itemId: id } });
    await env.client.call(restoreScheduleItem, { params: { itemId: id }, idempotencyKey: key('restore') });
    const confirmed = await env.client.call(confirmAllScheduleItems, {
      params: { tourId, dayId },
      idempotencyKey: key('confirm'),
    });
    expect(confirmed.map((row) => row.id).sort()).toEqual([id, ...batch.ids].sort());
  });

  it('tags: create, list, update, set on an item, usage, delete', async () => {
    const { tourId, dayIds } = await newTour(env.client, orgId(), 'Tag Tour');
    const tag = await env.client.call(createTag, {
      params: { tourId },
      body: { name: 'Crew', colorId: 1 },
      idempotencyKey: key('tag'),
    });
    expect((await env.client.call(listTags, { params: { tourId } })).map((row) => row.name)).toEqual(['Crew']);
    expect(
      (await env.client.call(updateTag, { params: { tourId, tagId: tag.id }, body: { name: 'Crew only' } })).name,
    ).toBe('Crew only');
    const { id } = await env.client.call(createScheduleItem, {
      body: item(tourId, dayIds[0] ?? 0, 'Load-in', '09:00'),
      idempotencyKey: key('item'),
    });
    await env.client.call(setScheduleItemTags, { params: { itemId: id }, body: { tourId, tagIds: [tag.id] } });
    expect((await env.client.call(getTagUsage, { params: { tourId, tagId: tag.id } })).usageCount).toBe(1);
    await env.client.call(deleteTag, { params: { tourId, tagId: tag.id } });
  });

  it('schedule templates: save, list, items, rename, apply, undo, delete, restore', async () => {
    const { tourId, dayIds } = await newTour(env.client, orgId(), 'Template Tour');
    const [first = 0, second = 0] = dayIds;
    const { id: itemId } = await env.client.call(createScheduleItem, {
      body: item(tourId, first, 'Catering', '12:00'),
      idempotencyKey: key('item'),
    });
    const { id } = await env.client.call(createScheduleTemplate, {
      body: { templateName: 'Show day', itemIds: [itemId] },
      idempotencyKey: key('template'),
    });
    expect(
      (await env.client.call(listScheduleTemplates, { params: { tourId } })).map((row) => row.template_name),
    ).toEqual(['Show day']);
    expect(
      (await env.client.call(listScheduleTemplateItems, { params: { templateId: id } })).map((row) => row.name),
    ).toEqual(['Catering']);
    await env.client.call(renameScheduleTemplate, {
      params: { templateId: id },
      body: { templateName: 'Show day v2' },
    });
    const applied = await env.client.call(applyScheduleTemplate, {
      params: { templateId: id },
      body: { dayId: second, mode: 'MERGE' },
      idempotencyKey: key('apply'),
    });
    expect(applied.ids).toHaveLength(1);
    await env.client.call(undoApplyScheduleTemplate, {
      params: { templateId: id },
      body: { dayId: second },
      idempotencyKey: key('undo'),
    });
    await env.client.call(deleteScheduleTemplate, { params: { templateId: id } });
    await env.client.call(restoreScheduleTemplate, { params: { templateId: id }, idempotencyKey: key('restore') });
  });
});

describe('paging a real list cut short by the response ceiling', () => {
  it('reads every row across truncated pages without shrinking the limit', async () => {
    const sandbox = await quickSandbox({ responseCeilingBytes: 3000 });
    const counter = countingAgent();
    const client = createApiClient({ config: configFor(sandbox), agent: counter.agent });
    try {
      const { tourId, dayIds } = await newTour(client, sandbox.credentials.orgId, 'Long Day');
      const dayId = dayIds[0] ?? 0;
      const items = Array.from({ length: 12 }, (_, i) =>
        item(tourId, dayId, `Item ${String(i).padStart(2, '0')}`, `${String(8 + i).padStart(2, '0')}:00`),
      );
      await client.call(batchCreateScheduleItems, { body: { items }, idempotencyKey: key('batch') });
      const first = await client.callRaw(listScheduleItems, { params: { tourId, dayId }, query: { limit: 100 } });
      expect(first.pagination).toMatchObject({ truncated: true, hasMore: true });
      counter.requests.length = 0;
      const names: string[] = [];
      for await (const row of client.paginate(listScheduleItems, { params: { tourId, dayId }, pageSize: 100 }))
        names.push(row.name);
      expect(names).toEqual(items.map((entry) => entry.name));
      expect(counter.requests.length).toBeGreaterThan(2);
      for (const line of counter.requests) expect(line).toContain('limit=100');
    } finally {
      await client.close();
      await counter.close();
      await sandbox.close();
    }
  });

  it('keeps going through pages whose rows the caller may not see (returnedCount 0, hasMore true)', async () => {
    const sandbox = await quickSandbox();
    const admin = createApiClient({ config: configFor(sandbox) });
    const counter = countingAgent();
    let member: ApiClient | undefined;
    try {
      const { tourId, dayIds } = await newTour(admin, sandbox.credentials.orgId, 'Private Morning');
      const dayId = dayIds[0] ?? 0;
      // four early items only admins see, then two for everyone
      const hidden = [0, 1, 2, 3].map((i) => ({
        ...item(tourId, dayId, `Private ${i}`, `0${i + 1}:00`),
        isEveryone: false,
      }));
      const open = [item(tourId, dayId, 'Lunch', '12:00'), item(tourId, dayId, 'Show', '20:00')];
      await admin.call(batchCreateScheduleItems, {
        body: { items: [...hidden, ...open] },
        idempotencyKey: key('batch'),
      });
      const { userId } = await adminPost<{ userId: string }>(sandbox.baseUrl, `/tours/${tourId}/members`, {
        role: 'member',
      });
      const tokens = await adminPost<{ accessToken: string; refreshToken: string }>(sandbox.baseUrl, '/tokens', {
        userId,
      });
      member = createApiClient({ config: configFor(sandbox, tokens), agent: counter.agent });
      const first = await member.callRaw(listScheduleItems, { params: { tourId, dayId }, query: { limit: 2 } });
      expect(first.pagination).toMatchObject({ returnedCount: 0, hasMore: true, nextOffset: 2 });
      counter.requests.length = 0;
      const names: string[] = [];
      for await (const row of member.paginate(listScheduleItems, { params: { tourId, dayId }, pageSize: 2 }))
        names.push(row.name);
      expect(names).toEqual(['Lunch', 'Show']);
      expect(counter.requests.map((line) => /offset=(\d+)/.exec(line)?.[1])).toEqual(['0', '2', '4']);
    } finally {
      await member?.close();
      await admin.close();
      await counter.close();
      await sandbox.close();
    }
  });
});
