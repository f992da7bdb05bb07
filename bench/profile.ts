/**
 * Where a process's CPU went, from its V8 CPU profiles (`--cpu-prof` for the worker, the
 * inspector for the script's process): each sample goes to the first frame, from the one
 * running upwards, that belongs to a part of the code (the API client, logging, encryption, …),
 * so that JSON.stringify under the payload converter counts as payload conversion and a socket
 * write under the logger as logging. Module loading counts as start-up, not per API call.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { table } from './report.ts';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
/** The `.cpuprofile` format of V8 (`Profiler.Profile` of the DevTools protocol). */
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The parts a sample is put in, in the order the report lists them. */
export const PARTS = [
  'workflow tasks',
  'client',
  'retries',
  'heartbeats',
  'metrics',
  'logging',
  'encryption',
  'payload conversion',
  'Temporal SDK and core',
  'actions',
  'garbage collection',
  'other',
  'start-up',
] as const;
export type Part = (typeof PARTS)[number];

/** The first rule that matches a frame (`url` and function name) names its part. */
const RULES: Array<[Part, RegExp]> = [
  ['start-up', /node:internal\/modules\/|node:internal\/main\/|node:internal\/bootstrap/],
  [
    'logging',
    /[/\\](private-logger|log-format)\.[jt]s|@temporalio\/(worker|common)\/lib\/logger\.js|logExchange@|[/\\]pino/,
  ],
  [
    'metrics',
    /[/\\]worker[/\\]metrics\.[jt]s|[/\\]prom-client[/\\]|GatheredCounter|@temporalio\/common\/lib\/metrics|(createActivityObserver|onRequest|onRetry|onUndo)@.*observe/,
  ],
  ['heartbeats', /[/\\]activities[/\\]heartbeat\.[jt]s|heartbeat/i],
  [
    'retries',
    /[/\\]api[/\\]client[/\\](retry|failures|classify)\.[jt]s|[/\\]activities[/\\]actions[/\\]attempts\.[jt]s/,
  ],
  ['encryption', /[/\\]worker[/\\](codec|encryption-codec|key-provider)\.[jt]s/],
  [
    'payload conversion',
    /payload-converter|failure-converter|@temporalio\/common\/lib\/converter|@temporalio\/common\/lib\/internal-non-workflow\/codec|protobufjs|@temporalio\/proto/,
  ],
  ['client', /[/\\]api[/\\]client[/\\]|[/\\]activities[/\\]client[/\\]|[/\\]undici[/\\]|node:internal\/deps\/undici/],
  ['workflow tasks', /@temporalio\/worker\/lib\/workflow[/\\]|tourflow-bench-bundle|@temporalio\/workflow/],
  ['Temporal SDK and core', /@temporalio\/|@grpc\//],
  ['actions', /[/\\](activities|api[/\\]contract|definitions)[/\\]/],
];

function partOfFrame(frame: CallFrame): Part | undefined {
  const text = `${frame.functionName}@${frame.url}`;
  return RULES.find(([, pattern]) => pattern.test(text))?.[0];
}

/** Milliseconds of CPU per part, and the idle time the profile saw. */
export type Breakdown = Record<Part, number> & { idle: number };

function emptyBreakdown(): Breakdown {
  return Object.assign(Object.fromEntries(PARTS.map((part) => [part, 0])), { idle: 0 }) as Breakdown;
}

/**
 * The breakdown of one profile. `thread` says whose: a workflow thread's profile (the worker's
 * threads after its main one) counts whole as workflow tasks.
 */
export function breakdownOf(
  profile: CpuProfile,
  workflowThread = false,
  into: Breakdown = emptyBreakdown(),
): Breakdown {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const partOf = new Map<number, Part | 'idle'>();
  const resolve = (id: number): Part | 'idle' => {
    const known = partOf.get(id);
    if (known) return known;
    const frame = byId.get(id)!.callFrame;
    const special =
      frame.functionName === '(idle)'
        ? 'idle'
        : frame.functionName === '(garbage collector)'
          ? 'garbage collection'
          : undefined;
    const up = parent.get(id);
    const part =
      special ?? partOfFrame(frame) ?? (up === undefined ? (workflowThread ? 'workflow tasks' : 'other') : resolve(up));
    partOf.set(id, part);
    return part;
  };
  profile.samples.forEach((id, i) => {
    const part = resolve(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    into[
      workflowThread && part !== 'idle' && part !== 'start-up' && part !== 'garbage collection'
        ? 'workflow tasks'
        : part
    ] += ms;
  });
  return into;
}

/**
 * The breakdown of every profile `--cpu-prof` wrote for process `pid` in `dir`
 * (`CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`; thread 0 is the main thread).
 */
export async function processBreakdown(dir: string, pid: number): Promise<Breakdown | undefined> {
  const files = (await readdir(dir)).filter(
    (name) => name.split('.')[3] === String(pid) && name.endsWith('.cpuprofile'),
  );
  if (files.length === 0) return undefined;
  const total = emptyBreakdown();
  for (const file of files) {
    const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile;
    breakdownOf(profile, file.split('.')[4] !== '0', total);
  }
  return total;
}

/** What the profile table needs of a measurement. */
interface Profiled {
  variant: string;
  factor: number;
  concurrency: number | null;
  apiCalls: number;
  warmUpApiCalls: number;
  profile?: Breakdown;
}

/**
 * CPU milliseconds per API call by part, for tourflow's worker and the hand-written script's
 * process at a size: each part summed over the profiled runs (their warm-ups included), over
 * the API calls of those runs and warm-ups. Start-up is left out of the per-call figures.
 */
export function profileTable(measurements: Profiled[], factor: number): string | undefined {
  const perCall = (variant: string) => {
    const runs = measurements.filter(
      (m) => m.variant === variant && m.factor === factor && m.concurrency === null && m.profile,
    );
    const calls = runs.reduce((sum, m) => sum + m.apiCalls + m.warmUpApiCalls, 0);
    if (calls === 0) return undefined;
    return (part: Part) => runs.reduce((sum, m) => sum + m.profile![part], 0) / calls;
  };
  const tourflow = perCall('tourflow');
  const script = perCall('direct');
  if (!tourflow && !script) return undefined;
  const ms = (of: ((part: Part) => number) | undefined, part: Part) => (of ? of(part).toFixed(3) : '-');
  const busy = (of: ((part: Part) => number) | undefined) =>
    of ? PARTS.filter((p) => p !== 'start-up').reduce((sum, p) => sum + of(p), 0) : 0;
  const rows = PARTS.map((part) => [part, ms(tourflow, part), ms(script, part)]);
  rows.push(['all but start-up', tourflow ? busy(tourflow).toFixed(3) : '-', script ? busy(script).toFixed(3) : '-']);
  return table(['part', 'tourflow worker ms/call', 'hand-written ms/call'], rows);
}
