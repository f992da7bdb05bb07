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
  return Object.fromEntries([...names].flatMap((name) => {
    const s = spread(defined(runs.map((run) => run.cpu[name])));
    return s ? [[name, s]] : [];
  }));
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
export function find(groups: GroupSummary[], variant: Variant, factor: number, concurrency: number | null = null): GroupSummary | undefined {
  return groups.find((g) => g.variant === variant && g.factor === factor && g.concurrency === concurrency);
}

function target(name: string, value: number | undefined, goal: string, holds: (value: number) => boolean): Target {
  return { name, value: value === undefined ? undefined : round(value, 2), goal, met: value === undefined ? undefined : holds(value) };
}

/**
 * Linear growth: wall time at the largest size tourflow ran, over its time at S, per unit of
 * size; 4xS within 4.5x of S is 1.125.
 */
function growth(groups: GroupSummary[]): Target {
  const largest = groups.filter((g) => g.variant === 'tourflow' && g.concurrency === null && g.factor > 1).sort((a, b) => b.factor - a.factor)[0];
  const value = largest ? ratio(largest.wallMs, find(groups, 'tourflow', 1)?.wallMs) : undefined;
  const name = `tourflow ${largest ? sizeName(largest.factor) : 'kxS'} / S, per unit of size`;
  return target(name, value === undefined || !largest ? undefined : value / largest.factor, '<= 1.125 (4xS within 4.5x S)', (v) => v <= 1.125);
}

/** The targets, from what was measured (`undefined` where a run was not made). */
export function targets(groups: GroupSummary[], sandboxRps: number | undefined): Target[] {
  const wall = (variant: Variant, factor: number) => find(groups, variant, factor)?.wallMs;
  const tourflowRuns = groups.filter((g) => g.variant === 'tourflow');
  const largest = defined(tourflowRuns.map((g) => g.largestHistory?.max));
  const rss = defined(tourflowRuns.map((g) => g.workerPeakRssMb?.max));
  const peakCalls = Math.max(0, ...groups.map((g) => g.callsPerSecond.max));
  return [
    target('tourflow / hand-written at S', ratio(wall('tourflow', 1), wall('direct', 1)), '<= 1.25', (v) => v <= 1.25),
    target('naive / tourflow at S', ratio(wall('naive', 1), wall('tourflow', 1)), '>= 10', (v) => v >= 10),
    growth(groups),
    target('largest history (events)', largest.length > 0 ? Math.max(...largest) : undefined, '<= 10000', (v) => v <= 10_000),
    target('worker peak RSS (MB)', rss.length > 0 ? Math.max(...rss) : undefined, '< 300', (v) => v < 300),
    target('sandbox req/s / busiest run calls/s', sandboxRps !== undefined && peakCalls > 0 ? sandboxRps / peakCalls : undefined, '> 1 (sandbox not the bottleneck)', (v) => v > 1),
  ];
}
