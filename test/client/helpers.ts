/**
 * Shared set-up of the client tests: an in-process sandbox over loopback HTTP, a config for it,
 * a tiny fastify server for scripted answers, and an agent that counts requests by path.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTour, listTours, type CreateTourBody } from '../../activities/api/tours.ts';
import { createApiClient, type ApiClient } from '../../activities/client/index.ts';
import { Agent, type Dispatcher } from 'undici';
import { ADMIN_PREFIX, startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';
import { loadConfig, type ApiConfig } from '../../worker/config.ts';

/** An API config from explicit values only (no environment), defaults for the rest. */
function apiConfig(values: Partial<ApiConfig>): ApiConfig {
  const base = loadConfig({ env: {}, overrides: { api: { tokenFile: path.join(os.tmpdir(), 'tourflow-unused', 'tokens.json') } } }).api;
  return { ...base, ...values };
}

/** A config pointing at a running sandbox with its full credential. */
export function configFor(sandbox: RunningSandbox, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const creds = sandbox.credentials;
  return apiConfig({
    baseUrl: creds.baseUrl,
    authUrl: creds.authUrl,
    apiKey: creds.apiKey,
    apiSecret: creds.apiSecret,
    accessToken: creds.accessToken,
    refreshToken: creds.refreshToken,
    ...overrides,
  });
}

/** Starts a sandbox with a cheap bcrypt cost, for fast tests. */
export function quickSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ bcryptCost: 4, ...options });
}

/** A fastify server on 127.0.0.1 and a free port, set up by `routes`. */
export async function scriptedServer(routes: (app: FastifyInstance) => void): Promise<{ url: string; app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  routes(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, app, close: () => app.close() };
}

/**
 * A keep-alive agent that counts requests per `METHOD path` (query string dropped) and keeps
 * every request line (`METHOD path?query`) in order.
 */
export function countingAgent(): { agent: Dispatcher; requests: string[]; count(key: string): number; close(): Promise<void> } {
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
  return apiConfig({ baseUrl: url, authUrl: url, apiKey: 'test-key', apiSecret: 'test-secret-value', accessToken: 'test-access-token', ...overrides });
}

/**
 * Registers hooks that start one sandbox and one client for the describe block, clear fault
 * rules after each test, and close both at the end. Read them through the returned getters.
 */
export function useSandboxClient(options: SandboxOptions = {}): { readonly sandbox: RunningSandbox; readonly client: ApiClient } {
  let sandbox: RunningSandbox | undefined;
  let client: ApiClient | undefined;
  beforeAll(async () => {
    sandbox = await quickSandbox(options);
    client = createApiClient({ config: configFor(sandbox) });
  });
  afterEach(() => sandbox?.faults.clear());
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });
  return {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll');
      return sandbox;
    },
    get client() {
      if (!client) throw new Error('the client starts in beforeAll');
      return client;
    },
  };
}

/** A valid one-day tour body for `orgId`. */
export function tourBody(orgId: string, overrides: Partial<CreateTourBody> = {}): CreateTourBody {
  return {
    name: 'Client Test Tour',
    org_id: orgId,
    start_date: '2027-05-01',
    end_date: '2027-05-01',
    timeZone: 'Europe/Berlin',
    days: [{ day_type_id: 1, name: 'Berlin', formatted_address: 'Berlin', date: '2027-05-01' }],
    ...overrides,
  };
}

/** Calls a sandbox admin route (`/__sandbox/...`) and returns its JSON answer. */
export async function adminPost<T>(baseUrl: string, route: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${ADMIN_PREFIX}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${ADMIN_PREFIX}${route} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Creates a tour (one day per date) and returns its ID and day IDs in date order. */
export async function newTour(client: ApiClient, orgId: string, name: string, dates: string[] = ['2027-05-01']): Promise<{ tourId: string; dayIds: number[] }> {
  const days = dates.map((date) => ({ day_type_id: 1, name: date, formatted_address: 'Lisbon', date }));
  const body = tourBody(orgId, { name, start_date: dates[0], end_date: dates.at(-1), days });
  const { id } = await client.call(createTour, { body, idempotencyKey: `test-tour/${name}/${randomUUID()}` });
  const tour = (await client.call(listTours, { query: { org_id: orgId } })).find((membership) => membership.tour.id === id)?.tour;
  return { tourId: id, dayIds: (tour?.tourDays ?? []).map((entry) => entry.day?.id ?? entry.id) };
}
