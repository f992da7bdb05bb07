/**
 * The pure parts of `npm run bench:retry` (`retry-bench.ts`): the guest list it imports, with
 * some elements on a date the tour lacks, what its runs' calls and the tour's guest list come
 * to against the goal of the retry issue, and the lines of its report.
 */
import { parseArgs } from 'node:util';
import type { EndpointCounts } from './sandbox-process.ts';
import { whole } from './trigger-options.ts';

export interface BenchGuest {
  date: string;
  firstName: string;
  lastName: string;
  guests: number;
}

/** The tour's days: `count` days from 2027-06-01. */
export function tourDates(count: number): string[] {
  return Array.from({ length: count }, (_, n) => new Date(Date.UTC(2027, 5, 1 + n)).toISOString().slice(0, 10));
}

/** A date no tour of `tourDates` has. */
export const MISSING_DATE = '2028-01-01';

/**
 * `count` guests (invented names, each its own), spread over `dates`; the `failed` elements
 * spread evenly through the list are on `failedDate` (a date the tour lacks, to fail them).
 */
export function guestList(count: number, dates: string[], failed: number, failedDate = MISSING_DATE): BenchGuest[] {
  const bad = new Set(Array.from({ length: failed }, (_, n) => Math.floor(((n + 0.5) * count) / failed)));
  return Array.from({ length: count }, (_, n) => ({
    date: bad.has(n) ? failedDate : dates[n % dates.length]!,
    firstName: `Guest${String(n + 1).padStart(5, '0')}`,
    lastName: 'Bench',
    guests: (n % 3) + 1,
  }));
}

/** What one run cost. */
export interface RunCost {
  wallMs: number;
  /** API calls: all, and the writes (anything but GET) by endpoint. */
  calls: number;
  reads: number;
  writes: Record<string, number>;
}

export function runCost(wallMs: number, counts: EndpointCounts): RunCost {
  const cost: RunCost = { wallMs, calls: 0, reads: 0, writes: {} };
  for (const [endpoint, stats] of Object.entries(counts)) {
    const [method, route = ''] = endpoint.split(' ');
    if (!route.startsWith('/v1/')) continue;
    cost.calls += stats.calls;
    if (method === 'GET') cost.reads += stats.calls;
    else cost.writes[endpoint] = (cost.writes[endpoint] ?? 0) + stats.calls;
  }
  return cost;
}

/** Entries created by `POST /v1/guestlist` in a run. */
export function creates(cost: RunCost): number {
  return cost.writes['POST /v1/guestlist'] ?? 0;
}

/** The tour's guest list after the retry, against the fixed list: entries twice and entries missing. */
export function compareGuestLists(
  expected: BenchGuest[],
  found: BenchGuest[],
): { duplicates: number; missing: number } {
  const key = (g: BenchGuest) => `${g.date} ${g.firstName} ${g.lastName} ${g.guests}`;
  const seen = new Map<string, number>();
  for (const guest of found) seen.set(key(guest), (seen.get(key(guest)) ?? 0) + 1);
  const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
  const missing = expected.filter((guest) => !seen.has(key(guest))).length;
  return { duplicates, missing };
}

export interface RetryFigures {
  elements: number;
  failed: number;
  first: RunCost & { warnings: number };
  retry: RunCost & { done: number };
  full: RunCost;
  duplicates: number;
  missing: number;
  met: boolean;
}

export function retryFigures(fields: Omit<RetryFigures, 'met'>): RetryFigures {
  const met =
    creates(fields.retry) === fields.failed &&
    Object.keys(fields.retry.writes).length === 1 &&
    fields.duplicates === 0 &&
    fields.missing === 0;
  return { ...fields, met };
}

export function retryReport(f: RetryFigures): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const line = (name: string, cost: RunCost) =>
    `${name.padEnd(42)} ${s(cost.wallMs).padStart(8)} ${String(cost.calls).padStart(6)} calls: ${creates(cost)} creates, ${cost.reads} reads` +
    (Object.keys(cost.writes).length > (creates(cost) > 0 ? 1 : 0) ? `; writes ${JSON.stringify(cost.writes)}` : '');
  return [
    `a guest import of ${f.elements} elements, ${f.failed} of them on a date the tour lacks (onFailure: continue):`,
    line(`first run (${f.first.warnings} warnings)`, f.first),
    line(`tourflow retry, the ${f.failed} fixed (${f.retry.done} done)`, f.retry),
    line('full re-run of the fixed list', f.full),
    `after the retry the tour holds ${f.duplicates} duplicate(s), ${f.missing} missing; ` +
      `retry / full re-run: ${(f.retry.wallMs / f.full.wallMs).toFixed(3)} of the time, ${(f.retry.calls / f.full.calls).toFixed(4)} of the calls`,
    `goal: exactly ${f.failed} creates (plus reads), 0 duplicates: ${f.met ? 'met' : 'NOT MET'}`,
  ].join('\n');
}

export const RETRY_USAGE = `npm run bench:retry -- [options]

Imports a guest list through tourflow (bench/retry-guests.yaml, onFailure: continue) with some
elements on a date the tour lacks, fixes them and runs \`tourflow retry\`, then a full re-run of
the fixed list on a tour of its own; prints each run's wall time and API calls (creates, reads)
and the retried tour's entries twice or missing; writes bench/results/retry-<time>.json.
About two minutes.

  --elements <n>          guests in the list (default 5000)
  --failed <n>            of them on a date the tour lacks (default 10)
  --days <n>              the tour's days (default 10)
  --latency-ms <n>        latency the sandbox adds to every request (default 20)
  --worker-from <what>    source (default) or build
  --out <dir>             results folder (default bench/results)
  -h, --help              this text`;

/** Parses the command line; throws with a message naming the flag on a bad value. */
export function parseRetryOptions(argv: string[]) {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      elements: { type: 'string' },
      failed: { type: 'string' },
      days: { type: 'string' },
      'latency-ms': { type: 'string' },
      'worker-from': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const workerFrom = v['worker-from'] ?? 'source';
  if (workerFrom !== 'build' && workerFrom !== 'source')
    throw new Error(`--worker-from: "${workerFrom}" is not build or source`);
  const elements = whole(v.elements, '--elements', 5000, 1);
  return {
    elements,
    failed: Math.min(elements, whole(v.failed, '--failed', 10, 1)),
    days: whole(v.days, '--days', 10, 1),
    latencyMs: whole(v['latency-ms'], '--latency-ms', 20, 0),
    workerFrom: workerFrom as 'build' | 'source',
    outDir: v.out ?? 'bench/results',
    help: v.help === true,
  };
}
