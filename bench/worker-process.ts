/**
 * A tourflow worker in a child process, started fresh for every measured run so that its peak
 * resident memory (`VmHWM`) belongs to that run alone. It is `tourflow worker`, configured
 * through the environment like a deployed worker: from the compiled build (as deployed) or
 * from the TypeScript sources through tsx (no build; about 70 MB more memory).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../worker/config.ts';
import { track } from './children.ts';
import { peakRssBytes } from './proc.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_ENTRY = path.join(ROOT, 'bench', 'worker-main.ts');

/**
 * glibc malloc arenas of a deployed worker (MALLOC_ARENA_MAX in docker-compose.yml). glibc
 * gives every thread that allocates concurrently an arena of its own, up to 8 per core, and
 * keeps what they once held; the worker's threads (Temporal's core, libuv's pool that
 * compresses payloads, the workflow thread) need no more than two.
 */
export const WORKER_MALLOC_ARENA_MAX = '2';

export interface WorkerProcess {
  pid: number;
  /** Peak resident memory so far, in bytes. */
  peakRss(): number | undefined;
  /** Shuts the worker down gracefully (SIGTERM) and waits for the process to end. */
  stop(): Promise<void>;
  /** What the worker printed (its log), for a report when something failed. */
  output(): string;
}

/** The environment `worker/config.ts` reads, for `config`; nothing inherited. */
export function workerEnv(config: Config): Record<string, string> {
  const entries: Array<[string, string | number | undefined]> = [
    ['TEMPORAL_ADDRESS', config.temporal.address],
    ['TEMPORAL_NAMESPACE', config.temporal.namespace],
    ['TOURFLOW_TASK_QUEUE', config.temporal.taskQueue],
    ['TOURFLOW_API_URL', config.api.baseUrl],
    ['TOURFLOW_AUTH_URL', config.api.authUrl],
    ['TOURFLOW_API_KEY', config.api.apiKey],
    ['TOURFLOW_API_SECRET', config.api.apiSecret],
    ['TOURFLOW_ACCESS_TOKEN', config.api.accessToken],
    ['TOURFLOW_REFRESH_TOKEN', config.api.refreshToken],
    ['TOURFLOW_ORG', config.api.defaultOrg],
    ['TOURFLOW_TOKEN_FILE', path.join(config.outputDir, 'tokens.json')],
    ['TOURFLOW_OUTPUT_DIR', config.outputDir],
    ['TOURFLOW_WORKFLOW_BUNDLE', config.worker.workflowBundlePath],
    ['TOURFLOW_MAX_CONCURRENT_ACTIVITIES', config.worker.maxConcurrentActivityTaskExecutions],
    ['TOURFLOW_MAX_CONCURRENT_WORKFLOW_TASKS', config.worker.maxConcurrentWorkflowTaskExecutions],
    ['TOURFLOW_STICKY_QUEUE_TIMEOUT', config.worker.stickyQueueTimeout],
    ['TOURFLOW_ENCRYPTION', config.temporal.encryption.off ? 'off' : undefined],
    ['TOURFLOW_ENCRYPTION_KEYS', config.temporal.encryption.keys],
  ];
  return Object.fromEntries(entries.flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
}

/**
 * Starts `tourflow worker` and resolves once it polls its task queue. `compiledEntry` is a
 * module of the compiled build that runs the CLI's `worker` command; without it, the sources.
 * `nodeArgs` go to node itself (e.g. `--cpu-prof`).
 */
export async function startWorkerProcess(
  config: Config,
  compiledEntry?: string,
  nodeArgs: string[] = [],
): Promise<WorkerProcess> {
  const args = [...nodeArgs, ...(compiledEntry ? [compiledEntry] : ['--import', 'tsx', SOURCE_ENTRY])];
  const env = { ...workerEnv(config), MALLOC_ARENA_MAX: WORKER_MALLOC_ARENA_MAX };
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('worker ready')) resolve();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    void exited.then(() => reject(new Error(`the worker process exited before it was ready:\n${output}`)));
  });
  const pid = child.pid ?? 0;
  return {
    pid,
    peakRss: () => peakRssBytes(pid),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
