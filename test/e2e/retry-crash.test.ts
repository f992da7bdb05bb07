/**
 * A retry survives its worker being killed: a run that created 20 tours and had 10 refused
 * (a day type that does not exist, `onFailure: continue`) is retried with the names fixed while its worker
 * process is SIGKILLed again and again; the retry completes and every tour exists exactly once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { connectClient } from '../../worker/temporal.ts';
import { waitForOutcome } from '../../cli/runs.ts';
import { loadConfig } from '../../worker/config.ts';
import type { RunResult } from '../../workflows/messages.ts';
import { cli } from '../cli/support.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'fixtures/many-tours-continue.yaml');
const KILLS = 5;
const tours = (bad: boolean) =>
  Array.from({ length: 30 }, (_, i) => ({
    id: `t${i}`,
    name: `Retry crash ${String(i).padStart(2, '0')}`,
    dayType: bad && i % 3 === 1 ? 'Nonsense' : 'Show',
  }));

describe('a retry whose worker is killed', () => {
  let sandbox: RunningSandbox;
  let bundle: string;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true });
    sandbox.faults.add({ kind: 'latency', ms: 40 });
    bundle = await prebuiltBundle();
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-retry-crash-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (bundle) await rm(bundle, { force: true });
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`creates every tour exactly once after ${KILLS} SIGKILLs mid-retry`, async () => {
    const taskQueue = `retry-crash-${randomUUID()}`;
    const env = workerEnv({ taskQueue, credentials: sandbox.credentials, bundle });
    const client = await connectClient(loadConfig({ env }).temporal);
    const command = await workerCommand();
    const options = { cwd: dir, taskQueue };
    let worker: WorkerProcess | undefined = startWorkerProcess(env, command);
    try {
      await worker.ready;
      await writeFile(path.join(dir, 'tours.json'), JSON.stringify({ tours: tours(true) }));
      const first = await cli(['run', PLAYBOOK, '--inputs', 'tours.json', '--json'], options);
      const firstResult = JSON.parse(first.out) as RunResult;
      expect(firstResult.warnings).toHaveLength(10);

      await writeFile(path.join(dir, 'tours.json'), JSON.stringify({ tours: tours(false) }));
      const started = await cli(
        ['retry', firstResult.workflowId, '--inputs', 'tours.json', '--no-wait', '--json'],
        options,
      );
      expect(started.code, started.err).toBe(0);
      const { workflowId } = JSON.parse(started.out) as { workflowId: string };
      for (let kill = 0; kill < KILLS; kill++) {
        if (kill > 0) {
          worker = startWorkerProcess(env, command);
          await worker.ready;
        }
        await new Promise((resolve) => setTimeout(resolve, 150 + ((kill * 397) % 700))); // a kill point, not a wait for state
        await worker.kill('SIGKILL');
      }
      worker = startWorkerProcess(env, command);
      await worker.ready;
      const outcome = await waitForOutcome(client.workflow.getHandle(workflowId));
      expect(outcome.result?.status).toBe('completed');
      expect(outcome.result?.warnings).toEqual([]);
    } finally {
      await worker?.kill('SIGTERM');
      await client.connection.close();
    }
    const names = ((sandbox.snapshot({ normalise: true }) as { tours?: { name: string }[] }).tours ?? [])
      .map((t) => t.name)
      .filter((name) => name.startsWith('Retry crash '));
    expect(names.sort()).toEqual(
      tours(false)
        .map((t) => t.name)
        .sort(),
    );
  }, 300_000);
});
