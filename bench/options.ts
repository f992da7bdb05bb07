/** The flags of `npm run bench`, and the list of runs they ask for. */
import { parseArgs } from 'node:util';
import { Variant, type RunSpec } from './measure.ts';

export interface BenchOptions {
  reps: number;
  /** Tour sizes as factors of S. */
  sizes: number[];
  /** `forEach` concurrencies of the sweep at size S (the other runs keep the playbooks' own). */
  concurrency: number[];
  latencyMs: number;
  variants: Variant[];
  /** Sizes the naive script runs at (it is the slow one by design). */
  naiveSizes: number[];
  /** Size of the concurrency sweep. */
  sweepSize: number;
  /** Where the JSON results go. */
  outDir: string;
  /** Workers run the compiled build (as deployed) or the TypeScript sources through tsx. */
  workerFrom: 'build' | 'source';
  /** Minutes a tourflow run may take before it is terminated and reported as failed. */
  runTimeoutMinutes: number;
  /** Extra arguments for the workers' node, e.g. `--max-old-space-size=160`. */
  workerNodeArgs: string[];
  /** Node arguments for the hand-written script's process; none: node's defaults, as a script runs. */
  scriptNodeArgs: string[];
  /** Folder for CPU profiles of the workers (`--cpu-prof`), or undefined for none. */
  profileDir: string | undefined;
  maxConcurrentActivities: number | undefined;
  maxConcurrentWorkflowTasks: number | undefined;
  /** Seconds a watched tour polls (every second) to measure what triggers cost; 0 for none. */
  watchSeconds: number;
  /** Fail (exit 1) when the worker's CPU per API call exceeds this many times the hand-written script's. */
  maxCpuRatio: number | undefined;
  quick: boolean;
  help: boolean;
}

/** Node options of a deployed worker (NODE_OPTIONS in docker-compose.yml): a small young generation, a capped heap. */
export const WORKER_NODE_OPTIONS = '--max-semi-space-size=4 --max-old-space-size=256';

export const USAGE = `npm run bench -- [options]

Runs the tour-setup playbook on a generated tour through tourflow (Temporal dev server), through
a hand-written concurrent script and through a naive sequential script, against the sandbox with
a fixed latency per request; prints medians with their spread and writes bench/results/<time>.json.

  --reps <n>               repetitions of every run (default 3)
  --sizes <list>           tour sizes as factors of S (default 0.25,1,4)
  --concurrency <list>     forEach concurrencies to sweep (default 1,10,50; "" for none)
  --sweep-size <f>         tour size of the concurrency sweep (default 0.25: concurrency 1
                           at S would take as long as the naive script)
  --latency-ms <n>         latency the sandbox adds to every request (default 20)
  --variants <list>        tourflow,encrypted,direct,naive (default tourflow,direct,naive;
                           encrypted: tourflow with every payload encrypted)
  --naive-sizes <list>     sizes the naive script runs at (default 1; "" for none)
  --worker-from <what>     build: compile once and run workers as deployed (default);
                           source: run them through tsx (no build, about 70 MB more memory)
  --run-timeout <minutes>  a tourflow run still going after this is terminated and reported (default 20)
  --worker-node-args=<a>   node arguments for the workers, space-separated (default
                           "${WORKER_NODE_OPTIONS}", as docker-compose.yml runs them)
  --script-node-args=<a>   node arguments for the hand-written and naive scripts (default none:
                           node's defaults; CI's cost check gives them the workers')
  --profile <dir>          write CPU profiles of every worker (all its threads) into <dir>
  --max-activities <n>     worker activity slots (default: the worker's)
  --max-workflow-tasks <n> worker workflow task slots (default: the worker's)
  --watch-seconds <n>      seconds a watched tour (triggers) polls, every second, to measure
                           its CPU and API calls per poll (default 30, --quick 0; 0 for none)
  --max-cpu-ratio <r>      exit 1 when, at any size, the worker's CPU per API call is more than
                           r times the hand-written script's (needs both variants)
  --out <dir>              results folder (default bench/results)
  --quick                  one repetition at S/4, no concurrency sweep: a check that it all runs
  -h, --help               this text`;

