/** Schedule templates: per user, saved from items, applied with MERGE/REPLACE, undone, restored. */
import { beforeAll, describe, expect, it } from 'vitest';
import { actAs, createTour, crewMember, itemBody, useSandbox } from './helpers.ts';

let tourId: string;
let dayIds: number[];
let itemIds: number[];

const env = useSandbox();

beforeAll(async () => {
  ({ tourId, dayIds } = await createTour(env.api, { name: 'Template tour' }, 3));
  const items = [
    itemBody(tourId, dayIds[0] as number, {
      name: 'Load in',
      startTime: '10:00',
      notes: 'Dock 2',
      isEveryone: true,
      reminder: [{ duration: 15, typeId: 1, description: 'Soon' }],
    }),
    itemBody(tourId, dayIds[0] as number, { name: 'Soundcheck', startTime: '16:00', isEveryone: true }),
  ];
  itemIds = (await env.api.post('/v1/schedule/items/batch', { items })).body.data.ids;
});

const names = async (dayId: number): Promise<string[]> =>
  ((await env.api.get(`/v1/tours/${tourId}/days/${dayId}/schedule`)).body.data as Array<{ name: string }>).map(
    (row) => row.name,
  );

describe('schedule templates', () => {
  it('saves items into a template that only its owner sees', async () => {
    const created = await env.api.post('/v1/schedule-templates', {
      templateName: 'Show day',
      itemIds,
      includeNotes: false,
    });
    expect(created.status).toBe(200);
    const templateId = created.body.data.id;
    const list = await env.api.get(`/v1/tours/${tourId}/schedule-templates`);
    expect(list.body.data[0]).toMatchObject({
      id: templateId,
      template_name: 'Show day',
      tour_id: tourId,
      item_templates_count: 2,
      created_by: { id: env.sandbox.credentials.userId },
    });
    const items = await env.api.get(`/v1/schedule-templates/${templateId}/items`);
    expect(items.body.data.map((row: { name: string }) => row.name)).toEqual(['Load in', 'Soundcheck']);
    expect(items.body.data[0]).toMatchObject({
      scheduled_template_id: templateId,
      notes: null,
      start_time: '10:00:00',
      reminders: [{ duration: 15 }],
    });
    const secondAdmin = await env.api.admin('POST', `/tours/${tourId}/members`, { role: 'admin' });
    const other = await actAs(env.api, secondAdmin.body.userId);
    expect((await other.get(`/v1/tours/${tourId}/schedule-templates`)).body.data).toEqual([]);
    expect((await other.get(`/v1/schedule-templates/${templateId}/items`)).status).toBe(404);
    expect((await env.api.post('/v1/schedule-templates', { templateName: 'Show day', itemIds })).status).toBe(409);
  });

  it('rejects items of two tours (400) and an item restricted away from the caller (404)', async () => {
    const { tourId: otherTour, dayIds: otherDays } = await createTour(env.api, { name: 'Second' }, 1);
    const foreign = (await env.api.post('/v1/schedule/items', itemBody(otherTour, otherDays[0] as number))).body.data
      .id;
    expect(
      (await env.api.post('/v1/schedule-templates', { templateName: 'Mixed', itemIds: [itemIds[0], foreign] })).status,
    ).toBe(400);
    const hidden = (
      await env.api.post('/v1/schedule/items', itemBody(tourId, dayIds[0] as number, { name: 'Private' }))
    ).body.data.id;
    const crew = await actAs(env.api, await crewMember(env.api, tourId));
    expect((await crew.post('/v1/schedule-templates', { templateName: 'Peek', itemIds: [hidden] })).status).toBe(404);
    expect((await env.api.post('/v1/schedule-templates', { templateName: 'Empty', itemIds: [] })).status).toBe(400);
    expect((await env.api.post('/v1/schedule-templates', { templateName: 'Ghost', itemIds: [999_999] })).status).toBe(
      404,
    );
  });

  it('applies with MERGE and REPLACE, and undo-apply removes only its own items', async () => {
    const templateId = (await env.api.post('/v1/schedule-templates', { templateName: 'Apply me', itemIds })).body.data
      .id;
    const target = dayIds[1] as number;
    const handMade = (
      await env.api.post(
        '/v1/schedule/items',
        itemBody(tourId, target, { name: 'Hand made', startTime: '12:00', isEveryone: true }),
      )
    ).body.data.id;
    const merged = await env.api.post(`/v1/schedule-templates/${templateId}/apply`, { dayId: target });
    expect(merged.body.data.ids).toHaveLength(2);
    expect(await names(target)).toEqual(['Load in', 'Hand made', 'Soundcheck']);
    const replaced = await env.api.post(`/v1/schedule-templates/${templateId}/apply`, {
      dayId: target,
      mode: 'REPLACE',
    });
    expect(replaced.body.data.ids).toHaveLength(2);
    expect(await names(target)).toEqual(['Load in', 'Soundcheck']);
    await env.api.post('/v1/schedule/items/' + handMade + '/restore');
    expect((await env.api.post(`/v1/schedule-templates/${templateId}/undo-apply`, { dayId: target })).status).toBe(200);
    expect(await names(target)).toEqual(['Hand made']);
    const { tourId: otherTour, dayIds: otherDays } = await createTour(env.api, { name: 'Elsewhere' }, 1);
    expect(otherTour).not.toBe(tourId);
    expect((await env.api.post(`/v1/schedule-templates/${templateId}/apply`, { dayId: otherDays[0] })).status).toBe(
      400,
    );
    expect(
      (await env.api.post(`/v1/schedule-templates/${templateId}/apply`, { dayId: target, mode: 'SMASH' })).status,
    ).toBe(400);
  });

  it('renames, deletes (items already created stay) and restores; restoring a live template is 400', async () => {
    const templateId = (await env.api.post('/v1/schedule-templates', { templateName: 'Lifecycle', itemIds })).body.data
      .id;
    const target = dayIds[2] as number;
    await env.api.post(`/v1/schedule-templates/${templateId}/apply`, { dayId: target });
    expect((await env.api.put(`/v1/schedule-templates/${templateId}`, { templateName: 'Renamed' })).body.data).toEqual({
      id: templateId,
    });
    expect((await env.api.post(`/v1/schedule-templates/${templateId}/restore`)).status).toBe(400);
    expect((await env.api.delete(`/v1/schedule-templates/${templateId}`)).status).toBe(200);
    expect(await names(target)).toEqual(['Load in', 'Soundcheck']);
    expect((await env.api.get(`/v1/schedule-templates/${templateId}/items`)).status).toBe(404);
    expect((await env.api.post(`/v1/schedule-templates/${templateId}/restore`)).status).toBe(200);
    expect((await env.api.get(`/v1/schedule-templates/${templateId}/items`)).body.data).toHaveLength(2);
    const list = await env.api.get(`/v1/tours/${tourId}/schedule-templates`);
    expect(list.body.data.find((row: { id: number }) => row.id === templateId)?.template_name).toBe('Renamed');
  });

  it('answers 403 when the caller is no longer a member of the tour', async () => {
    const templateId = (await env.api.post('/v1/schedule-templates', { templateName: 'Members only', itemIds })).body
      .data.id;
    const { orgs } = env.sandbox.credentials;
    expect(orgs.subscribed).toBe(env.sandbox.credentials.orgId);
    env.sandbox.sandbox.store.tourMembers.delete(`${tourId}:${env.sandbox.credentials.userId}`);
    try {
      expect((await env.api.post(`/v1/schedule-templates/${templateId}/apply`, { dayId: dayIds[0] })).status).toBe(403);
    } finally {
      env.sandbox.sandbox.store.tourMembers.put({
        id: `${tourId}:${env.sandbox.credentials.userId}`,
        tourId,
        userId: env.sandbox.credentials.userId,
        roleId: 2,
      });
    }
  });
});
