/**
 * Failover after a worker crash: the worker running a batch activity is killed with SIGKILL in
 * the middle of a call, and another worker completes the activity within 15 s (its heartbeat
 * timeout is 10 s), not after the activity's start-to-close timeout; the calls run again under
 * the same idempotency keys and every record exists once.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { connectClient } from '../../worker/temporal.ts';
import { startRun, waitForOutcome } from '../../cli/runs.ts';
import { loadConfig } from '../../worker/config.ts';
import { pollUntil } from '../support/poll.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

/** The bound the failover must meet: from the SIGKILL to the activity completed by another worker. */
const FAILOVER_BOUND_MS = 15_000;
const NAMES = ['Failover Kiel', 'Failover Lübeck', 'Failover Rostock'];

/** The batch activity the run has started, and the identity of the worker running it. */
async function runningActivity(handle: WorkflowHandle): Promise<{ activityId: string; identity: string } | undefined> {
  const pending = (await handle.describe()).raw.pendingActivities ?? [];
  const started = pending.find((activity) => activity.lastWorkerIdentity && activity.lastStartedTime);
  return started ? { activityId: started.activityId ?? '', identity: started.lastWorkerIdentity ?? '' } : undefined;
}

/** The attempt and worker that completed the activity, once its completion is in the history. */
async function completion(
  handle: WorkflowHandle,
  activityId: string,
): Promise<{ attempt: number; identity: string } | undefined> {
  const events = (await handle.fetchHistory()).events ?? [];
  const scheduled = events.find((event) => event.activityTaskScheduledEventAttributes?.activityId === activityId);
  const scheduledId = scheduled?.eventId?.toString();
  const completed = events.find(
    (event) => event.activityTaskCompletedEventAttributes?.scheduledEventId?.toString() === scheduledId,
  );
  if (!scheduledId || !completed) return undefined;
  const startedId = completed.activityTaskCompletedEventAttributes?.startedEventId?.toString();
  const started = events.find((event) => event.eventId?.toString() === startedId)?.activityTaskStartedEventAttributes;
  return { attempt: started?.attempt ?? 0, identity: started?.identity ?? '' };
}

describe('worker crash failover', () => {
  let sandbox: RunningSandbox;
  let bundle: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true });
    bundle = await prebuiltBundle();
  });
  afterAll(async () => {
    await sandbox?.close();
    if (bundle) await rm(bundle, { force: true });
  });

  it(`another worker completes a killed worker's batch activity within ${FAILOVER_BOUND_MS / 1000} s, creating each record once`, async ({
    annotate,
  }) => {
    const taskQueue = `failover-${randomUUID()}`;
    const env = workerEnv({ taskQueue, credentials: sandbox.credentials, bundle });
    // The first tour's create is answered only after 6 s: the worker is killed while it waits.
    // The killed worker's request still runs then, before the other worker's retry.
    sandbox.faults.add({
      id: 'slow-create',
      kind: 'latency',
      ms: 6_000,
      match: { method: 'POST', path: '^/v1/tours$' },
      times: 1,
    });
    const client = await connectClient(loadConfig({ env }).temporal);
    const command = await workerCommand();
    const workers: WorkerProcess[] = [startWorkerProcess(env, command), startWorkerProcess(env, command)];
    try {
      await Promise.all(workers.map((worker) => worker.ready));
      const compiled = await compilePlaybookFile(path.resolve(import.meta.dirname, 'fixtures', 'failover-tours.yaml'));
      const { inputs } = resolveInputs(compiled.plan!, { names: NAMES } as JsonObject);
      const run = await startRun({ client, taskQueue, plan: compiled.plan!, inputs, runKey: taskQueue });

      const slowCallSent = async () =>
        !sandbox.faults.list().some((rule) => rule.id === 'slow-create') && (await runningActivity(run.handle));
      const { activityId, identity } = await pollUntil(
        slowCallSent,
        'the batch activity waiting on its first create',
        30_000,
      );
      const victim = workers.find((worker) => identity.startsWith(`${worker.pid}@`));
      expect(victim, `a worker with identity ${identity}`).toBeDefined();
      await victim!.kill('SIGKILL');
      const killedAt = Date.now();

      const done = await pollUntil(
        () => completion(run.handle, activityId),
        'the batch activity completed by another worker',
        FAILOVER_BOUND_MS,
      );
      const failoverMs = Date.now() - killedAt;
      await annotate(
        `failover: ${(failoverMs / 1000).toFixed(1)} s from SIGKILL to the activity completed (attempt ${done.attempt})`,
      );
      expect(done.attempt).toBeGreaterThan(1);
      expect(done.identity).not.toBe(identity);

      const outcome = await waitForOutcome(run.handle);
      expect(outcome.result?.status).toBe('completed');
      expect(outcome.result?.outputs.count).toBe(NAMES.length);
    } finally {
      await Promise.all(workers.map((worker) => worker.kill('SIGTERM')));
      await client.connection.close();
    }
    const tours = ((sandbox.snapshot({ normalise: true }) as { tours?: { name: string }[] }).tours ?? []).map(
      (tour) => tour.name,
    );
    for (const name of NAMES)
      expect(
        tours.filter((tour) => tour === name),
        name,
      ).toHaveLength(1);
  }, 120_000);
});
