/**
 * Durability: the worker is killed with SIGKILL at random points of a run, many times in a row,
 * and started again each time; the run completes with exactly one record per intended record,
 * with one lane per batch activity and with several.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { connectClient } from '../../worker/temporal.ts';
import { startRun, waitForOutcome } from '../../cli/runs.ts';
import { loadConfig } from '../../worker/config.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

const names = (prefix: string) => Array.from({ length: 40 }, (_, i) => `${prefix} ${String(i).padStart(2, '0')}`);
/** many-tours: three lanes, one per batch activity; many-tours-grouped: eight, two per activity. */
const CASES = [
  { fixture: 'many-tours.yaml', kills: 20, prefix: 'Crash', seed: 20_271 },
  { fixture: 'many-tours-grouped.yaml', kills: 8, prefix: 'Grouped crash', seed: 8_191 },
];

/** A small deterministic generator, so a failing sequence of kill points can be repeated. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('worker crashes', () => {
  let sandbox: RunningSandbox;
  let bundle: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true });
    sandbox.faults.add({ kind: 'latency', ms: 40 });
    bundle = await prebuiltBundle();
  });
  afterAll(async () => {
    await sandbox?.close();
    if (bundle) await rm(bundle, { force: true });
  });

  it.each(CASES)(
    '$fixture completes with exactly one record per intended record after $kills SIGKILLs',
    async ({ fixture, kills, prefix, seed }) => {
      const NAMES = names(prefix);
      const taskQueue = `crash-${randomUUID()}`;
      const env = workerEnv({ taskQueue, credentials: sandbox.credentials, bundle });
      const config = loadConfig({ env });
      const client = await connectClient(config.temporal);
      const compiled = await compilePlaybookFile(path.resolve(import.meta.dirname, 'fixtures', fixture));
      const { inputs } = resolveInputs(compiled.plan!, { names: NAMES } as JsonObject);
      const run = await startRun({
        client,
        taskQueue,
        plan: compiled.plan!,
        inputs,
        runKey: taskQueue,
        workflowTaskTimeout: '2s',
      });
      const random = seeded(seed);
      const command = await workerCommand();
      let worker: WorkerProcess | undefined;
      try {
        for (let kill = 0; kill < kills; kill++) {
          worker = startWorkerProcess(env, command);
          await worker.ready;
          await new Promise((resolve) => setTimeout(resolve, 150 + random() * 900)); // a random kill point, not a wait for state
          await worker.kill('SIGKILL');
        }
        worker = startWorkerProcess(env, command);
        await worker.ready;
        const outcome = await waitForOutcome(run.handle);
        expect(outcome.result?.status).toBe('completed');
        expect(outcome.result?.outputs.count).toBe(NAMES.length);
      } finally {
        await worker?.kill('SIGTERM');
        await client.connection.close();
      }
      const tours = ((sandbox.snapshot({ normalise: true }) as { tours?: { name: string }[] }).tours ?? []).map(
        (t) => t.name,
      );
      for (const name of NAMES)
        expect(
          tours.filter((t) => t === name),
          name,
        ).toHaveLength(1);
      expect(tours.filter((t) => t.startsWith(`${prefix} `))).toHaveLength(NAMES.length);
    },
    300_000,
  );
});
