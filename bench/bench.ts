/**
 * The bench: tourflow against a hand-written concurrent script and a naive sequential script,
 * running the tour-setup playbook on a generated tour against the sandbox with a fixed latency
 * per request. Prints the tables and writes `<outDir>/<time>.json`.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compilePlaybookFile } from '../definitions/index.ts';
import type { Plan } from '../definitions/plan-types.ts';
import { benchSandboxThroughput } from '../sandbox/bench.ts';
import { startTemporal } from './bench-env.ts';
import { profileTable } from './profile.ts';
import { measureWatcher, watchReport, type WatchCost } from './watch.ts';
import { SIZE_S, generateTour, sizeName } from './generate.ts';
import { measure, type BenchEnv, type Measurement, type RunSpec } from './measure.ts';
import { runList, type BenchOptions } from './options.ts';
import {
  concurrencyTable,
  cpuTable,
  describeCounts,
  encryptionLine,
  endpointTable,
  growthTable,
  idleReport,
  sizeTable,
  starvedRuns,
  starvedShare,
  stepTable,
  targetTable,
} from './report.ts';
import { round } from './stats.ts';
import { cpuRatioBreaches, summarizeAll, targets } from './summary.ts';
import { threadTable } from './threads.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, '../definitions/playbooks/tour-setup.yaml');

/** A run that failed: what it was and why. */
export interface Failure extends RunSpec {
  error: string;
}

/** Everything a bench run measured, as written to the JSON file. */
export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  commit: string;
  node: string;
  cpus: number;
  options: BenchOptions;
  sizeS: typeof SIZE_S;
  sandboxThroughput: { requests: number; seconds: number; rps: number } | undefined;
  compile: { steps: number; ms: number } | undefined;
  measurements: Measurement[];
  failures: Failure[];
  summaries: ReturnType<typeof summarizeAll>;
  targets: ReturnType<typeof targets>;
  /** What a watched tour costs (triggers), when measured. */
  watch: WatchCost | undefined;
  /** Why `--max-cpu-ratio` failed the bench; empty when it held or was not asked for. */
  cpuRatioBreaches: string[];
}

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

async function compilePlan(): Promise<Plan> {
  const compiled = await compilePlaybookFile(PLAYBOOK);
  if (!compiled.plan)
    throw new Error(`tour-setup.yaml does not compile:\n${compiled.errors.map((e) => e.message).join('\n')}`);
  return compiled.plan;
}

/** The compile benchmark of the playbook language, when the language package provides it. */
async function compileBench(): Promise<BenchResults['compile']> {
  try {
    // Resolved at run time so the bench runs (without this line) in a checkout that lacks it.
    const module = (await import(new URL('../definitions/bench.ts', import.meta.url).href)) as {
      benchCompile?: () => Promise<{ steps: number; ms: number }>;
    };
    return await module.benchCompile?.();
  } catch {
    return undefined;
  }
}

function describeRun(spec: RunSpec): string {
  const concurrency = spec.concurrency === null ? '' : ` concurrency ${spec.concurrency}`;
  return `${spec.variant.padEnd(8)} ${sizeName(spec.factor).padEnd(5)}${concurrency} rep ${spec.rep}`;
}

type Outcome = Pick<BenchResults, 'measurements' | 'failures'>;

