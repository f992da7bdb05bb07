/**
 * CPU time by thread of a process (read by `threadSeconds` in `proc.ts`), grouped by what each
 * thread does: the JavaScript main thread, node's worker threads (the worker's workflow thread),
 * V8's helper threads (the parallel and concurrent parts of garbage collection, background
 * compilation), Temporal core's runtime threads and libuv's pool. A CPU profile samples the
 * JavaScript threads only; this shows the rest. Off Linux there is nothing to read and the bench
 * prints no table.
 */
import { table } from './report.ts';
import { sizeName } from './generate.ts';
import { find, type GroupSummary } from './summary.ts';

export const THREAD_KINDS = ['main', 'workflow', 'v8', 'core', 'libuv', 'other', 'ended'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** A live thread's kind and the CPU seconds (user + system) it has used so far. */
export interface ThreadTime {
  kind: ThreadKind;
  seconds: number;
}

/** What the report calls each kind. */
const KIND_TITLES: Record<ThreadKind, string> = {
  main: 'main thread',
  workflow: 'workflow thread',
  v8: 'V8 helpers (GC, compiler)',
  core: 'Temporal core',
  libuv: 'libuv pool',
  other: 'other (node)',
  ended: 'threads that ended, rounding',
};

/**
 * A live thread's kind from its name (`comm`, at most 15 characters), as Node 24 names them: its
 * worker threads `WorkerThread`, V8's platform threads `V8Worker` (and `DelayedTaskSche`), libuv's
 * pool `libuv-worker`; the Rust core runs on tokio's threads (`tokio-runtime-w`) and a few named
 * `temporal-…` or `workflow-…`. The rest (node's `SignalInspector`, a vm timeout's `Watchdog`) is
 * `other`.
 */
export function threadKind(name: string, isMain: boolean): Exclude<ThreadKind, 'ended'> {
  if (isMain) return 'main';
  if (name === 'WorkerThread') return 'workflow';
  if (name.startsWith('V8') || name.startsWith('DelayedTask')) return 'v8';
  if (name.startsWith('libuv')) return 'libuv';
  if (name.startsWith('tokio') || name.startsWith('temporal') || name.startsWith('workflow-')) return 'core';
  return 'other';
}

/**
 * CPU seconds by kind of thread between two readings. A thread that ended in between took its
 * time with it; what the process used beyond its live threads' share (`processSeconds`, from
 * `/proc/<pid>/stat`) is `ended`, which also holds what the ticks' rounding leaves (up to 0.01 s
 * a thread).
 */
export function secondsByKind(
  before: Map<number, ThreadTime>,
  after: Map<number, ThreadTime>,
  processSeconds: number,
): Record<ThreadKind, number> {
  const used = Object.fromEntries(THREAD_KINDS.map((kind) => [kind, 0])) as Record<ThreadKind, number>;
  for (const [tid, now] of after) used[now.kind] += now.seconds - (before.get(tid)?.seconds ?? 0);
  const live = THREAD_KINDS.reduce((sum, kind) => sum + used[kind], 0);
  used.ended = Math.max(0, processSeconds - live);
  for (const kind of THREAD_KINDS) used[kind] = Math.round(used[kind] * 100) / 100;
  return used;
}

/**
 * Seconds per run by kind of thread, medians, for the worker and the hand-written script at a
 * size (their `cpu` entries `worker.<kind>` and `script.<kind>`); undefined when neither has any.
 */
export function threadTable(groups: GroupSummary[], factor: number): string | undefined {
  const rows: string[][] = [];
  for (const [label, variant, name] of [
    ['worker', 'tourflow', 'worker'],
    ['hand-written', 'direct', 'script'],
  ] as const) {
    const g = find(groups, variant, factor);
    if (!g || !THREAD_KINDS.some((kind) => g.cpu[`${name}.${kind}`])) continue;
    // a kind with no thread, or none busy, shows as "-"
    const cells = THREAD_KINDS.map((kind) => g.cpu[`${name}.${kind}`]?.median || undefined);
    rows.push([
      `${label} at ${sizeName(factor)}`,
      ...cells.map((seconds) => seconds?.toFixed(2) ?? '-'),
      g.cpu[name]?.median.toFixed(2) ?? '-',
    ]);
  }
  if (rows.length === 0) return undefined;
  return table(['process', ...THREAD_KINDS.map((kind) => KIND_TITLES[kind]), 'whole process'], rows);
}
