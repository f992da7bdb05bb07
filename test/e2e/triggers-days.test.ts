/**
 * Triggers on days, on the dev server: a show day added through the API (a tour edit's
 * `day_list`) starts one run; an off day added starts none (its filter); a day removed (hard
 * deleted: absent from the reads from then on) starts one run once two reads lack it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client/index.ts';
import { getTourData, listDayTypes, updateTour } from '../../api/contract/tours.ts';
import { pollUntil } from '../support/poll.ts';
import type { TestStack } from '../support/stack.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-days.yaml');

describe('triggers on days', () => {
  let triggers: TriggerStack;
  let stack: TestStack;
  let api: ApiClient;
  beforeAll(async () => {
    triggers = await startTriggerStack();
    ({ stack, api } = triggers);
  }, 60_000);
  afterAll(async () => {
    await triggers?.close();
  });

  it('starts one run for a show day added and one for a show day removed, none for an off day', async () => {
    const { tourId, dayId: first } = await triggers.oneDayTour('Day Tour', 'day-tour');
    const run = triggers.tourflow;
    expect((await run(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s'])).code).toBe(0);
    const types = await api.call(listDayTypes, {});
    const typeId = (name: string) => types.find((t) => t.type === name)!.id;
    const day = (date: string, type: string) => ({
      day_type_id: typeId(type),
      name: `${type} ${date}`,
      formatted_address: 'Hamburg',
      date,
    });
    await api.call(updateTour, {
      params: { tourId },
      body: { day_list: [{ day_id: first }, day('2027-03-28', 'Show'), day('2027-03-29', 'Off')] },
    });
    const outputs = async () => {
      const out: { kind: string; date: string }[] = [];
      for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` })) {
        out.push(
          (await stack.client.workflow.getHandle(info.workflowId).result()).outputs as { kind: string; date: string },
        );
      }
      return out;
    };
    await pollUntil(async () => (await outputs()).length === 1, 'the run of the show day added');
    expect(await outputs()).toEqual([{ kind: 'created', date: '2027-03-28' }]);
    // the first day goes: the day_list keeps only the others
    const data = await api.call(getTourData, { params: { tourId }, query: {} });
    const others = data.days.map((d) => d.id).filter((id) => id !== first);
    await api.call(updateTour, { params: { tourId }, body: { day_list: others.map((id) => ({ day_id: id })) } });
    await pollUntil(async () => (await outputs()).length === 2, 'the run of the show day removed');
    expect((await outputs()).map((o) => `${o.kind} ${o.date}`).sort()).toEqual([
      'created 2027-03-28',
      'deleted 2027-03-27',
    ]);
    await run(['triggers', 'delete', tourId, '--playbook', 'triggers-days']);
  }, 120_000);
});
