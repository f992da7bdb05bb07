/**
 * A tourflow worker in a child process (`worker-main.ts`), started fresh for every measured
 * run so that its peak resident memory (`VmHWM`) belongs to that run alone.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../worker/config.ts';
import { peakRssBytes } from './proc.ts';

const ENTRY = path.resolve(import.meta.dirname, 'worker-main.ts');

/** Messages from the bench to the worker process. */
export type WorkerRequest = { type: 'start'; config: Config } | { type: 'stop' };

/** Messages from the worker process to the bench. */
export type WorkerReply = { type: 'ready' } | { type: 'failed'; message: string };

export interface WorkerProcess {
  pid: number;
  /** Peak resident memory so far, in bytes. */
  peakRss(): number | undefined;
  /** Shuts the worker down gracefully and waits for the process to end. */
  stop(): Promise<void>;
  /** What the worker printed (its log), for a report when something failed. */
  output(): string;
}

/** Starts a worker with `config` and resolves once it polls its task queue. */
export async function startWorkerProcess(config: Config): Promise<WorkerProcess> {
  const child: ChildProcess = fork(ENTRY, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    void exited.then(() => reject(new Error(`the worker process exited before it was ready:\n${output}`)));
    child.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') resolve();
      else reject(new Error(`the worker did not start: ${reply.message}\n${output}`));
    });
    child.send({ type: 'start', config } satisfies WorkerRequest);
  });
  const pid = child.pid ?? 0;
  return {
    pid,
    peakRss: () => peakRssBytes(pid),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.send({ type: 'stop' } satisfies WorkerRequest);
      await exited;
    },
  };
}
