/**
 * `tourflow triggers list` lists every watcher even when one cannot answer: the watcher of a tour
 * whose worker has stopped gets a row of its tour and triggers, marked as not answering and why,
 * beside the live figures of a watcher whose worker runs; the command exits 0 within seconds.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watcherId } from '../../workflows/watcher-messages.ts';
import { cli } from '../cli/support.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';
import {
  prebuiltBundle,
  sandboxEnv,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-bulletins.yaml');
const PLAYBOOK = 'triggers-bulletins';

describe('triggers list with a watcher that cannot answer', () => {
  let triggers: TriggerStack;
  let bundle: string;
  let worker: WorkerProcess | undefined;
  const suffix = randomUUID().slice(0, 8);
  /** The task queue of the worker this test starts and stops. */
  const stoppedQueue = `triggers-list-stopped-${suffix}`;
  /** The tours whose watchers this file started, and whether their worker still runs. */
  const watched: { tourId: string; live: boolean }[] = [];

  beforeAll(async () => {
    [triggers, bundle] = await Promise.all([startTriggerStack(), prebuiltBundle()]);
  }, 120_000);
  afterAll(async () => {
    // the live watcher's triggers are deleted; the one without a worker can take no update, so it is ended
    for (const { tourId, live } of watched) {
      if (live) expect((await triggers.tourflow(['triggers', 'delete', tourId, '--playbook', PLAYBOOK])).code).toBe(0);
      else await triggers.stack.client.workflow.getHandle(watcherId(tourId)).terminate('the test is over');
    }
    await worker?.kill('SIGTERM');
    await triggers?.close();
    if (bundle) await rm(bundle, { force: true });
  }, 60_000);

  it('lists both watchers, the one whose worker stopped as not answering, and exits 0', async () => {
    const silent = await triggers.oneDayTour(`Silent Watch ${suffix}`, `triggers-list-silent-${suffix}`);
    const live = await triggers.oneDayTour(`Live Watch ${suffix}`, `triggers-list-live-${suffix}`);

    // the first tour's watcher runs on a worker of this test's own, stopped once the triggers are live
    const env = workerEnv({ taskQueue: stoppedQueue, credentials: triggers.stack.sandbox.credentials, bundle });
    worker = startWorkerProcess(env, await workerCommand());
    await worker.ready;
    const applied = await cli(['triggers', 'apply', FIXTURE, '--input', `tourId=${silent.tourId}`, '--poll', '1s'], {
      taskQueue: stoppedQueue,
      env: sandboxEnv(triggers.stack.sandbox.credentials),
    });
    expect(applied.code, applied.err).toBe(0);
    watched.push({ tourId: silent.tourId, live: false });
    await worker.kill('SIGTERM');

    const other = await triggers.tourflow(['triggers', 'apply', FIXTURE, '--input', `tourId=${live.tourId}`]);
    expect(other.code, other.err).toBe(0);
    watched.push({ tourId: live.tourId, live: true });

    const began = Date.now();
    const listed = await triggers.tourflow(['triggers', 'list']);
    const tookMs = Date.now() - began;
    expect(listed.code, listed.err).toBe(0);
    // the server remembers the stopped worker's last poll for minutes: the row says when it began
    const silentRow = new RegExp(
      `^tour ${silent.tourId}: no answer: no worker is polling its task queue ${stoppedQueue}` +
        `( \\(the last poll began \\d+ s ago\\), or its worker is busy)?\\n  ${PLAYBOOK}/any_bulletin$`,
      'm',
    );
    expect(listed.out).toMatch(silentRow);
    expect(listed.out).toContain(`tour ${live.tourId}: polls every 60 s`);
    expect(listed.err).toMatch(/^\d+ of \d+ watchers did not answer$/);
    expect(tookMs).toBeLessThan(10_000);

    const json = JSON.parse((await triggers.tourflow(['triggers', 'list', '--json'])).out) as {
      tourId: string;
      noAnswer?: string;
      triggerIds?: string[];
      stats?: unknown;
    }[];
    expect(json.find((row) => row.tourId === silent.tourId)).toEqual({
      tourId: silent.tourId,
      workflowId: watcherId(silent.tourId),
      triggerIds: [`${PLAYBOOK}/any_bulletin`],
      noAnswer: expect.stringMatching(`^no worker is polling its task queue ${stoppedQueue}`),
    });
    expect(json.find((row) => row.tourId === live.tourId)?.stats).toBeDefined();
  }, 120_000);
});
