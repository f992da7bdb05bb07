/**
 * One measured run of one variant: a fresh sandbox (and, for tourflow, a fresh worker), the
 * generated tour, the clock around the run only, and what the run cost: API calls by endpoint,
 * CPU per process, history events and the worker's peak memory.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import type { Config, WorkerTuning } from '../worker/config.ts';
import { startScriptProcess } from './direct-process.ts';
import { generateTour, type TourCounts } from './generate.ts';
import { CpuMeter } from './proc.ts';
import { processBreakdown, type Breakdown } from './profile.ts';
import {
  apiCalls,
  startSandboxProcess,
  type ApiIdle,
  type EndpointCounts,
  type SandboxProcess,
} from './sandbox-process.ts';
import { checkedInputs, configFor, warmUp, withConcurrency } from './run-setup.ts';
import { historyStats, runOnTemporal, type HistoryStats, type StepSpan } from './tourflow.ts';
import { startWorkerProcess } from './worker-process.ts';

/** tourflow with payloads unencrypted, tourflow with every payload encrypted, the two scripts. */
export const Variant = { tourflow: 'tourflow', encrypted: 'encrypted', direct: 'direct', naive: 'naive' } as const;
export type Variant = (typeof Variant)[keyof typeof Variant];

/** What every measurement shares: the Temporal dev server, the plan, the settings. */
export interface BenchEnv {
  /** The client of the `tourflow` variant: payloads unencrypted. */
  client: Client;
  /** The client of the `encrypted` variant, with {@link encryptionKeys}. */
  encryptedClient: Client;
  /** The payload key of the `encrypted` variant (`TOURFLOW_ENCRYPTION_KEYS`). */
  encryptionKeys: string;
  temporal: { address: string; namespace: string; pid: number | undefined };
  /** Prebuilt workflow bundle, so a fresh worker starts in a second. */
  bundlePath: string;
  /** Worker entry of the compiled build; without it workers run from the sources. */
  workerEntry: string | undefined;
  /** Arguments for the worker's node, e.g. CPU profiling. */
  workerNodeArgs: string[];
  /** Arguments for the script's node (none: node's defaults). */
  scriptNodeArgs: string[];
  /** Where CPU profiles go (the worker's `--cpu-prof`, the script's through the inspector), if profiled. */
  profileDir?: string;
  /** How long a tourflow run may take before the bench terminates it and reports why. */
  runTimeoutMs: number;
  plan: Plan;
  latencyMs: number;
  tuning: Partial<WorkerTuning>;
}

/** Which run: variant, tour size factor, `forEach` concurrency override (null: as the playbooks say). */
export interface RunSpec {
  variant: Variant;
  factor: number;
  concurrency: number | null;
  rep: number;
}

export interface Measurement extends RunSpec {
  wallMs: number;
  /** Requests to `/v1` the sandbox served during the run. */
  apiCalls: number;
  callsPerSecond: number;
  requests: EndpointCounts;
  /** Time the API had no request in flight between the run's first request and its last answer. */
  apiIdle: ApiIdle;
  /** CPU seconds each process used during the run. */
  cpu: Record<string, number>;
  counts: TourCounts;
  history?: HistoryStats;
  workerPeakRssBytes?: number;
  /** The worker's resident memory when it was ready, before the run. */
  workerIdleRssBytes?: number;
  /** Top-level steps: when each started and ended, in milliseconds from the start of the run. */
  steps: Record<string, StepSpan>;
  /** API calls of the untimed warm-up run before it, in the same process. */
  warmUpApiCalls: number;
  /** With `--profile`: CPU ms by part of the code over the process's warm-up and run. */
  profile?: Breakdown;
}

type Timed = Pick<
  Measurement,
  'wallMs' | 'cpu' | 'history' | 'workerPeakRssBytes' | 'workerIdleRssBytes' | 'steps' | 'warmUpApiCalls' | 'profile'
>;

/** A run's tour and the smaller one that warms its process up first. */
interface RunInputs {
  inputs: JsonObject;
  warmUp: JsonObject;
}

