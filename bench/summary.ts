/** Measurements grouped by run, reduced to medians with spreads, and the targets. */
import type { Measurement, Variant } from './measure.ts';
import { sizeName } from './generate.ts';
import { ratio, round, spread, type Spread } from './stats.ts';

const MB = 1024 * 1024;

/** One variant at one size and concurrency, over its repetitions. */
export interface GroupSummary {
  variant: Variant;
  factor: number;
  concurrency: number | null;
  wallMs: Spread;
  apiCalls: Spread;
  callsPerSecond: Spread;
  /** CPU seconds per process during the run. */
  cpu: Record<string, Spread>;
  /** tourflow: history events summed over the run's executions. */
  events?: Spread;
  /** tourflow: the longest single history. */
  largestHistory?: Spread;
  executions?: Spread;
  workerPeakRssMb?: Spread;
  /** The worker's memory when ready, before the run. */
  workerIdleRssMb?: Spread;
}

/** A target of the issue: the figure reached, the goal, and whether it holds. */
export interface Target {
  name: string;
  value: number | undefined;
  goal: string;
  met: boolean | undefined;
}

function defined<T>(values: Array<T | undefined>): T[] {
  return values.filter((value): value is T => value !== undefined);
}

function cpuSpreads(runs: Measurement[]): Record<string, Spread> {
  const names = new Set(runs.flatMap((run) => Object.keys(run.cpu)));
  return Object.fromEntries(
    [...names].flatMap((name) => {
      const s = spread(defined(runs.map((run) => run.cpu[name])));
      return s ? [[name, s]] : [];
    }),
  );
}

function summarize(runs: Measurement[]): GroupSummary {
  const first = runs[0]!;
  const optional = (values: Array<number | undefined>) => spread(defined(values));
  const tourflow: Partial<GroupSummary> = {};
  const events = optional(runs.map((run) => run.history?.events));
  if (events) {
    tourflow.events = events;
    tourflow.largestHistory = optional(runs.map((run) => run.history?.largest));
    tourflow.executions = optional(runs.map((run) => run.history?.executions));
    const mb = (bytes: number | undefined) => (bytes === undefined ? undefined : round(bytes / MB, 1));
    const rss = optional(runs.map((run) => mb(run.workerPeakRssBytes)));
    if (rss) tourflow.workerPeakRssMb = rss;
    const idle = optional(runs.map((run) => mb(run.workerIdleRssBytes)));
    if (idle) tourflow.workerIdleRssMb = idle;
  }
  return {
    variant: first.variant,
    factor: first.factor,
    concurrency: first.concurrency,
    wallMs: spread(runs.map((run) => run.wallMs))!,
    apiCalls: spread(runs.map((run) => run.apiCalls))!,
    callsPerSecond: spread(runs.map((run) => run.callsPerSecond))!,
    cpu: cpuSpreads(runs),
    ...tourflow,
  };
}

