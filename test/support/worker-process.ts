/**
 * A tourflow worker in a child process (`tourflow worker`), configured through the
 * environment like a deployed one, so a test can SIGKILL it and start it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { bundleWorkflowCode } from '@temporalio/worker';
import type { SandboxCredentials } from '../../sandbox/index.ts';
import { bundleOptions } from '../../worker/worker.ts';
import { builtIsFresh, TSX_LOADER } from './cli-process.ts';

export { builtIsFresh, TSX_LOADER };

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.resolve(import.meta.dirname, 'worker-main.ts');
const COMPILED = path.join(ROOT, 'bin', 'tourflow.js');

/**
 * How to start `tourflow worker`: the compiled CLI when `dist/` is newer than every source
 * file (as after `npm ci`, which builds it), else the sources through tsx.
 */
export async function workerCommand(): Promise<string[]> {
  return (await builtIsFresh()) ? [COMPILED, 'worker'] : ['--import', TSX_LOADER, ENTRY];
}

/** Writes the workflow bundle once, so restarted workers skip bundling. */
export async function prebuiltBundle(): Promise<string> {
  const { code } = await bundleWorkflowCode(bundleOptions());
  const file = path.join(os.tmpdir(), `tourflow-bundle-${process.pid}.js`);
  await writeFile(file, code);
  return file;
}

/** The environment that points a `tourflow worker` at a sandbox with its credentials. */
export function sandboxEnv(creds: SandboxCredentials): Record<string, string> {
  return {
    TOURFLOW_API_URL: creds.baseUrl,
    TOURFLOW_AUTH_URL: creds.authUrl,
    TOURFLOW_API_KEY: creds.apiKey,
    TOURFLOW_API_SECRET: creds.apiSecret,
    TOURFLOW_ACCESS_TOKEN: creds.accessToken,
    TOURFLOW_REFRESH_TOKEN: creds.refreshToken,
    TOURFLOW_ORG: creds.orgId,
  };
}

/** What a worker process works on (the dev server of the test run is the one it connects to). */
export interface WorkerSetup {
  taskQueue: string;
  /** The sandbox's credentials (its URLs, keys and tokens). */
  credentials: SandboxCredentials;
  /** A prebuilt workflow bundle (`prebuiltBundle`). */
  bundle: string;
}

/**
 * The environment of a worker process: the test run's dev server and encryption keys, the
 * sandbox's API and sign-in, the bundle, and a sticky queue timeout of 1 s, so that another
 * worker takes a killed one's workflow tasks soon.
 */
export function workerEnv(setup: WorkerSetup): Record<string, string> {
  return {
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_NAMESPACE: inject('temporalNamespace'),
    TOURFLOW_ENCRYPTION_KEYS: inject('encryptionKeys'),
    TOURFLOW_TASK_QUEUE: setup.taskQueue,
    ...sandboxEnv(setup.credentials),
    TOURFLOW_WORKFLOW_BUNDLE: setup.bundle,
    TOURFLOW_STICKY_QUEUE_TIMEOUT: '1s',
  };
}

export interface WorkerProcess {
  /** The process ID, which the worker's default identity (`<pid>@<host>`) begins with. */
  pid: number | undefined;
  /** Resolves once the worker printed its ready line. */
  ready: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
}

/**
 * Starts `tourflow worker` (or another serving command) in a child process with `env` on top of
 * the current environment (in `cwd`, if given); it is ready once it printed `readyText`.
 */
export function startWorkerProcess(
  env: Record<string, string>,
  command: string[],
  options: { cwd?: string; readyText?: string } = {},
): WorkerProcess {
  const readyText = options.readyText ?? 'worker ready';
  const child: ChildProcess = spawn(process.execPath, command, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`${command.join(' ')} exited with ${code} before it was ready:\n${output}`)),
    );
  });
  ready.catch(() => undefined);
  return {
    pid: child.pid,
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