function numbers(text: string, flag: string): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${flag}: "${part}" is not a positive number`);
    return value;
  });
}

function positive(text: string | undefined, flag: string): number | undefined {
  return text === undefined ? undefined : numbers(text, flag)[0];
}

/** Parses the command line; throws with a message naming the flag on a bad value. */
export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      reps: { type: 'string' },
      sizes: { type: 'string' },
      concurrency: { type: 'string' },
      'latency-ms': { type: 'string' },
      variants: { type: 'string' },
      'naive-sizes': { type: 'string' },
      'sweep-size': { type: 'string' },
      'worker-from': { type: 'string' },
      profile: { type: 'string' },
      'worker-node-args': { type: 'string' },
      'script-node-args': { type: 'string' },
      'run-timeout': { type: 'string' },
      'max-activities': { type: 'string' },
      'max-workflow-tasks': { type: 'string' },
      'max-cpu-ratio': { type: 'string' },
      'watch-seconds': { type: 'string' },
      out: { type: 'string' },
      quick: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const quick = values.quick === true;
  const variants = (values.variants ?? 'tourflow,direct,naive').split(',').map((v) => v.trim());
  for (const variant of variants) {
    if (!(variant in Variant))
      throw new Error(`--variants: "${variant}" is not one of ${Object.values(Variant).join(', ')}`);
  }
  const workerFrom = values['worker-from'] ?? 'build';
  if (workerFrom !== 'build' && workerFrom !== 'source')
    throw new Error(`--worker-from: "${workerFrom}" is not build or source`);
  const latency = values['latency-ms'] === undefined ? 20 : Number(values['latency-ms']);
  if (!Number.isInteger(latency) || latency < 0)
    throw new Error(`--latency-ms: "${values['latency-ms']}" is not a whole number of milliseconds`);
  return {
    reps: Math.round(positive(values.reps, '--reps') ?? (quick ? 1 : 3)),
    sizes: numbers(values.sizes ?? (quick ? '0.25' : '0.25,1,4'), '--sizes'),
    concurrency: numbers(values.concurrency ?? (quick ? '' : '1,10,50'), '--concurrency').map(Math.round),
    latencyMs: latency,
    variants: variants as Variant[],
    naiveSizes: numbers(values['naive-sizes'] ?? (quick ? '0.25' : '1'), '--naive-sizes'),
    sweepSize: positive(values['sweep-size'], '--sweep-size') ?? 0.25,
    outDir: values.out ?? 'bench/results',
    workerFrom,
    profileDir: values.profile,
    workerNodeArgs: (values['worker-node-args'] ?? WORKER_NODE_OPTIONS).split(' ').filter((arg) => arg !== ''),
    scriptNodeArgs: (values['script-node-args'] ?? '').split(' ').filter((arg) => arg !== ''),
    runTimeoutMinutes: positive(values['run-timeout'], '--run-timeout') ?? 20,
    maxConcurrentActivities: positive(values['max-activities'], '--max-activities'),
    maxConcurrentWorkflowTasks: positive(values['max-workflow-tasks'], '--max-workflow-tasks'),
    watchSeconds:
      values['watch-seconds'] === '0'
        ? 0
        : Math.round(positive(values['watch-seconds'], '--watch-seconds') ?? (quick ? 0 : 30)),
    maxCpuRatio: positive(values['max-cpu-ratio'], '--max-cpu-ratio'),
    quick,
    help: values.help === true,
  };
}

/**
 * Every run, repetition by repetition with the variants interleaved, so that a slow minute of
 * the machine spreads over all of them: each size with the playbooks' own concurrency (the
 * naive script at its sizes only), then the concurrency sweep without the naive script (its
 * concurrency is 1 by definition).
 */
export function runList(options: BenchOptions): RunSpec[] {
  const runs: RunSpec[] = [];
  const sizes = [
    ...new Set([...options.sizes, ...(options.variants.includes(Variant.naive) ? options.naiveSizes : [])]),
  ].sort((a, b) => a - b);
  for (const factor of sizes) {
    const variants = options.variants.filter((v) =>
      v === Variant.naive ? options.naiveSizes.includes(factor) : options.sizes.includes(factor),
    );
    for (let rep = 1; rep <= options.reps; rep++) {
      for (const variant of variants) runs.push({ variant, factor, concurrency: null, rep });
    }
  }
  const sweepVariants = options.variants.filter((v) => v !== Variant.naive);
  for (const concurrency of options.concurrency) {
    for (let rep = 1; rep <= options.reps; rep++) {
      for (const variant of sweepVariants) runs.push({ variant, factor: options.sweepSize, concurrency, rep });
    }
  }
  return runs;
}
