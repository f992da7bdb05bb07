/**
 * The hand-written and the naive script in a child process of their own (`direct-main.ts`),
 * started fresh for every measured run as the worker is: warmed on the same smaller tour, its
 * CPU read from `/proc` like the worker's, so that the two compare like with like. Run in the
 * bench's own long-lived process, the script kept warming up from one run to the next.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import type { Config } from '../worker/config.ts';
import { track } from './children.ts';
import type { Breakdown } from './profile.ts';
import type { StepSpan } from './tourflow.ts';

const ENTRY = path.resolve(import.meta.dirname, 'direct-main.ts');

/** What the script's process is given to walk. */
export interface ScriptJob {
  plan: Plan;
  inputs: JsonObject;
  warmUp: JsonObject;
  config: Pick<Config, 'api' | 'outputDir'>;
  sequential: boolean;
  /** Node arguments of the process (none: node's defaults). */
  nodeArgs?: string[];
  /** Profile the process (warm-up and run) through the inspector into `dir`, as `name`.cpuprofile. */
  profile?: { dir: string; name: string };
}

/** Messages from the bench to the script's process. */
export type ScriptRequest = { type: 'start'; job: ScriptJob } | { type: 'run' } | { type: 'finish' };

/** Messages from the script's process to the bench. */
export type ScriptReply =
  | { type: 'warm' }
  | { type: 'ran'; wallMs: number; steps: Record<string, StepSpan> }
  | { type: 'finished'; profile?: Breakdown }
  | { type: 'failed'; message: string };

export interface ScriptProcess {
  pid: number;
  /** Walks the warm-up tour, untimed. */
  warmUp(): Promise<void>;
  /** Walks the measured tour: its wall time and the span of each top-level step. */
  run(): Promise<{ wallMs: number; steps: Record<string, StepSpan> }>;
  /** Ends the process, with the profile's breakdown if it was profiled. */
  finish(): Promise<Breakdown | undefined>;
  /** Ends the process at once (after a failure). */
  kill(): void;
}

/** Starts the script's process (node's default options unless `job.nodeArgs`, the sources through tsx) with `job`. */
export function startScriptProcess(job: ScriptJob): ScriptProcess {
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: [...(job.nodeArgs ?? []), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  track(child);
  let waiting: { type: ScriptReply['type']; resolve: (reply: ScriptReply) => void; reject: (e: Error) => void } | null =
    null;
  const fail = (error: Error) => {
    const pending = waiting;
    waiting = null;
    pending?.reject(error);
  };
  child.on('message', (reply: ScriptReply) => {
    if (reply.type === 'failed') return fail(new Error(reply.message));
    if (waiting?.type === reply.type) {
      const pending = waiting;
      waiting = null;
      pending.resolve(reply);
    }
  });
  child.once('exit', (code, signal) => fail(new Error(`the script's process exited (${signal ?? code}) early`)));
  const ask = <T extends ScriptReply['type']>(request: ScriptRequest, type: T) =>
    new Promise<Extract<ScriptReply, { type: T }>>((resolve, reject) => {
      waiting = { type, resolve: resolve as (reply: ScriptReply) => void, reject };
      child.send(request);
    });
  return {
    pid: child.pid ?? 0,
    warmUp: async () => {
      await ask({ type: 'start', job }, 'warm');
    },
    run: async () => {
      const { wallMs, steps } = await ask({ type: 'run' }, 'ran');
      return { wallMs, steps };
    },
    finish: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const { profile } = await ask({ type: 'finish' }, 'finished');
      await exited;
      return profile;
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
