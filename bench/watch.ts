/**
 * What a watched tour costs while nothing happens on it (`triggers:`): a worker with one
 * watcher, on a tour of S/16 that nothing changes, polling every second for a while. Measured:
 * API calls per poll, the worker's and Temporal's CPU per poll, the worker's CPU per second with
 * no watcher (what any worker costs idle), and from them the CPU seconds an hour of a tour
 * watched at the default poll of a minute adds.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createActivities } from '../activities/index.ts';
import { createApiClient } from '../api/client/index.ts';
import { main } from '../cli/main.ts';
import { resolveInputs } from '../definitions/index.ts';
import { watcherId, watcherStatusQuery, type WatcherStatus } from '../workflows/watcher-messages.ts';
import { walkPlan, type ActivityFunctions } from './direct.ts';
import { generateTour } from './generate.ts';
import type { BenchEnv } from './measure.ts';
import { configFor, warmUp } from './run-setup.ts';
import { CpuMeter } from './proc.ts';
import { apiCalls, startSandboxProcess } from './sandbox-process.ts';
import { startWorkerProcess, workerEnv } from './worker-process.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'watch-bulletins.yaml');
/** How long the worker's and Temporal's CPU is read with no watcher. */
const IDLE_MS = 5_000;
/** The default poll of `tourflow triggers apply`. */
const DEFAULT_POLL_S = 60;

export interface WatchCost {
  seconds: number;
  polls: number;
  apiCallsPerPoll: number;
  /** CPU seconds per poll, worker and Temporal, what each costs with no watcher taken off. */
  cpuPerPoll: { worker: number; temporal: number };
  /** CPU seconds per second of a worker with no watcher. */
  workerIdleCpuPerSecond: number;
  /** CPU seconds (worker and Temporal) an hour of one tour watched at the default poll adds. */
  cpuPerHourAtDefaultPoll: number;
}

/** Polls every second for `seconds` on a fresh sandbox and worker; throws when the watcher does not poll. */
export async function measureWatcher(env: BenchEnv, seconds: number): Promise<WatchCost> {
  const sandbox = await startSandboxProcess();
  const outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-bench-watch-'));
  try {
    await warmUp(sandbox);
    await sandbox.setLatency(env.latencyMs);
    const config = configFor(env, sandbox, `bench-watch-${randomUUID()}`, outputDir, false);
    // The watched tour, made by the script's walk of a small tour-setup.
    const client = createApiClient({ config: config.api, retry: false });
    const activities = createActivities({
      client,
      outputDir,
      defaultOrg: config.api.defaultOrg,
    }) as unknown as ActivityFunctions;
    const tour = generateTour(1 / 16, `Watched ${randomUUID().slice(0, 8)}`);
    const outputs = await walkPlan(env.plan, resolveInputs(env.plan, tour.inputs).inputs, {
      activities,
      keySeed: `bench-${randomUUID()}`,
      now: new Date().toISOString(),
    }).finally(() => client.close());
    const tourId = String(outputs.tourId);
    const worker = await startWorkerProcess(config, env.workerEntry, env.workerNodeArgs);
    try {
      // What the worker and Temporal cost with no watcher, a sleep long: taken off below.
      const idle = new CpuMeter({ worker: worker.pid, temporal: env.temporal.pid });
      await sleep(IDLE_MS);
      const idleCpu = idle.read();
      const workerIdleCpuPerSecond = (idleCpu.worker ?? 0) / (IDLE_MS / 1000);
      const temporalIdleCpuPerSecond = (idleCpu.temporal ?? 0) / (IDLE_MS / 1000);
      const lines: string[] = [];
      const code = await main({
        argv: ['triggers', 'apply', PLAYBOOK, '--input', `tourId=${tourId}`, '--poll', '1s'],
        env: workerEnv(config),
        stdout: (l) => lines.push(l),
        stderr: (l) => lines.push(l),
      });
      if (code !== 0) throw new Error(`tourflow triggers apply failed (${code}): ${lines.join('\n')}`);
      const watcher = env.client.workflow.getHandle(watcherId(tourId));
      const status = (): Promise<WatcherStatus> => watcher.query(watcherStatusQuery);
      const before = await status();
      await sandbox.counts(true);
      const meter = new CpuMeter({ worker: worker.pid, temporal: env.temporal.pid });
      await sleep(seconds * 1000);
      const cpu = meter.read();
      const polls = (await status()).stats.polls - before.stats.polls;
      const calls = apiCalls((await sandbox.counts()).requests);
      await watcher.terminate('the bench measured it');
      if (polls <= 0) throw new Error(`the watcher did not poll in ${seconds} s`);
      const perPoll = {
        worker: Math.max(0, (cpu.worker ?? 0) - workerIdleCpuPerSecond * seconds) / polls,
        temporal: Math.max(0, (cpu.temporal ?? 0) - temporalIdleCpuPerSecond * seconds) / polls,
      };
      return {
        seconds,
        polls,
        apiCallsPerPoll: calls / polls,
        cpuPerPoll: perPoll,
        workerIdleCpuPerSecond,
        cpuPerHourAtDefaultPoll: (3600 / DEFAULT_POLL_S) * (perPoll.worker + perPoll.temporal),
      };
    } finally {
      await worker.stop();
    }
  } finally {
    await sandbox.close();
    await rm(outputDir, { recursive: true, force: true });
  }
}

/** The report's lines of a watcher's cost. */
export function watchReport(cost: WatchCost): string {
  const ms = (s: number) => `${(s * 1000).toFixed(1)} ms`;
  return [
    `${cost.polls} polls in ${cost.seconds} s of a tour watched with nothing changing: ${cost.apiCallsPerPoll.toFixed(1)} API calls per poll;`,
    `CPU per poll: worker ${ms(cost.cpuPerPoll.worker)} (its ${ms(cost.workerIdleCpuPerSecond)} a second with no watcher taken off), Temporal ${ms(cost.cpuPerPoll.temporal)};`,
    `at the default poll of a minute: ${cost.cpuPerHourAtDefaultPoll.toFixed(2)} CPU seconds an hour per watched tour.`,
  ].join('\n');
}
