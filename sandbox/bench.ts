/**
 * Throughput of the sandbox for a simple authenticated read (`GET /v1/day-types` by default):
 * the full pipeline (key, secret, bearer token, scope) over keep-alive HTTP connections. The
 * sandbox runs in a worker thread so the load generator does not share its core.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import type { SandboxCredentials, SandboxOptions } from './types.ts';

export interface BenchOptions {
  /** How long to measure, after a short warm-up. @default 3 */
  seconds?: number;
  /** Requests in flight at once. @default 32 */
  concurrency?: number;
  /** Keep-alive connections. @default 8 */
  connections?: number;
  /** Path to read. @default '/v1/day-types' */
  path?: string;
  /** Measure a sandbox that is already running (its base URL and credentials). */
  target?: { baseUrl: string; credentials: Pick<SandboxCredentials, 'apiKey' | 'apiSecret' | 'accessToken'> };
  /** Options of the sandbox the benchmark starts. */
  sandbox?: SandboxOptions;
}

export interface BenchResult {
  requests: number;
  seconds: number;
  rps: number;
}

type Target = NonNullable<BenchOptions['target']>;

/** A worker running `bench-worker`; from TypeScript sources the worker loads tsx first. */
function spawnWorker(options: SandboxOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./bench-worker.js', import.meta.url), { workerData: options });
  const script = new URL('./bench-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`;
  return new Worker(boot, { eval: true, workerData: options });
}

async function startWorker(options: SandboxOptions): Promise<{ target: Target; stop: () => Promise<void> }> {
  const worker = spawnWorker(options);
  const [target] = (await once(worker, 'message')) as [Target];
  return {
    target,
    stop: async () => {
      worker.postMessage('close');
      await once(worker, 'exit');
    },
  };
}

/** Measures requests per second for `seconds`; any answer other than 200 fails the run. */
async function measure(target: Target, options: BenchOptions): Promise<BenchResult> {
  const { apiKey, apiSecret, accessToken } = target.credentials;
  const headers = { 'x-api-key': apiKey, 'x-api-secret': apiSecret, authorization: `Bearer ${accessToken}` };
  const pool = new Pool(target.baseUrl, { connections: options.connections ?? 8 });
  const path = options.path ?? '/v1/day-types';
  const call = async (): Promise<void> => {
    const answer = await pool.request({ method: 'GET', path, headers });
    await answer.body.dump();
    if (answer.statusCode !== 200) throw new Error(`benchmark request answered ${answer.statusCode}`);
  };
  const run = async (durationMs: number): Promise<BenchResult> => {
    const started = performance.now();
    let requests = 0;
    const worker = async (): Promise<void> => {
      while (performance.now() - started < durationMs) {
        await call();
        requests += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 32 }, worker));
    const seconds = (performance.now() - started) / 1000;
    return { requests, seconds, rps: requests / seconds };
  };
  try {
    await run(500);
    return await run((options.seconds ?? 3) * 1000);
  } finally {
    await pool.close();
  }
}

/** Requests per second the sandbox serves for a simple authenticated read. */
export async function benchSandboxThroughput(options: BenchOptions = {}): Promise<BenchResult> {
  if (options.target) return measure(options.target, options);
  const { target, stop } = await startWorker(options.sandbox ?? {});
  try {
    return await measure(target, options);
  } finally {
    await stop();
  }
}
