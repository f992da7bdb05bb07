/**
 * What the goal benches (`npm run bench:triggers`, `npm run bench:retry`) measure on: the
 * bench's Temporal side (`bench-env.ts`), and per measurement a fresh sandbox in its own process
 * with the bench's latency, a `tourflow worker` in its own process, an API client, tourflow's CLI
 * run in this process against both, and tours made by walking a playbook's plan in this process
 * (the hand-written script's way: fast, and nothing of it in Temporal).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createActivities } from '../activities/index.ts';
import { createApiClient, type ApiClient } from '../api/client/index.ts';
import { main } from '../cli/main.ts';
import { compilePlaybookFile, resolveInputs } from '../definitions/index.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import type { Config } from '../worker/config.ts';
import { startTemporal } from './bench-env.ts';
import { walkPlan, type ActivityFunctions } from './direct.ts';
import { generateTour } from './generate.ts';
import type { BenchEnv } from './measure.ts';
import { parseOptions } from './options.ts';
import { configFor, warmUp } from './run-setup.ts';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.ts';
import { startWorkerProcess, workerEnv, type WorkerProcess } from './worker-process.ts';

const TOUR_SETUP = path.resolve(import.meta.dirname, '../definitions/playbooks/tour-setup.yaml');

/** A compiled playbook's plan; throws with the playbook's errors when it does not compile. */
export async function planOf(file: string): Promise<Plan> {
  const compiled = await compilePlaybookFile(file);
  if (!compiled.plan)
    throw new Error(`${path.basename(file)} does not compile:\n${compiled.errors.map((e) => e.message).join('\n')}`);
  return compiled.plan;
}

/** The bench's Temporal side for a goal bench: a dev server of its own, workers from the sources or the build. */
export async function startGoalTemporal(
  latencyMs: number,
  workerFrom: 'build' | 'source',
  log: (line: string) => void,
): Promise<{ env: BenchEnv; close: () => Promise<void> }> {
  const options = parseOptions(['--latency-ms', String(latencyMs), '--worker-from', workerFrom]);
  return startTemporal(options, await planOf(TOUR_SETUP), undefined, log);
}

export interface GoalStack {
  env: BenchEnv;
  sandbox: SandboxProcess;
  config: Config;
  worker: WorkerProcess;
  api: ApiClient;
  outputDir: string;
  /** `tourflow ARGV` in this process, configured as the worker is: its exit code, standard output, and all it printed. */
  tourflow(argv: string[]): Promise<{ code: number; out: string; lines: string[] }>;
  /** Walks `plan` with `inputs` (checked, defaults applied) in this process; its outputs. */
  walk(plan: Plan, inputs: JsonObject): Promise<JsonObject>;
  close(): Promise<void>;
}

/**
 * A fresh sandbox (the bench's latency once warmed up) and worker on a task queue of their own.
 * The sandbox has a seed of its own: a tour's watcher and its runs are named after the tour's ID
 * on the dev server every stack shares, and sandboxes of one seed make the same IDs.
 */
export async function startGoalStack(env: BenchEnv, label: string): Promise<GoalStack> {
  const sandbox = await startSandboxProcess(randomInt(2, 2 ** 31 - 1));
  const outputDir = await mkdtemp(path.join(os.tmpdir(), `tourflow-bench-${label}-`));
  try {
    await warmUp(sandbox);
    await sandbox.setLatency(env.latencyMs);
    const config = configFor(env, sandbox, `bench-${label}-${randomUUID()}`, outputDir, false);
    const api = createApiClient({ config: config.api });
    const worker = await startWorkerProcess(config, env.workerEntry, env.workerNodeArgs);
    return {
      env,
      sandbox,
      config,
      worker,
      api,
      outputDir,
      async tourflow(argv) {
        const lines: string[] = [];
        const out: string[] = [];
        const code = await main({
          argv,
          env: workerEnv(config),
          stdout: (line) => {
            out.push(line);
            lines.push(line);
          },
          stderr: (line) => lines.push(line),
        });
        return { code, out: out.join('\n'), lines };
      },
      async walk(plan, given) {
        const { inputs, errors } = resolveInputs(plan, given);
        if (errors.length > 0) throw new Error(`${plan.name}: ${errors.join('; ')}`);
        const client = createApiClient({ config: config.api, retry: false });
        const activities = createActivities({ client, outputDir, defaultOrg: config.api.defaultOrg });
        return walkPlan(plan, inputs, {
          activities: activities as unknown as ActivityFunctions,
          keySeed: `bench-${randomUUID()}`,
          now: new Date().toISOString(),
        }).finally(() => client.close());
      },
      async close() {
        await worker.stop();
        await api.close();
        await sandbox.close();
        await rm(outputDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await sandbox.close();
    await rm(outputDir, { recursive: true, force: true });
    throw error;
  }
}

/** A generated tour of `factor` × S made by the script's walk of tour-setup: its ID and its days. */
export async function generatedTour(
  stack: GoalStack,
  factor: number,
): Promise<{ tourId: string; days: { id: number; date: string }[] }> {
  const tour = generateTour(factor, `Goal ${randomUUID().slice(0, 8)}`);
  const outputs = await stack.walk(stack.env.plan, tour.inputs);
  return { tourId: String(outputs.tourId), days: outputs.days as unknown as { id: number; date: string }[] };
}

/** Writes a goal bench's results to `<outDir>/<kind>-<startedAt>.json`; the file's path. */
export async function writeGoalResults(
  outDir: string,
  kind: string,
  results: { startedAt: string } & Record<string, unknown>,
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `${kind}-${results.startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
