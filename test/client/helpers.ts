/**
 * Shared set-up of the client tests that need no sandbox: a tiny fastify server for scripted
 * answers, a config for it, an agent that counts requests, and temporary directories.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, type Dispatcher } from 'undici';
import { loadConfig, type ApiConfig } from '../../worker/config.ts';

/** An API config from explicit values only (no environment), defaults for the rest. */
export function apiConfig(values: Partial<ApiConfig>): ApiConfig {
  const base = loadConfig({
    env: {},
    overrides: { api: { tokenFile: path.join(os.tmpdir(), 'tourflow-unused', 'tokens.json') } },
  }).api;
  return { ...base, ...values };
}

/** A fastify server on 127.0.0.1 and a free port, set up by `routes`. */
export async function scriptedServer(
  routes: (app: FastifyInstance) => void,
): Promise<{ url: string; app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  routes(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, app, close: () => app.close() };
}

/**
 * A keep-alive agent that counts requests per `METHOD path` (query string dropped) and keeps
 * every request line (`METHOD path?query`) in order.
 */
export function countingAgent(): {
  agent: Dispatcher;
  requests: string[];
  count(key: string): number;
  close(): Promise<void>;
} {
  const base = new Agent();
  const counts = new Map<string, number>();
  const requests: string[] = [];
  const agent = base.compose((dispatch) => (options, handler) => {
    const key = `${options.method} ${String(options.path).split('?')[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    requests.push(`${options.method} ${String(options.path)}`);
    return dispatch(options, handler);
  });
  return { agent, requests, count: (key) => counts.get(key) ?? 0, close: () => base.close() };
}

/** A fresh temporary directory, removed by the returned function. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-client-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A config for a scripted server: fixed credentials and token. */
export function scriptedConfig(url: string, overrides: Partial<ApiConfig> = {}): ApiConfig {
  return apiConfig({
    baseUrl: url,
    authUrl: url,
    apiKey: 'test-key',
    apiSecret: 'test-secret-value',
    accessToken: 'test-access-token',
    ...overrides,
  });
}
