/**
 * CPU time by thread of a process (`/proc/<pid>/task`), grouped by what each thread does: the
 * JavaScript main thread, node's worker threads (the worker's workflow thread), V8's helper
 * threads (the parallel and concurrent parts of garbage collection, background compilation),
 * Temporal core's runtime threads and libuv's pool. A CPU profile samples the JavaScript threads
 * only; this shows the rest. Off Linux there is nothing to read and the bench prints no table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { table } from './report.ts';
import { sizeName } from './generate.ts';
import { find, type GroupSummary } from './summary.ts';

/** Clock ticks per second of `/proc/<pid>/stat` times; 100 on every Linux the bench targets. */
export const TICKS_PER_SECOND = 100;

export const THREAD_KINDS = ['main', 'workflow', 'v8', 'core', 'libuv', 'other', 'ended'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

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

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) of each live thread of a process, by thread ID, with its kind. */
export function threadSeconds(pid: number): Map<number, { kind: ThreadKind; seconds: number }> {
  const threads = new Map<number, { kind: ThreadKind; seconds: number }>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const stat = read(`/proc/${pid}/task/${tid}/stat`);
    if (!stat) continue; // ended between the listing and the read
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    threads.set(Number(tid), { kind: threadKind(name, Number(tid) === pid), seconds });
  }
  return threads;
}

/**
 * CPU seconds by kind of thread between two readings. A thread that ended in between took its
 * time with it; what the process used beyond its live threads' share (`processSeconds`, from
 * `/proc/<pid>/stat`) is `ended`, which also holds what the ticks' rounding leaves (up to 0.01 s
 * a thread).
 */
export function secondsByKind(
  before: Map<number, { kind: ThreadKind; seconds: number }>,
  after: Map<number, { kind: ThreadKind; seconds: number }>,
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
  const rows = [
    ['worker', find(groups, 'tourflow', factor)],
    ['hand-written', find(groups, 'direct', factor)],
  ].flatMap(([label, group]) => {
    const g = group as GroupSummary | undefined;
    const name = label === 'worker' ? 'worker' : 'script';
    if (!g || !THREAD_KINDS.some((kind) => g.cpu[`${name}.${kind}`])) return [];
    // a kind with no thread, or none busy, shows as "-"
    const cells = THREAD_KINDS.map((kind) =>
      g.cpu[`${name}.${kind}`]?.median ? g.cpu[`${name}.${kind}`]!.median.toFixed(2) : '-',
    );
    return [[`${label as string} at ${sizeName(factor)}`, ...cells, g.cpu[name]?.median.toFixed(2) ?? '-']];
  });
  if (rows.length === 0) return undefined;
  return table(['process', ...THREAD_KINDS.map((kind) => KIND_TITLES[kind]), 'whole process'], rows);
}
