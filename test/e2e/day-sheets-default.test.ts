/**
 * Where a worker saves day sheets when nobody says: `tourflow worker` started in a folder of
 * its own without `TOURFLOW_OUTPUT_DIR` keeps every sheet inside `./day-sheets` there, `folder: .`
 * included (it used to mean the working directory itself, where a sheet could replace the
 * user's files), and writes nothing else into that folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMarkedSheet } from '../../activities/actions/day-sheet-save.ts';
import { startRun, waitForOutcome } from '../../cli/runs.ts';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { loadConfig } from '../../worker/config.ts';
import { connectClient } from '../../worker/temporal.ts';
import { PLAYBOOKS } from '../support/stack.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

describe('the default output folder', () => {
  let sandbox: RunningSandbox;
  let bundle: string;
  let cwd: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true });
    bundle = await prebuiltBundle();
    cwd = await mkdtemp(path.join(os.tmpdir(), 'tourflow-worker-cwd-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (bundle) await rm(bundle, { force: true });
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });

  it('is ./day-sheets in the worker’s working directory, for the default folder and for folder "."', async () => {
    const taskQueue = `sheets-default-${randomUUID()}`;
    const env = workerEnv({ taskQueue, credentials: sandbox.credentials, bundle });
    expect(process.env.TOURFLOW_OUTPUT_DIR).toBeUndefined();
    const client = await connectClient(loadConfig({ env }).temporal);
    let runs = 0;
    const run = async (file: string, given: JsonObject) => {
      const { plan } = await compilePlaybookFile(path.join(PLAYBOOKS, file));
      const { inputs, errors } = resolveInputs(plan!, given);
      expect(errors).toEqual([]);
      const started = await startRun({ client, taskQueue, plan: plan!, inputs, runKey: `${taskQueue}-${++runs}` });
      const outcome = await waitForOutcome(started.handle);
      expect(outcome.result?.status, outcome.message).toBe('completed');
      return outcome.result!.outputs;
    };
    let worker: WorkerProcess | undefined;
    try {
      worker = startWorkerProcess(env, await workerCommand(), { cwd });
      await worker.ready;
      const days = [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }];
      const { tourId } = (await run('create-tour.yaml', { name: 'Default Folder', days })) as { tourId: string };
      // the worker's working directory as it sees it (a temporary folder may be reached through a link)
      const expected = path.join(await realpath(cwd), 'day-sheets', 'Default Folder', '2027-03-27-Berlin.pdf');
      const dot = (await run('render-day-sheets.yaml', { tourId, from: '2027-03-27', folder: '.' })) as {
        files: string[];
      };
      expect(dot.files).toEqual([expected]);
      const byDefault = (await run('render-day-sheets.yaml', { tourId, from: '2027-03-27' })) as { files: string[] };
      expect(byDefault.files).toEqual([expected]);
      expect(await readdir(cwd)).toEqual(['day-sheets']);
      expect(await isMarkedSheet(await readFile(expected))).toBe(true);
    } finally {
      await worker?.kill('SIGTERM');
      await client.connection.close();
    }
  }, 180_000);
});
