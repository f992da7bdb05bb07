/**
 * Time events missed while no worker ran: with the worker killed across a moment, the next
 * worker fires the trigger whose late window the delay is within (its event says `late`) and
 * records the one whose window it is beyond as skipped, naming the delay. The moment lies seconds
 * after the install (a duration before its day's start), so the test waits about the minute after
 * which an event says `late`, not for the next whole minute first.
 */
import { uniqueSeed } from '../support/stack.ts';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRun, waitForOutcome } from '../../cli/runs.ts';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { loadConfig } from '../../worker/config.ts';
import { connectClient } from '../../worker/temporal.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { beforeDayStart, dayStartingAfterTenMinutes, secondsAhead } from '../support/trigger-stack.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

function playbook(before: string): string {
  const trigger = (id: string, late: string) => `  - id: ${id}
    tour: \${{ inputs.tourId }}
    on: { before: "${before}", late: ${late} }
`;
  return `apiVersion: tourflow/v1
name: triggers-late
inputs:
  tourId: { type: string }
triggers:
${trigger('within_window', '1h')}${trigger('beyond_window', '5s')}steps:
  - id: read
    action: bulletin.list
    with: { tourId: "\${{ inputs.tourId }}" }
outputs:
  trigger: \${{ event.trigger }}
  late: \${{ event.late }}
`;
}

describe('time events missed during downtime', () => {
  let sandbox: RunningSandbox;
  let bundle: string;
  let folder: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true, seed: uniqueSeed() });
    bundle = await prebuiltBundle();
    folder = await mkdtemp(path.join(os.tmpdir(), 'tourflow-late-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (bundle) await rm(bundle, { force: true });
  });

  it('fires late within the window and skips beyond it', async () => {
    const taskQueue = `triggers-late-${randomUUID()}`;
    const env = workerEnv({ taskQueue, credentials: sandbox.credentials, bundle });
    const client = await connectClient(loadConfig({ env }).temporal);
    const command = await workerCommand();
    let worker: WorkerProcess = startWorkerProcess(env, command);
    try {
      await worker.ready;
      const date = dayStartingAfterTenMinutes();
      const compiled = await compilePlaybookFile(
        path.resolve(import.meta.dirname, '../../definitions/playbooks/create-tour.yaml'),
      );
      const { inputs } = resolveInputs(compiled.plan!, {
        name: 'Late Tour',
        timeZone: 'UTC',
        days: [{ date, city: 'Berlin', dayType: 'Show', timeZone: 'UTC' }],
      } as JsonObject);
      const created = await waitForOutcome(
        (await startRun({ client, taskQueue, plan: compiled.plan!, inputs, runKey: taskQueue })).handle,
      );
      const tourId = created.result!.outputs.tourId as string;
      // seconds ahead: time enough to install the triggers and kill the worker before it
      const moment = secondsAhead(12_000);
      const file = path.join(folder, 'late.yaml');
      await writeFile(file, playbook(beforeDayStart(date, moment)));
      const applied = await cli(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '10m'], {
        taskQueue,
        env,
      });
      expect(applied.code, applied.err).toBe(0);
      await worker.kill('SIGKILL');
      expect(Date.now(), 'the worker was killed before the moment').toBeLessThan(moment.getTime());
      // no worker until the moment is 65 s past (an event over 60 s late says so): polls the clock, not the state
      await pollUntil(
        () => Date.now() > moment.getTime() + 65_000,
        'the moment 65 s past',
        moment.getTime() + 95_000 - Date.now(),
        500,
      );
      worker = startWorkerProcess(env, command);
      await worker.ready;
      const decisions = async () =>
        JSON.parse((await cli(['triggers', 'explain', tourId, '--json'], { taskQueue, env })).out) as {
          trigger: string;
          outcome: string;
          reason?: string;
        }[];
      const done = await pollUntil(
        async () => {
          const found = await decisions();
          return found.length >= 2 ? found : undefined;
        },
        'both decisions',
        60_000,
      );
      expect(done.map((d) => [d.trigger, d.outcome]).sort()).toEqual([
        ['triggers-late/beyond_window', 'skipped'],
        ['triggers-late/within_window', 'started'],
      ]);
      expect(done.find((d) => d.outcome === 'skipped')?.reason).toMatch(
        /^missed by \d+ s, beyond its late window of 5 s$/,
      );
      const runs: unknown[] = [];
      for await (const info of client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` }))
        runs.push((await client.workflow.getHandle(info.workflowId).result()).outputs);
      expect(runs).toEqual([{ trigger: 'within_window', late: true }]);
      await cli(['triggers', 'delete', tourId, '--playbook', 'triggers-late'], { taskQueue, env });
    } finally {
      await worker.kill('SIGTERM');
      await client.connection.close();
    }
  }, 240_000);
});
