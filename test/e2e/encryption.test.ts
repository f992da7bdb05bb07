/**
 * Guest data is never readable in Temporal: a tour-setup run whose guests and crew carry unique
 * names and e-mails, and a run that fails with one of them in its error message, leave none of
 * them in their histories as Temporal holds them (read with the Temporal CLI and the SDK, no
 * codec); the same histories read through `tourflow codec-server`, with its token, show them.
 * A worker that logs what it does (INFO) writes none of them either, failures included.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startRun } from '../../cli/runs.ts';
import { resolveInputs } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { findTemporalCli } from '../../worker/temporal-cli.ts';
import { countMarkers } from '../support/marker-scan.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { sandboxEnv, startWorkerProcess, workerCommand, type WorkerProcess } from '../support/worker-process.ts';

const run = promisify(execFile);
const CLI_MAIN = path.resolve(import.meta.dirname, '../support/cli-main.ts');
const tag = randomUUID().slice(0, 8);
const guest = { firstName: `Zephyrine${tag}`, lastName: `Quorvath${tag}` };
const crew = {
  name: `Ingeborg Tallaksen${tag}`,
  email: `ingeborg.${tag}@crew-marker.example`,
  plainEmail: `rigger.${tag}@crew-marker.example`,
};
const MARKERS = [guest.firstName, guest.lastName, crew.name, crew.email, crew.plainEmail];
const TOKEN = `codec-token-${randomUUID()}`;

type Counts = Record<string, number>;
const total = (counts: Counts[]) =>
  Object.fromEntries(MARKERS.map((marker) => [marker, counts.reduce((sum, c) => sum + (c[marker] ?? 0), 0)]));

describe('payload encryption', () => {
  let stack: TestStack;
  let codecServer: WorkerProcess | undefined;
  let temporal: string;
  const runs: Array<{ workflowId: string; runId: string }> = [];

  beforeAll(async () => {
    stack = await startTestStack();
    temporal = (await findTemporalCli({ log: () => undefined })).path;
  });
  afterAll(async () => {
    await codecServer?.kill('SIGTERM');
    await stack?.close();
  });

  /** `temporal workflow show --output json` of a run, with the codec flags given (and no codec from the environment). */
  async function show(execution: { workflowId: string; runId: string }, codec: string[] = []): Promise<string> {
    const { address, namespace } = stack.config.temporal;
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TEMPORAL_CODEC')));
    const args = [
      'workflow',
      'show',
      '--output',
      'json',
      '--address',
      address,
      '--namespace',
      namespace,
      '-w',
      execution.workflowId,
      '-r',
      execution.runId,
      ...codec,
    ];
    const { stdout } = await run(temporal, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  }

  it('leaves no guest or crew name or e-mail readable in the histories of a run and of a failed run', async () => {
    const rooms = [
      {
        stay: 'Hotel Reeperbahn',
        roomNumber: 9,
        roomType: 'Twin',
        people: [{ email: crew.email, name: crew.name }, crew.plainEmail],
      },
    ];
    const guests = [{ date: '2027-03-26', ...guest, guests: 2, pickup: 'Will Call' }];
    const setup = await stack.run('tour-setup.yaml', { guests, rooms }, `markers-${tag}`);
    expect(setup.result?.status, setup.message).toBe('completed');
    expect(JSON.stringify(setup.result?.outputs.notOnTour)).toContain(crew.name);

    // A step that fails naming what it was given: the failure's message is encrypted too.
    const tourId = setup.result!.outputs.tourId;
    const failed = await stack.run(
      'assign-rooms.yaml',
      { tourId, rooms: [{ stay: `Pension ${guest.lastName}`, roomType: 'Single', people: [crew.plainEmail] }] },
      `markers-failed-${tag}`,
    );
    expect(failed.exitCode).not.toBe(0);
    expect(JSON.stringify(failed.result?.error ?? failed.message)).toContain(`Pension ${guest.lastName}`);

    for await (const execution of stack.client.workflow.list({
      query: `TaskQueue = '${stack.config.temporal.taskQueue}'`,
    })) {
      runs.push({ workflowId: execution.workflowId, runId: execution.runId });
    }
    expect(runs.length).toBeGreaterThanOrEqual(7); // tour-setup, its five child runs, the failed run

    const raw = total(await Promise.all(runs.map(async (execution) => countMarkers(await show(execution), MARKERS))));
    expect(raw, 'markers in the histories as the Temporal CLI prints them without a codec').toEqual(
      Object.fromEntries(MARKERS.map((m) => [m, 0])),
    );
    const sdk = total(
      await Promise.all(
        runs.map(async ({ workflowId, runId }) => {
          const history = await stack.client.workflow.getHandle(workflowId, runId).fetchHistory();
          return countMarkers(
            JSON.stringify(history, (_key, value: unknown) =>
              value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
            ),
            MARKERS,
          );
        }),
      ),
    );
    expect(sdk, 'markers in the histories as the SDK reads them without a codec').toEqual(
      Object.fromEntries(MARKERS.map((m) => [m, 0])),
    );
  }, 180_000);

  it('shows them through `tourflow codec-server` to a caller with its token, and to no one else', async () => {
    expect(runs.length, 'the runs of the first test').toBeGreaterThan(0);
    codecServer = startWorkerProcess(
      { TOURFLOW_ENCRYPTION_KEYS: inject('encryptionKeys'), TOURFLOW_CODEC_TOKEN: TOKEN },
      ['--import', 'tsx', CLI_MAIN, 'codec-server', '--port', '0'],
      { readyText: 'codec server http' },
    );
    await codecServer.ready;
    const url = /codec server (http:\/\/\S+) /.exec(codecServer.output())?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(codecServer.output()).toContain('bearer token required');

    const decoded = total(
      await Promise.all(
        runs.map(async (execution) =>
          countMarkers(await show(execution, ['--codec-endpoint', url!, '--codec-auth', `Bearer ${TOKEN}`]), MARKERS),
        ),
      ),
    );
    for (const marker of MARKERS) expect(decoded[marker], `${marker} through the codec server`).toBeGreaterThan(0);
    const failedRun = runs.find((execution) => execution.workflowId.startsWith('assign-rooms--markers-failed'))!;
    const failure = await show(failedRun, ['--codec-endpoint', url!, '--codec-auth', `Bearer ${TOKEN}`]);
    const stay = `Pension ${guest.lastName}`;
    expect(countMarkers(failure, [stay])[stay], "the failed run's error message, decoded").toBeGreaterThan(0);

    const refused = await show(failedRun, ['--codec-endpoint', url!, '--codec-auth', 'Bearer wrong-token']).then(
      (out) => ({ out, error: undefined }),
      (error: unknown) => ({ out: '', error: error as Error }),
    );
    expect(countMarkers(refused.out || '{}', MARKERS)[guest.lastName], 'nothing decoded for a wrong token').toBe(0);
    expect(codecServer.output(), 'the codec server logs no payload').not.toMatch(new RegExp(MARKERS.join('|')));
  }, 120_000);

  it("keeps them out of a worker's log lines, a failed activity's included", async () => {
    const taskQueue = `markers-log-${tag}`;
    const worker = startWorkerProcess(
      {
        TEMPORAL_ADDRESS: stack.config.temporal.address,
        TEMPORAL_NAMESPACE: stack.config.temporal.namespace,
        TOURFLOW_ENCRYPTION_KEYS: inject('encryptionKeys'),
        TOURFLOW_TASK_QUEUE: taskQueue,
        TOURFLOW_LOG_LEVEL: 'INFO',
        ...sandboxEnv(stack.sandbox.credentials),
      },
      await workerCommand(),
    );
    try {
      await worker.ready;
      const plan = await stack.compile('assign-rooms.yaml');
      const rooms = [
        { stay: `Pension ${guest.lastName}`, roomType: 'Single', people: [{ email: crew.email, name: crew.name }] },
      ];
      const { inputs } = resolveInputs(plan, { tour: `No tour of ${guest.firstName}`, rooms } as JsonObject);
      const run = await startRun({ client: stack.client, taskQueue, plan, inputs, runKey: `markers-log-${tag}` });
      await expect(run.handle.result()).rejects.toThrow();
      expect(worker.output(), 'the worker logged the failed activity').toMatch(/Activity failed/);
      expect(countMarkers(JSON.stringify(worker.output()), MARKERS)).toEqual(
        Object.fromEntries(MARKERS.map((m) => [m, 0])),
      );
    } finally {
      await worker.kill('SIGTERM');
    }
  }, 180_000);
});
