/**
 * A worker that can be watched: `tourflow worker` with a metrics address serves the SDK's
 * metrics and tourflow's own on one Prometheus endpoint, labelled by path templates and
 * playbook names, and logs one JSON line per API call (at DEBUG) without a credential or guest data.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { startRun, waitForOutcome } from '../../cli/runs.ts';
import { loadConfig } from '../../worker/config.ts';
import { freePort } from '../../worker/dev-server.ts';
import { connectClient } from '../../worker/temporal.ts';
import { METRIC_LIST, MetricKind } from '../../workflows/metric-catalogue.ts';
import { runCliProcess } from '../support/cli-process.ts';
import { pollUntil } from '../support/poll.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';
import { PLAYBOOKS } from '../support/stack.ts';
import { AFTER_FAILURE_ONLY, watchedSdkMetrics } from '../support/watched-metrics.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Guest data of tour-setup's default inputs, which no log line or label may hold. */
const GUEST_DATA = ['Lindholm', 'Okafor', 'Moreau', 'night.driver@example.net', 'Night driver'];

/** The samples of one metric in a Prometheus text exposition, as label maps and values. */
function samples(text: string, name: string): Array<{ labels: Record<string, string>; value: number }> {
  const found: Array<{ labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    found.push({ labels: labels as Record<string, string>, value: Number(match[3]) });
  }
  return found;
}

