/**
 * A watcher's history stays bounded: it continues as new every few polls (here 3; by default
 * 500, or sooner when Temporal suggests it), carrying its triggers, what it saw and its counts,
 * so a change after several continuations starts exactly one run and nothing fires again.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WithStartWorkflowOperation } from '@temporalio/client';
import type { ApiClient } from '../../api/client/index.ts';
import { createBulletin } from '../../api/contract/bulletins.ts';
import { compilePlaybookFile, planForRun } from '../../definitions/index.ts';
import type { TriggeredPlan } from '../../definitions/trigger-types.ts';
import { applyTriggersUpdate, watcherId, watcherStatusQuery } from '../../workflows/watcher-messages.ts';
import { pollUntil } from '../support/poll.ts';
import type { TestStack } from '../support/stack.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-bulletins.yaml');

describe('a long-running watcher', () => {
  let triggers: TriggerStack;
  let stack: TestStack;
  let api: ApiClient;
  /** The tour whose watcher the test starts: its triggers are deleted with the file, which ends the watcher. */
  let watched: { tourId: string; playbook: string } | undefined;
  beforeAll(async () => {
    triggers = await startTriggerStack();
    ({ stack, api } = triggers);
  }, 60_000);
  afterAll(async () => {
    if (watched)
      expect(
        (await triggers.tourflow(['triggers', 'delete', watched.tourId, '--playbook', watched.playbook])).code,
      ).toBe(0);
    await triggers?.close();
  });

  it('continues as new with its state: a change after three continuations starts one run', async () => {
    const { tourId, dayId } = await triggers.oneDayTour('Long Watch', 'long-watch');
    const plan = planForRun((await compilePlaybookFile(FIXTURE)).plan!) as TriggeredPlan;
    const trigger = { playbook: plan.name, trigger: plan.triggers![0]!, plan, inputs: { tourId }, version: 'v1' };
    watched = { tourId, playbook: plan.name };
    const start = new WithStartWorkflowOperation('tourWatcherWorkflow', {
      workflowId: watcherId(tourId),
      taskQueue: stack.config.temporal.taskQueue,
      args: [{ tourId, pollMs: 500, pollsPerRun: 3 }],
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
    await stack.client.workflow.executeUpdateWithStart(applyTriggersUpdate, {
      args: [plan.name, [trigger]],
      startWorkflowOperation: start,
    });
    const runs = async () => {
      let count = 0;
      for await (const _ of stack.client.workflow.list({ query: `WorkflowId = '${watcherId(tourId)}'` })) count++;
      return count;
    };
    await pollUntil(async () => (await runs()) >= 4, 'three continuations', 60_000);
    await api.call(createBulletin, {
      body: { dayId, title: 'After', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `long-watch-${tourId}`,
    });
    const handle = stack.client.workflow.getHandle(watcherId(tourId));
    await pollUntil(
      async () => (await handle.query(watcherStatusQuery)).stats.started === 1,
      'the run of the bulletin',
      60_000,
    );
    const polls = (await handle.query(watcherStatusQuery)).stats.polls;
    await pollUntil(
      async () => (await runs()) >= 6 && (await handle.query(watcherStatusQuery)).stats.polls >= polls + 6,
      'two more continuations',
      60_000,
    );
    const status = await handle.query(watcherStatusQuery);
    expect(status.stats.started).toBe(1);
    expect(status.triggers.map((t) => [t.id, t.live])).toEqual([['any_bulletin', true]]);
    let started = 0;
    for await (const _ of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` }))
      started++;
    expect(started).toBe(1);
    const history = await handle.fetchHistory();
    expect(history.events?.length).toBeLessThan(100);
  }, 180_000);
});
