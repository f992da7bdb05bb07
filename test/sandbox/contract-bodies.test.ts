/**
 * The sandbox checks request bodies with the contract's schemas (`api/contract/`): the answer to
 * a bad body names each field by its full path, lookup IDs are checked against the sandbox's
 * tables wherever they sit in the body, and a schedule item update clears only what may be empty.
 * With `checkResponses` (on in tests) every answer's `data` is checked against the contract too.
 */
import { describe, expect, it } from 'vitest';
import { createTourBody } from '../../api/contract/tours.ts';
import { createTour, itemBody, tourBody, useSandbox } from './helpers.ts';

const env = useSandbox({ seed: 3017 });

describe('request bodies as the contract describes them', () => {
  it('names a lookup ID nested in a list that is in no table, and creates nothing', async () => {
    const body = tourBody(env.sandbox.credentials.orgId, { name: 'Lookup check' }, 2);
    (body.days as Array<Record<string, unknown>>)[1]!.day_type_id = 9_999;
    expect(createTourBody.safeParse(body).success, 'the client lets it through: the API reads its tables live').toBe(
      true,
    );
    const answer = await env.api.post('/v1/tours', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'days[1].day_type_id: unknown dayTypes ID',
    });
    const tours = await env.api.get(`/v1/tours?org_id=${env.sandbox.credentials.orgId}`);
    expect(tours.body.data.some((row: { tour: { name: string } }) => row.tour.name === 'Lookup check')).toBe(false);
  });

  it('names the failing field of a batch item by its place in the batch', async () => {
    const { tourId, dayIds } = await createTour(env.api, { name: 'Batch paths' }, 1);
    const day = dayIds[0]!;
    const answer = await env.api.post('/v1/schedule/items/batch', {
      items: [itemBody(tourId, day), itemBody(tourId, day, { startTime: '2030-06-01T16:00:00Z', reminder: [{}] })],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('VALIDATION_ERROR');
    expect(answer.body.message).toContain('items[1].startTime: must be HH:mm (24-hour time of day)');
    expect(answer.body.message).toContain('items[1].reminder[0].duration');
  });

  it('clears a schedule item field that may be empty with null, and refuses null for its name', async () => {
    const { tourId, dayIds } = await createTour(env.api, { name: 'Clearing' }, 1);
    const created = await env.api.post('/v1/schedule/items', itemBody(tourId, dayIds[0]!, { notes: 'Bring cables' }));
    const itemId = created.body.data.id as number;
    const refused = await env.api.put(`/v1/schedule/items/${itemId}`, { name: null, notes: null });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'VALIDATION_ERROR', message: 'name: cannot be cleared' });
    expect((await env.api.put(`/v1/schedule/items/${itemId}`, { notes: null })).status).toBe(200);
    const list = await env.api.get(`/v1/tours/${tourId}/days/${dayIds[0]}/schedule`);
    expect(list.body.data.find((row: { id: number }) => row.id === itemId)).toMatchObject({
      name: 'Soundcheck',
      notes: null,
    });
  });

  it('answers 500 naming the field when a response does not fit the contract (checkResponses, on in tests)', async () => {
    const { tourId } = await createTour(env.api, { name: 'Response shapes' }, 1);
    const tag = await env.api.post(`/v1/tours/${tourId}/tags`, { name: 'Crew', colorId: 1 });
    expect(tag.status).toBe(200);
    // a record the contract's tag shape cannot describe: its name is gone
    Object.assign(env.sandbox.sandbox.store.tags.get(tag.body.data.id as number)!, { name: undefined });
    const answer = await env.api.get(`/v1/tours/${tourId}/tags`);
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({
      error: 'INTERNAL_ERROR',
      message: expect.stringContaining('The listTags response does not fit the contract: data.0.name'),
    });
  });
});
