/**
 * A tourflow worker in a child process (`tourflow worker`), configured through the
 * environment like a deployed one, so a test can SIGKILL it and start it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { bundleOptions } from '../../worker/worker.ts';
import { builtIsFresh } from './cli-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.resolve(import.meta.dirname, 'worker-main.ts');
const COMPILED = path.join(ROOT, 'bin', 'tourflow.js');

/**
 * How to start `tourflow worker`: the compiled CLI when `dist/` is newer than every source
 * file (as after `npm ci`, which builds it), else the sources through tsx.
 */
export async function workerCommand(): Promise<string[]> {
  return (await builtIsFresh()) ? [COMPILED, 'worker'] : ['--import', 'tsx', ENTRY];
}

/** Writes the workflow bundle once, so restarted workers skip bundling. */
export async function prebuiltBundle(): Promise<string> {
  const { code } = await bundleWorkflowCode(bundleOptions());
  const file = path.join(os.tmpdir(), `tourflow-bundle-${process.pid}.js`);
  await writeFile(file, code);
  return file;
}

export interface WorkerProcess {
  /** Resolves once the worker printed its ready line. */
  ready: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
}

/** Starts `tourflow worker` in a child process with `env` on top of the current environment. */
export function startWorkerProcess(env: Record<string, string>, command: string[]): WorkerProcess {
  const child: ChildProcess = spawn(process.execPath, command, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker ready')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  return {
    ready,
    output: () => output,
    kill: (signal = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