async function timeTourflow(
  env: BenchEnv,
  client: Client,
  config: Config,
  sandbox: SandboxProcess,
  plan: Plan,
  run: RunInputs,
): Promise<Timed> {
  const worker = await startWorkerProcess(config, env.workerEntry, env.workerNodeArgs);
  const workerIdleRssBytes = worker.peakRss();
  try {
    await runOnTemporal(client, config.temporal.taskQueue, plan, run.warmUp, randomUUID(), env.runTimeoutMs);
    const warmUpApiCalls = apiCalls((await sandbox.counts(true)).requests);
    const meter = new CpuMeter(
      {
        sandbox: sandbox.pid,
        worker: worker.pid,
        temporal: env.temporal.pid,
        bench: process.pid,
      },
      ['worker'],
    );
    const timed = await runOnTemporal(
      client,
      config.temporal.taskQueue,
      plan,
      run.inputs,
      randomUUID(),
      env.runTimeoutMs,
    );
    const cpu = meter.read();
    const workerPeakRssBytes = worker.peakRss();
    await worker.stop();
    const history = await historyStats(client, config.temporal.taskQueue, { workflowId: timed.workflowId, plan });
    const memory =
      workerPeakRssBytes !== undefined && workerIdleRssBytes !== undefined
        ? { workerPeakRssBytes, workerIdleRssBytes }
        : {};
    const profile = env.profileDir ? await processBreakdown(env.profileDir, worker.pid) : undefined;
    return {
      wallMs: timed.wallMs,
      cpu,
      history,
      steps: history.steps,
      warmUpApiCalls,
      ...memory,
      ...(profile ? { profile } : {}),
    };
  } catch (error) {
    await worker.stop();
    throw new Error(`${(error as Error).message}\nworker log (tail):\n${worker.output().slice(-4_000)}`, {
      cause: error,
    });
  }
}

/**
 * The script in a process of its own, as the worker is: warmed on the smaller tour first, its
 * CPU read from `/proc` around the measured walk only.
 */
async function timeDirect(
  env: BenchEnv,
  config: Config,
  sandbox: SandboxProcess,
  plan: Plan,
  run: RunInputs,
  spec: RunSpec,
): Promise<Timed> {
  const name = `${spec.variant}-${spec.factor}-${spec.concurrency ?? 'own'}-${spec.rep}`;
  const script = startScriptProcess({
    plan,
    inputs: run.inputs,
    warmUp: run.warmUp,
    config: { api: config.api, outputDir: config.outputDir },
    sequential: spec.variant === Variant.naive,
    nodeArgs: env.scriptNodeArgs,
    ...(env.profileDir ? { profile: { dir: env.profileDir, name } } : {}),
  });
  try {
    await script.warmUp();
    const warmUpApiCalls = apiCalls((await sandbox.counts(true)).requests);
    const meter = new CpuMeter({ sandbox: sandbox.pid, script: script.pid, bench: process.pid }, ['script']);
    const { wallMs, steps } = await script.run();
    const timed = { wallMs, cpu: meter.read(), steps, warmUpApiCalls };
    const profile = await script.finish();
    return profile ? { ...timed, profile } : timed;
  } finally {
    script.kill();
  }
}

/**
 * Size of the tour each measurement runs first, untimed, in the process it measures: a deployed
 * worker is long-lived and the hand-written script's process has run the action code before,
 * so both are measured warm (code compiled and optimised, lookups' schemas built), not cold.
 * Never larger than the tour measured (the harness's own test runs a tiny one).
 */
const WARM_UP_FACTOR = 1 / 16;

/** Runs one measurement on a fresh sandbox; throws when the run fails. */
export async function measure(env: BenchEnv, spec: RunSpec): Promise<Measurement> {
  const tour = generateTour(
    spec.factor,
    `Bench ${spec.variant} x${spec.factor} #${spec.rep} ${randomUUID().slice(0, 8)}`,
  );
  const warmUpTour = generateTour(
    Math.min(WARM_UP_FACTOR, spec.factor),
    `Warm-up ${spec.variant} #${spec.rep} ${randomUUID().slice(0, 8)}`,
  );
  // The naive script walks the plan one call at a time (`sequential`) with the playbooks' own
  // `forEach` settings, so its batches, and so its API calls, are the hand-written script's.
  const plan = withConcurrency(env.plan, spec.variant === Variant.naive ? null : spec.concurrency);
  const run: RunInputs = { inputs: checkedInputs(plan, tour.inputs), warmUp: checkedInputs(plan, warmUpTour.inputs) };
  const sandbox = await startSandboxProcess();
  const outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-bench-'));
  try {
    await warmUp(sandbox);
    await sandbox.setLatency(env.latencyMs);
    const encrypted = spec.variant === Variant.encrypted;
    const config = configFor(env, sandbox, `bench-${randomUUID()}`, outputDir, encrypted);
    const timed =
      spec.variant === Variant.tourflow || encrypted
        ? await timeTourflow(env, encrypted ? env.encryptedClient : env.client, config, sandbox, plan, run)
        : await timeDirect(env, config, sandbox, plan, run, spec);
    const { requests, idle } = await sandbox.counts();
    const calls = apiCalls(requests);
    return {
      ...spec,
      ...timed,
      apiCalls: calls,
      callsPerSecond: calls / (timed.wallMs / 1000),
      requests,
      apiIdle: idle,
      counts: tour.counts,
    };
  } finally {
    await sandbox.close();
    await rm(outputDir, { recursive: true, force: true });
  }
}
