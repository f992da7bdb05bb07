/**
 * The Web UI says which trigger started a run: a tour's watcher and each run it starts carry the
 * `TriggerId` search attribute (`<playbook>/<trigger id>`), so a search by it lists both; the
 * run's summary and details name the change. On the real dev server, a bulletin created through
 * the public API.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBulletin } from '../../api/contract/bulletins.ts';
import { watcherId } from '../../workflows/watcher-messages.ts';
import { pollUntil } from '../support/poll.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-search.yaml');
const TRIGGER = 'triggers-search/new_bulletin';

describe('the TriggerId search attribute', () => {
  let t: TriggerStack;

  beforeAll(async () => {
    t = await startTriggerStack();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists the watcher and the run its trigger started, whose summary names the change', async () => {
    const { tourId, dayId } = await t.oneDayTour('Search Tour', `search-${randomUUID().slice(0, 8)}`);
    const applied = await t.tourflow(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s']);
    expect(applied.err).toBe('');
    const bulletin = await t.api.call(createBulletin, {
      body: { dayId, title: 'Doors at 19:00', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `test-search-${tourId}`,
    });
    const query = `TriggerId = '${TRIGGER}' AND TourId = '${tourId}'`;
    const listed = await pollUntil(async () => {
      const ids: string[] = [];
      for await (const run of t.stack.client.workflow.list({ query })) ids.push(run.workflowId);
      return ids.length === 2 ? ids.sort() : undefined;
    }, `two workflows listed by ${query}`);
    const run = listed.find((id) => id !== watcherId(tourId))!;
    expect(listed).toContain(watcherId(tourId));
    expect(run).toMatch(new RegExp(`^trigger/${tourId}/triggers-search/new_bulletin/bulletins-`));

    const described = await t.stack.client.workflow.getHandle(run).describe();
    expect(described.searchAttributes).toMatchObject({
      TriggerId: [TRIGGER],
      TourId: [tourId],
      PlaybookName: ['triggers-search'],
    });
    expect(await described.staticSummary()).toBe(`trigger new_bulletin: created bulletins ${bulletin.bulletin_id}`);
    expect(await described.staticDetails()).toContain(
      `Started by trigger **new_bulletin** of playbook triggers-search on tour ${tourId}`,
    );
    const watcher = await t.stack.client.workflow.getHandle(watcherId(tourId)).describe();
    expect(watcher.searchAttributes.TriggerId).toEqual([TRIGGER]);

    // status: last poll, lag, calls per poll, runs started and skipped
    const status = await t.tourflow(['triggers', 'status', tourId]);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(
      new RegExp(
        [
          `^tour ${tourId}: polls every 1 s`,
          '  last poll: \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, lag \\d+ s, 1 API call per poll, \\d+ polls',
          '  runs started: 1, skipped: 0, debounces waiting: 0',
          `  ${TRIGGER}: bulletins: created - started 1, skipped 0$`,
        ].join('\n'),
      ),
    );

    await t.tourflow(['triggers', 'delete', tourId, '--playbook', 'triggers-search']);
  }, 120_000);
});