async function runAll(env: BenchEnv, runs: RunSpec[], log: (line: string) => void): Promise<Outcome> {
  const outcome: Outcome = { measurements: [], failures: [] };
  const { measurements, failures } = outcome;
  for (const [index, spec] of runs.entries()) {
    const label = `[${index + 1}/${runs.length}] ${describeRun(spec)}`;
    try {
      const m = await measure(env, spec);
      measurements.push(m);
      const mb = (bytes: number | undefined) => round((bytes ?? 0) / 2 ** 20, 0);
      const extra = m.history
        ? `, ${m.history.events} events (largest ${m.history.largest}), worker ${mb(m.workerIdleRssBytes)} MB idle, ${mb(m.workerPeakRssBytes)} MB peak`
        : '';
      const share = starvedShare(m, os.cpus().length);
      const stolen = share !== undefined ? `; the host stole ${Math.round(share * 100)} % of the CPU` : '';
      log(`${label}: ${(m.wallMs / 1000).toFixed(2)} s, ${m.apiCalls} calls${extra}${stolen}`);
    } catch (error) {
      failures.push({ ...spec, error: error instanceof Error ? error.message : String(error) });
      log(`${label}: FAILED: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return outcome;
}

function printReport(results: BenchResults, log: (line: string) => void): void {
  const { options, summaries } = results;
  const variants = options.variants;
  log('');
  for (const factor of [...new Set([...options.sizes, ...options.naiveSizes])].sort((a, b) => a - b)) {
    log(
      `Size ${sizeName(factor)}: ${describeCounts(generateTour(factor, '').counts)}; latency ${options.latencyMs} ms; playbooks' own concurrency; median [min-max] of ${options.reps}`,
    );
    log(sizeTable(summaries, factor));
    log('');
  }
  log(
    `CPU per API call (user + system CPU time of each process, medians; steadier than wall time on a busy machine)\n${cpuTable(summaries, options.sizes)}\n`,
  );
  const main = options.sizes.includes(1) ? 1 : Math.min(...options.sizes);
  const threads = threadTable(summaries, main);
  if (threads)
    log(`CPU seconds per run by thread (medians; a CPU profile sees the main and workflow threads only)\n${threads}\n`);
  if (options.sizes.length > 1) log(`Wall time by size\n${growthTable(summaries, options.sizes, variants)}\n`);
  if (options.concurrency.length > 0) {
    log(
      `forEach concurrency sweep at ${sizeName(options.sweepSize)}\n${concurrencyTable(summaries, options.sweepSize, options.concurrency)}\n`,
    );
  }
  log(
    `Time per top-level step at ${sizeName(main)}: seconds (started at, seconds into the run)\n${stepTable(results.measurements, main, variants)}\n`,
  );
  log(`API calls by endpoint at ${sizeName(main)} (first repetition)\n${endpointTable(results.measurements, main)}\n`);
  log(
    `No API call in flight at ${sizeName(main)}, between the run's first call and its last (first repetition; seconds into the run, gap, the calls around it)\n${idleReport(results.measurements, main, variants)}\n`,
  );
  const profiles = profileTable(results.measurements, main);
  if (profiles)
    log(
      `CPU by part of the code at ${sizeName(main)}, from the profiles (--profile; warm-ups included, per API call)\n${profiles}\n`,
    );
  const encryption = encryptionLine(summaries, main);
  if (encryption) log(`${encryption}\n`);
  if (results.watch) log(`Triggers: what a watched tour costs\n${watchReport(results.watch)}\n`);
  if (results.sandboxThroughput)
    log(`Sandbox throughput (GET /v1/day-types, no added latency): ${Math.round(results.sandboxThroughput.rps)} req/s`);
  if (results.compile) log(`Compile of a ${results.compile.steps}-step playbook: ${results.compile.ms} ms`);
  const starved = starvedRuns(results.measurements, results.cpus, describeRun);
  if (starved) log(`\n${starved}`);
  log(`\nTargets\n${targetTable(results.targets)}`);
  for (const failure of results.failures) log(`\nFAILED ${describeRun(failure)}:\n${failure.error}`);
  for (const breach of results.cpuRatioBreaches) log(`\nCPU CHECK FAILED: ${breach}`);
}

/** Where the bench gets Temporal: a dev server of its own, or one already running (tests). */
export interface RunBenchOptions {
  temporal?: { address: string; namespace: string };
  log?: (line: string) => void;
  /** Seconds of the sandbox throughput measurement. @default 3 */
  throughputSeconds?: number;
}

/** Runs every measurement the options ask for, prints the report and writes the JSON file. */
export async function runBench(
  options: BenchOptions,
  run: RunBenchOptions = {},
): Promise<{ results: BenchResults; file: string }> {
  const log = run.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const startedAt = new Date().toISOString();
  const plan = await compilePlan();
  const runs = runList(options);
  const sweep =
    options.concurrency.length > 0
      ? `concurrency ${options.concurrency.join(', ')} at ${sizeName(options.sweepSize)}`
      : 'no concurrency sweep';
  log(
    `tourflow bench: ${runs.length} runs (sizes ${options.sizes.map(sizeName).join(', ')}; naive at ${options.naiveSizes.map(sizeName).join(', ') || 'none'}; ${sweep}; ${options.reps} repetition(s) each), latency ${options.latencyMs} ms, workers from the ${options.workerFrom}`,
  );
  const sandboxThroughput = await benchSandboxThroughput({ seconds: run.throughputSeconds ?? 3 });
  const compile = await compileBench();
  const temporal = await startTemporal(options, plan, run.temporal, log);
  let outcome: Outcome = { measurements: [], failures: [] };
  let watch: WatchCost | undefined;
  try {
    outcome = await runAll(temporal.env, runs, log);
    if (options.watchSeconds > 0) {
      log(`[watch] a watched tour polling every second for ${options.watchSeconds} s`);
      watch = await measureWatcher(temporal.env, options.watchSeconds).catch((error: unknown) => {
        outcome.failures.push({
          variant: 'tourflow',
          factor: 1 / 16,
          concurrency: null,
          rep: 1,
          error: `watched tour: ${error instanceof Error ? error.message : String(error)}`,
        });
        return undefined;
      });
    }
  } finally {
    await temporal.close();
  }
  const summaries = summarizeAll(outcome.measurements);
  const results: BenchResults = {
    startedAt,
    finishedAt: new Date().toISOString(),
    commit: commitOf(),
    node: process.version,
    cpus: os.cpus().length,
    options,
    sizeS: SIZE_S,
    sandboxThroughput,
    compile,
    ...outcome,
    watch,
    summaries,
    targets: targets(summaries, sandboxThroughput?.rps),
    cpuRatioBreaches:
      options.maxCpuRatio === undefined ? [] : cpuRatioBreaches(summaries, options.sizes, options.maxCpuRatio),
  };
  printReport(results, log);
  await mkdir(options.outDir, { recursive: true });
  const file = path.join(options.outDir, `${startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`\nResults: ${file}`);
  return { results, file };
}
