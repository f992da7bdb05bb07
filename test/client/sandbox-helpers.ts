/**
 * Shared set-up of the client tests that run against the sandbox: an in-process sandbox over
 * loopback HTTP, a config and a client for it, its admin routes, and a ready tour.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTour, listTours, type CreateTourBody } from '../../api/contract/tours.ts';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import {
  ADMIN_PREFIX,
  sandboxApiConfig,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../sandbox/index.ts';
import type { ApiConfig } from '../../worker/config.ts';
import { apiConfig } from './helpers.ts';

/** A config pointing at a running sandbox with its full credential. */
export function configFor(sandbox: RunningSandbox, overrides: Partial<ApiConfig> = {}): ApiConfig {
  // the sandbox's settings without its default organization
  const { defaultOrg: _org, ...api } = sandboxApiConfig(sandbox.credentials);
  return apiConfig({ ...api, ...overrides });
}

/** Starts a sandbox with a cheap bcrypt cost, for fast tests. */
export function quickSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ bcryptCost: 4, ...options });
}

/**
 * Registers hooks that start one sandbox and one client for the describe block, clear fault
 * rules after each test, and close both at the end. Read them through the returned getters.
 */
export function useSandboxClient(options: SandboxOptions = {}): {
  readonly sandbox: RunningSandbox;
  readonly client: ApiClient;
} {
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
  const response = await fetch(`${baseUrl}${ADMIN_PREFIX}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${ADMIN_PREFIX}${route} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Creates a tour (one day per date) and returns its ID and day IDs in date order. */
export async function newTour(
  client: ApiClient,
  orgId: string,
  name: string,
  dates: string[] = ['2027-05-01'],
): Promise<{ tourId: string; dayIds: number[] }> {
  const days = dates.map((date) => ({ day_type_id: 1, name: date, formatted_address: 'Lisbon', date }));
  const body = tourBody(orgId, { name, start_date: dates[0], end_date: dates.at(-1), days });
  const { id } = await client.call(createTour, { body, idempotencyKey: `test-tour/${name}/${randomUUID()}` });
  const tour = (await client.call(listTours, { query: { org_id: orgId } })).find(
    (membership) => membership.tour.id === id,
  )?.tour;
  return { tourId: id, dayIds: (tour?.tourDays ?? []).map((entry) => entry.day?.id ?? entry.id) };
}
