/**
 * Triggers survive a worker killed with SIGKILL at random points of its polls: bulletins are
 * created through the API while workers come and go, and once one stays up the watcher has
 * started exactly one run per bulletin, none twice, none missed.
 */
import { uniqueSeed } from '../support/stack.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import { createBulletin } from '../../api/contract/bulletins.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { loadConfig } from '../../worker/config.ts';
import { connectClient } from '../../worker/temporal.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { oneDayTourOn, seeded } from '../support/trigger-process.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-bulletins.yaml');
const KILLS = 6;

describe('triggers and worker crashes', () => {
  let sandbox: RunningSandbox;
  let bundle: string;
  let api: ApiClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true, seed: uniqueSeed() });
    sandbox.faults.add({ kind: 'latency', ms: 40 });
    bundle = await prebuiltBundle();
  });
  afterAll(async () => {
    await api?.close();
    await sandbox?.close();
    if (bundle) await rm(bundle, { force: true });
  });

  it(`starts exactly one run per created bulletin across ${KILLS} SIGKILLs of the worker`, async () => {
    const taskQueue = `triggers-crash-${randomUUID()}`;
    const env = workerEnv({ taskQueue, credentials: sandbox.credentials, bundle });
    const config = loadConfig({ env });
    api = createApiClient({ config: config.api });
    const client = await connectClient(config.temporal);
    const command = await workerCommand();
    const random = seeded(31_337);
    let worker: WorkerProcess | undefined = startWorkerProcess(env, command);
    try {
      await worker.ready;
      const { tourId, dayId } = await oneDayTourOn(client, taskQueue, 'Crash Trigger Tour');
      const applied = await cli(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s'], {
        taskQueue,
        env,
      });
      expect(applied.code, applied.err).toBe(0);

      let made = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        for (let n = 0; n < 2; n++) {
          made++;
          await api.call(createBulletin, {
            body: { dayId, title: `Crash ${made}`, body: 'x', isPinned: false, hasNotification: false },
            idempotencyKey: `${taskQueue}-${made}`,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 200 + random() * 1500)); // a random kill point, not a wait for state
        await worker.kill('SIGKILL');
        worker = startWorkerProcess(env, command);
        await worker.ready;
      }
      const runs = async () => {
        const ids: string[] = [];
        for await (const info of client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` }))
          ids.push(info.workflowId);
        return ids;
      };
      await pollUntil(async () => (await runs()).length >= made, `${made} runs`, 180_000, 500);
      // a few more polls start nothing more
      const status = async () =>
        JSON.parse((await cli(['triggers', 'status', tourId, '--json'], { taskQueue, env })).out) as {
          stats: { polls: number };
        };
      const polls = (await status()).stats.polls;
      await pollUntil(async () => (await status()).stats.polls >= polls + 3, 'three more polls', 60_000);
      const started = await runs();
      expect(started).toHaveLength(made);
      const records = started.map((id) => id.split('/')[4]);
      expect(new Set(records).size).toBe(made);
      await cli(['triggers', 'delete', tourId, '--playbook', 'triggers-bulletins'], { taskQueue, env });
    } finally {
      await worker?.kill('SIGTERM');
      await client.connection.close();
    }
  }, 400_000);
});