function total(text: string, name: string, where: Record<string, string>): number {
  return samples(text, name)
    .filter((s) => Object.entries(where).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('a worker with a metrics address', () => {
  let sandbox: RunningSandbox;
  let bundle: string;
  let outputDir: string;
  let worker: WorkerProcess | undefined;
  let metricsUrl: string;
  let taskQueue: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true });
    bundle = await prebuiltBundle();
    outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-metrics-'));
    taskQueue = `metrics-${randomUUID()}`;
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    env = {
      ...workerEnv({ taskQueue, credentials: sandbox.credentials, bundle }),
      TOURFLOW_METRICS_ADDRESS: `127.0.0.1:${port}`,
      TOURFLOW_LOG_FORMAT: 'json',
      // Every call's line is written at DEBUG; at the default level only a troubled call's.
      TOURFLOW_LOG_LEVEL: 'DEBUG',
      TOURFLOW_OUTPUT_DIR: outputDir,
    };
    worker = startWorkerProcess(env, await workerCommand());
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await sandbox?.close();
    if (bundle) await rm(bundle, { force: true });
    if (outputDir) await rm(outputDir, { recursive: true, force: true });
  });

  async function run(file: string, inputs: JsonObject, runKey: string) {
    const client = await connectClient(loadConfig({ env }).temporal);
    try {
      const compiled = await compilePlaybookFile(file);
      const resolved = resolveInputs(compiled.plan!, inputs);
      const started = await startRun({ client, taskQueue, plan: compiled.plan!, inputs: resolved.inputs, runKey });
      return await waitForOutcome(started.handle);
    } finally {
      await client.connection.close();
    }
  }

  it('serves every counter of tourflow at zero before any run, so alerts and dashboards see a series', async () => {
    const counters = METRIC_LIST.filter((metric) => metric.kind === MetricKind.counter);
    const text = await pollUntil(
      async () => {
        const body = await (await fetch(metricsUrl)).text();
        return counters.every((metric) => samples(body, metric.name).length > 0) ? body : undefined;
      },
      "every counter of tourflow's on the metrics endpoint of a worker that has run nothing",
      10_000,
    );
    for (const metric of counters) {
      expect(text, metric.name).toContain(`# TYPE ${metric.name} counter`);
      expect(samples(text, metric.name).map((sample) => sample.value)).toEqual([0]);
    }
  });

  it("serves the SDK's metrics and tourflow's, labelled without IDs, after a run, a 429 and a rollback", async () => {
    // One 429 on creating the tour: the call waits its Retry-After (1 s) and is tried again.
    sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/tours$' },
      kind: 'status',
      status: 429,
      retryAfterSeconds: 1,
      times: 1,
    });
    const setup = await run(path.join(PLAYBOOKS, 'tour-setup.yaml'), {}, 'watched');
    expect(setup.result?.status, setup.message).toBe('completed');
    // An unknown day type fails the last step; the saga deletes the tours the first step made.
    const failing = await run(
      path.resolve(import.meta.dirname, 'fixtures', 'tours-then-fail.yaml'),
      { badDayType: 'Holiday' },
      'watched-rollback',
    );
    expect(failing.result?.status, failing.message).toBe('rolledBack');

    const text = await pollUntil(async () => {
      const body = await (await fetch(metricsUrl)).text();
      // Counts reach the endpoint within a second (activities/observe.ts: COUNTER_FLUSH_MS).
      const counted =
        total(body, 'tourflow_runs_total', { playbook: 'tours-then-fail' }) > 0 &&
        total(body, 'tourflow_undo_calls_total', {}) >= 3;
      return counted ? body : undefined;
    }, 'the runs and their undo calls to be counted on the metrics endpoint');
    const mine = { task_queue: taskQueue };
    // Workflow code's metrics carry the SDK's workflow tags, spelled in camel case.
    const myRuns = { taskQueue, workflowType: 'playbookWorkflow' };
    // The SDK's own: the worker polled, took workflow and activity tasks, and timed their wait.
    expect(total(text, 'temporal_workflow_completed', { ...mine, workflow_type: 'playbookWorkflow' })).toBeGreaterThan(
      0,
    );
    expect(
      samples(text, 'temporal_workflow_task_schedule_to_start_latency_count').some((s) =>
        s.labels.task_queue?.startsWith(taskQueue),
      ),
    ).toBe(true);
    expect(total(text, 'temporal_activity_schedule_to_start_latency_count', mine)).toBeGreaterThan(0);
    expect(total(text, 'temporal_activity_execution_latency_count', mine)).toBeGreaterThan(0);
    expect(samples(text, 'temporal_worker_task_slots_available').length).toBeGreaterThan(0);

    // tourflow's: API calls by path template, method and status; the 429, its retry and its wait.
    expect(total(text, 'tourflow_api_requests_total', { endpoint: '/v1/tours', method: 'POST', status: '429' })).toBe(
      1,
    );
    expect(total(text, 'tourflow_api_requests_total', { endpoint: '/v1/tours/:tourId', method: 'DELETE' })).toBe(3);
    expect(
      total(text, 'tourflow_api_request_duration_seconds_count', { endpoint: '/v1/tours', method: 'POST' }),
    ).toBeGreaterThanOrEqual(2);
    expect(total(text, 'tourflow_api_retries_total', { endpoint: '/v1/tours', method: 'POST', status: '429' })).toBe(1);
    expect(total(text, 'tourflow_api_rate_limited_waits_total', { endpoint: '/v1/tours', method: 'POST' })).toBe(1);
    expect(total(text, 'tourflow_api_rate_limited_wait_seconds_sum', { endpoint: '/v1/tours', method: 'POST' })).toBe(
      1,
    );
    expect(total(text, 'tourflow_undo_calls_total', { undo: 'undoTourDelete', outcome: 'succeeded' })).toBe(3);
    expect(total(text, 'tourflow_runs_total', { ...myRuns, playbook: 'tour-setup', outcome: 'completed' })).toBe(1);
    expect(total(text, 'tourflow_runs_total', { ...myRuns, playbook: 'tours-then-fail', outcome: 'rolledBack' })).toBe(
      1,
    );
    // Child runs (playbook.run) count under their own playbook's name.
    expect(total(text, 'tourflow_runs_total', { ...myRuns, playbook: 'create-tour', outcome: 'completed' })).toBe(1);

    // The SDK metrics the README and the dashboard tell operators to watch are real names.
    const served = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const missing = watchedSdkMetrics().filter(
      (name) => !served.has(name) && !(AFTER_FAILURE_ONLY as readonly string[]).includes(name),
    );
    expect(missing, 'named in README.md or monitoring/grafana/dashboards/tourflow.json, but not served').toEqual([]);
    // Every metric of the catalogue is there, and no label of tourflow's holds an ID or a name.
    for (const metric of METRIC_LIST) expect(text, metric.name).toContain(`# TYPE ${metric.name} `);
    // (this test's task queue is a UUID of its own)
    const ours = text
      .split('\n')
      .filter((line) => line.startsWith('tourflow_'))
      .map((line) => line.replaceAll(taskQueue, 'tq'));
    expect(ours.filter((line) => UUID.test(line) || /\/\d+/.test(line))).toEqual([]);
    for (const guest of GUEST_DATA) expect(text).not.toContain(guest);
  }, 180_000);

  it('stops a second worker on the same metrics address at once, saying why (exit 1)', async () => {
    const port = new URL(metricsUrl).port;
    const second = await runCliProcess(['worker'], { env: { ...env, TOURFLOW_LOG_FORMAT: 'text' }, timeoutMs: 60_000 });
    expect(second.code, second.err).toBe(1);
    expect(second.err).toContain(
      `error: cannot serve metrics on 127.0.0.1:${port}: Failed to start prometheus metrics exporter: Address already in use (os error 98). Give another --metrics-address (or TOURFLOW_METRICS_ADDRESS).`,
    );
    expect(second.err).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('logs one JSON line per API call, with no header, token, secret or guest data', () => {
    const output = worker!.output();
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const calls = lines.filter((line) => typeof line.message === 'string' && line.message.startsWith('API '));
    expect(calls.length).toBeGreaterThan(20);
    for (const call of calls) {
      expect(call).toMatchObject({
        level: expect.stringMatching(/^(DEBUG|WARN)$/),
        method: expect.stringMatching(/^(GET|POST|PUT|PATCH|DELETE)$/),
        path: expect.stringMatching(/^\/v1\//),
        status: expect.any(String),
        durationMs: expect.any(Number),
        attempt: expect.any(Number),
        activityType: expect.any(String),
        workflowId: expect.any(String),
      });
      expect(call.path, 'a path template, not a path with IDs').not.toMatch(UUID);
      expect(call).not.toHaveProperty('taskToken');
    }
    const limited = calls.find((call) => call.status === '429');
    expect(limited).toMatchObject({ level: 'WARN', method: 'POST', path: '/v1/tours', attempt: 1 });
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/v1/tours' && call.attempt === 2),
    ).toMatchObject({ status: '200' });

    const { apiKey, apiSecret, accessToken, refreshToken } = sandbox.credentials;
    for (const secret of [apiKey, apiSecret, accessToken, refreshToken]) expect(output).not.toContain(secret);
    for (const guest of GUEST_DATA) expect(output).not.toContain(guest);
    expect(output.toLowerCase()).not.toContain('authorization');
    expect(output.toLowerCase()).not.toContain('x-api-secret');
  });
});
