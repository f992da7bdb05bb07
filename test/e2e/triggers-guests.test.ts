/**
 * A status trigger on guest list entries, on the dev server: a guest's status changed through
 * the API's bulk status call starts one run whose event carries the status before and after;
 * a change of the party size alone (not a status) starts none.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client/index.ts';
import { createGuest, listGuestlist, updateGuest, updateGuestlistStatuses } from '../../api/contract/guestlist.ts';
import { pollUntil } from '../support/poll.ts';
import type { TestStack } from '../support/stack.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-guest-status.yaml');

describe('triggers on guest statuses', () => {
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

  it('starts one run for a status change, carrying before and after, and none for a party size change', async () => {
    const { tourId, dayId } = await triggers.oneDayTour('Guest Tour', 'guest-tour');
    const pending = await api.lookups.resolve('guestlistStatuses', 'Pending');
    const approved = await api.lookups.resolve('guestlistStatuses', 'Approved');
    const pickup = await api.lookups.resolve('pickupMethods', 'will call');
    const body = {
      firstName: 'Ada',
      lastName: 'Guest',
      numberOfGuests: 2,
      pickupMethodId: pickup,
      statusId: pending,
      passes: [],
    };
    await api.call(createGuest, {
      body: { tour_id: tourId, day_id: dayId, ...body },
      idempotencyKey: `guest-status-${tourId}`,
    });
    const guestId = await pollUntil(async () => {
      for await (const row of api.paginate(listGuestlist, { params: { tourId, dayId } })) return row.id;
      return undefined;
    }, 'the guest');
    const run = triggers.tourflow;
    expect((await run(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s'])).code).toBe(0);
    const decisions = async () =>
      JSON.parse((await run(['triggers', 'explain', tourId, '--json'])).out) as { kind: string; reason?: string }[];

    await api.call(updateGuest, { params: { guestListId: guestId }, body: { ...body, numberOfGuests: 3 } });
    await pollUntil(
      async () => (await decisions()).some((d) => d.reason === 'changed: not among its events'),
      'the party size change skipped',
    );
    await api.call(updateGuestlistStatuses, {
      params: { tourId },
      body: { guestListIds: [guestId], statusId: approved },
    });
    const outputs = async () => {
      const out: unknown[] = [];
      for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` }))
        out.push((await stack.client.workflow.getHandle(info.workflowId).result()).outputs);
      return out;
    };
    await pollUntil(async () => (await outputs()).length > 0, 'the run of the status change');
    expect(await outputs()).toEqual([{ kind: 'statusChanged', status: { before: 'Pending', after: 'Approved' } }]);
    await run(['triggers', 'delete', tourId, '--playbook', 'triggers-guest-status']);
  }, 120_000);
});