/** Groups measurements by variant, size and concurrency, in the order they first appear. */
export function summarizeAll(measurements: Measurement[]): GroupSummary[] {
  const groups = new Map<string, Measurement[]>();
  for (const m of measurements) {
    const key = `${m.variant}|${m.factor}|${m.concurrency}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map(summarize);
}

/** The group of a variant at a size with the playbooks' own concurrency (or an override). */
export function find(
  groups: GroupSummary[],
  variant: Variant,
  factor: number,
  concurrency: number | null = null,
): GroupSummary | undefined {
  return groups.find((g) => g.variant === variant && g.factor === factor && g.concurrency === concurrency);
}

/**
 * CPU milliseconds per API call of the process that runs the action code: the worker for
 * tourflow, the script's own process for the scripts (medians of CPU and of calls).
 */
export function cpuPerCallMs(
  group: GroupSummary | undefined,
  process: 'worker' | 'temporal' | 'own' = 'own',
): number | undefined {
  if (!group) return undefined;
  const name =
    process !== 'own' ? process : group.variant === 'tourflow' || group.variant === 'encrypted' ? 'worker' : 'script';
  const cpu = group.cpu[name];
  return cpu && group.apiCalls.median > 0 ? (cpu.median * 1000) / group.apiCalls.median : undefined;
}

/** Worker CPU per API call over the hand-written script's, at a size: what `--max-cpu-ratio` holds. */
export function cpuPerCallRatio(groups: GroupSummary[], factor: number): number | undefined {
  const worker = cpuPerCallMs(find(groups, 'tourflow', factor));
  const script = cpuPerCallMs(find(groups, 'direct', factor));
  return worker !== undefined && script !== undefined && script > 0 ? worker / script : undefined;
}

/** CPU seconds per run of the worker and Temporal together, over the hand-written script's. */
function runCpuRatio(groups: GroupSummary[], factor: number): number | undefined {
  const tourflow = find(groups, 'tourflow', factor)?.cpu;
  const script = find(groups, 'direct', factor)?.cpu.script?.median;
  if (!tourflow?.worker || tourflow.temporal === undefined || !script) return undefined;
  return (tourflow.worker.median + tourflow.temporal.median) / script;
}

function target(name: string, value: number | undefined, goal: string, holds: (value: number) => boolean): Target {
  return {
    name,
    value: value === undefined ? undefined : round(value, 2),
    goal,
    met: value === undefined ? undefined : holds(value),
  };
}

/**
 * Linear growth: wall time at the largest size tourflow ran, over its time at S, per unit of
 * size; 4xS within 4.5x of S is 1.125.
 */
function growth(groups: GroupSummary[]): Target {
  const largest = groups
    .filter((g) => g.variant === 'tourflow' && g.concurrency === null && g.factor > 1)
    .sort((a, b) => b.factor - a.factor)[0];
  const value = largest ? ratio(largest.wallMs, find(groups, 'tourflow', 1)?.wallMs) : undefined;
  const name = `tourflow ${largest ? sizeName(largest.factor) : 'kxS'} / S, per unit of size`;
  return target(
    name,
    value === undefined || !largest ? undefined : value / largest.factor,
    '<= 1.125 (4xS within 4.5x S)',
    (v) => v <= 1.125,
  );
}

/** The targets, from what was measured (`undefined` where a run was not made). */
export function targets(groups: GroupSummary[], sandboxRps: number | undefined): Target[] {
  const wall = (variant: Variant, factor: number) => find(groups, variant, factor)?.wallMs;
  const tourflowRuns = groups.filter((g) => g.variant === 'tourflow');
  const largest = defined(tourflowRuns.map((g) => g.largestHistory?.max));
  const rss = defined(tourflowRuns.map((g) => g.workerPeakRssMb?.max));
  const idle = defined(tourflowRuns.map((g) => g.workerIdleRssMb?.median));
  const peakCalls = Math.max(0, ...groups.map((g) => g.callsPerSecond.max));
  return [
    target(
      'tourflow / hand-written at S/4',
      ratio(wall('tourflow', 0.25), wall('direct', 0.25)),
      '<= 1.08',
      (v) => v <= 1.08,
    ),
    target('tourflow / hand-written at S', ratio(wall('tourflow', 1), wall('direct', 1)), '<= 1.03', (v) => v <= 1.03),
    target('worker + Temporal CPU / hand-written CPU at S', runCpuRatio(groups, 1), '<= 1.5', (v) => v <= 1.5),
    target('worker / hand-written CPU per API call at S', cpuPerCallRatio(groups, 1), '<= 2', (v) => v <= 2),
    target('naive / tourflow at S', ratio(wall('naive', 1), wall('tourflow', 1)), '>= 10', (v) => v >= 10),
    growth(groups),
    target(
      'largest history (events)',
      largest.length > 0 ? Math.max(...largest) : undefined,
      '<= 10000',
      (v) => v <= 10_000,
    ),
    target('worker peak RSS (MB)', rss.length > 0 ? Math.max(...rss) : undefined, '< 250', (v) => v < 250),
    target('worker idle RSS (MB)', idle.length > 0 ? Math.max(...idle) : undefined, '<= 170', (v) => v <= 170),
    target(
      'sandbox req/s / busiest run calls/s',
      sandboxRps !== undefined && peakCalls > 0 ? sandboxRps / peakCalls : undefined,
      '> 1 (sandbox not the bottleneck)',
      (v) => v > 1,
    ),
  ];
}

/**
 * What `--max-cpu-ratio` refuses: each size where the worker's CPU per API call is more than
 * `max` times the hand-written script's, or where it could not be compared; empty when it holds.
 */
export function cpuRatioBreaches(groups: GroupSummary[], sizes: number[], max: number): string[] {
  return sizes.flatMap((factor) => {
    const value = cpuPerCallRatio(groups, factor);
    if (value === undefined)
      return [
        `at ${sizeName(factor)} the worker's CPU per API call was not compared with the hand-written script's (both variants must run)`,
      ];
    return value > max
      ? [
          `at ${sizeName(factor)} the worker's CPU per API call is ${value.toFixed(2)} times the hand-written script's, more than ${max}`,
        ]
      : [];
  });
}
