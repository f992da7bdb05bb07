/** The flags of `npm run bench:triggers` (`trigger-bench.ts`). */
import { parseArgs } from 'node:util';

export const TriggerPart = { latency: 'latency', calls: 'calls', burst: 'burst', history: 'history' } as const;
export type TriggerPart = (typeof TriggerPart)[keyof typeof TriggerPart];

export interface TriggerBenchOptions {
  parts: TriggerPart[];
  latencyMs: number;
  workerFrom: 'build' | 'source';
  /** Write-to-run latency: the watcher's poll, the writes, and the polls they are spread over. */
  pollMs: number;
  writes: number;
  spanPolls: number;
  /** Calls per poll: the tour's size (factor of S), the trigger counts, the polls counted, their interval. */
  callsSize: number;
  triggers: number[];
  callsPolls: number;
  callsPollMs: number;
  /** Debounce: bursts at once, edits per burst, the quiet period, the poll. */
  bursts: number;
  edits: number;
  quietMs: number;
  /** History: polls, their interval, a change every so many polls. */
  historyPolls: number;
  historyPollMs: number;
  changeEvery: number;
  outDir: string;
  help: boolean;
}

export const TRIGGER_USAGE = `npm run bench:triggers -- [options]

Measures the goals of triggers against the sandbox and a Temporal dev server of its own, each
part on a fresh sandbox and worker; prints each figure beside its goal and writes
bench/results/triggers-<time>.json. Without --parts, all four (about 8 minutes).

  --parts <list>          latency,calls,burst,history (default all)
  --latency-ms <n>        latency the sandbox adds to every request (default 20)
  --worker-from <what>    source: the worker runs the TypeScript sources (default);
                          build: compile once and run it as deployed
latency: from an API write (a bulletin created) to the start of its run
  --poll <ms>             the watcher's polling interval (default 60000, tourflow's default)
  --writes <n>            writes, at random moments (default 6)
  --span-polls <n>        polls the writes are spread over (default 3)
calls: API calls per poll of a generated tour (1: S, 60 days)
  --calls-size <f>        tour size as a factor of S (default 1)
  --triggers <list>       trigger counts measured one after the other (default 1,8)
  --calls-polls <n>       polls counted for each count (default 10)
  --calls-poll <ms>       their interval (default 1000)
burst: edits inside a debounce's quiet period start one run, which sees the last edit
  --bursts <n>            bulletins edited at once (default 3)
  --edits <n>             edits of each (default 50)
  --quiet <ms>            the debounce's quiet period (default 5000; the watcher polls every second)
history: the largest history of any run of a watcher through its continue-as-new cycles
  --history-polls <n>     polls (default 150; a run continues as new after 500; the dev
                          server fires timers about once a second, so 43200, 30 days at
                          one a minute, take 12 hours)
  --history-poll <ms>     their interval (default 1: as fast as the server fires timers)
  --change-every <n>      a bulletin is created every n polls, each starting a run (default 25)

  --out <dir>             results folder (default bench/results)
  -h, --help              this text`;

/** A whole number flag's value of at least `min`, or `fallback` when not given. */
export function whole(text: string | undefined, flag: string, fallback: number, min = 1): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${flag}: "${text}" is not a whole number of at least ${min}`);
  return value;
}

/** Parses the command line; throws with a message naming the flag on a bad value. */
export function parseTriggerOptions(argv: string[]): TriggerBenchOptions {
  const flags = [
    'parts',
    'latency-ms',
    'worker-from',
    'poll',
    'writes',
    'span-polls',
    'calls-size',
    'triggers',
    'calls-polls',
    'calls-poll',
    'bursts',
    'edits',
    'quiet',
    'history-polls',
    'history-poll',
    'change-every',
    'out',
  ] as const;
  const { values } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(flags.map((flag) => [flag, { type: 'string' as const }])),
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const v = values as Partial<Record<(typeof flags)[number], string>> & { help?: boolean };
  const parts = (v.parts ?? Object.values(TriggerPart).join(',')).split(',').map((part) => part.trim());
  for (const part of parts)
    if (!(part in TriggerPart))
      throw new Error(`--parts: "${part}" is not one of ${Object.values(TriggerPart).join(', ')}`);
  const workerFrom = v['worker-from'] ?? 'source';
  if (workerFrom !== 'build' && workerFrom !== 'source')
    throw new Error(`--worker-from: "${workerFrom}" is not build or source`);
  const size = v['calls-size'] === undefined ? 1 : Number(v['calls-size']);
  if (!Number.isFinite(size) || size <= 0)
    throw new Error(`--calls-size: "${v['calls-size']}" is not a positive number`);
  return {
    parts: parts as TriggerPart[],
    latencyMs: whole(v['latency-ms'], '--latency-ms', 20, 0),
    workerFrom,
    pollMs: whole(v.poll, '--poll', 60_000),
    writes: whole(v.writes, '--writes', 6),
    spanPolls: whole(v['span-polls'], '--span-polls', 3),
    callsSize: size,
    triggers: (v.triggers ?? '1,8').split(',').map((n) => whole(n.trim(), '--triggers', 1)),
    callsPolls: whole(v['calls-polls'], '--calls-polls', 10),
    callsPollMs: whole(v['calls-poll'], '--calls-poll', 1000),
    bursts: whole(v.bursts, '--bursts', 3),
    edits: whole(v.edits, '--edits', 50),
    quietMs: whole(v.quiet, '--quiet', 5000),
    historyPolls: whole(v['history-polls'], '--history-polls', 150),
    historyPollMs: whole(v['history-poll'], '--history-poll', 1),
    changeEvery: whole(v['change-every'], '--change-every', 25),
    outDir: v.out ?? 'bench/results',
    help: v.help === true,
  };
}
