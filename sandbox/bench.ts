/**
 * Throughput of the sandbox for a simple authenticated read (`GET /v1/day-types` by default):
 * full pipeline (key, secret, bearer token, scope), keep-alive connections, fixed concurrency.
 */
import { Pool } from 'undici';
import { startSandbox } from './sandbox.ts';
import type { RunningSandbox } from './types.ts';

export interface BenchOptions {
  /** How long to measure. @default 3 */
  seconds?: number;
  /** Requests in flight at once. @default 32 */
  concurrency?: number;
  /** Keep-alive connections. @default 8 */
  connections?: number;
  /** Path to read. @default '/v1/day-types' */
  path?: string;
  /** Measure an already running sandbox instead of starting one. */
  sandbox?: RunningSandbox;
}

export interface BenchResult {
  requests: number;
  seconds: number;
  rps: number;
}

/** Measures requests per second; every answer must be 200 or the run fails. */
export async function benchSandboxThroughput(options: BenchOptions = {}): Promise<BenchResult> {
  const own = options.sandbox ? undefined : await startSandbox();
  const sandbox = options.sandbox ?? (own as RunningSandbox);
  const { apiKey, apiSecret, accessToken } = sandbox.credentials;
  const headers = { 'x-api-key': apiKey, 'x-api-secret': apiSecret, authorization: `Bearer ${accessToken}` };
  const pool = new Pool(sandbox.baseUrl, { connections: options.connections ?? 8, pipelining: 1 });
  const path = options.path ?? '/v1/day-types';
  const call = async (): Promise<void> => {
    const answer = await pool.request({ method: 'GET', path, headers });
    await answer.body.dump();
    if (answer.statusCode !== 200) throw new Error(`benchmark request answered ${answer.statusCode}`);
  };
  try {
    await call();
    const durationMs = (options.seconds ?? 3) * 1000;
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
  } finally {
    await pool.close();
    await own?.close();
  }
}
