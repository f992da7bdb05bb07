/**
 * Test helpers: a sandbox on free loopback ports and a small HTTP client for it. Real HTTP, no
 * mocks; the low bcrypt cost only shortens start-up.
 */
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';

/** Response bodies are whatever JSON the sandbox sent; tests read them field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic JSON in assertions
export type Json = any;

export interface Answer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (not JSON-encoded). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Leave out the auth headers. */
  noAuth?: boolean;
}

/** Auth material a request is sent with. */
export interface Auth {
  apiKey: string;
  apiSecret: string;
  accessToken: string;
}

/** Starts a sandbox for one test file. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ bcryptCost: 4, checkResponses: true, ...options });
}

/** The sandbox of a test file and a client for it, set before the file's tests run. */
export interface SandboxEnv {
  readonly sandbox: RunningSandbox;
  readonly api: Api;
}

/** Starts a sandbox before the file's tests (on free ports) and closes it after them. */
export function useSandbox(options: SandboxOptions = {}): SandboxEnv {
  const env = {} as { sandbox: RunningSandbox; api: Api };
  beforeAll(async () => {
    env.sandbox = await startTestSandbox(options);
    env.api = new Api(env.sandbox);
  });
  afterAll(async () => {
    await env.sandbox?.close();
  });
  return env;
}

/** A client bound to one sandbox and one set of credentials. */
export class Api {
  readonly auth: Auth;

  constructor(
    readonly sandbox: RunningSandbox,
    auth?: Auth,
  ) {
    this.auth = auth ?? sandbox.credentials;
  }

  /** The same sandbox with other credentials. */
  as(auth: Partial<Auth>): Api {
    return new Api(this.sandbox, { ...this.auth, ...auth });
  }

  authHeaders(): Record<string, string> {
    return {
      'x-api-key': this.auth.apiKey,
      'x-api-secret': this.auth.apiSecret,
      authorization: `Bearer ${this.auth.accessToken}`,
    };
  }

  async request<T = Json>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...(options.noAuth ? {} : this.authHeaders()), ...options.headers };
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    const response = await fetch(`${this.sandbox.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Json>(path: string, options?: RequestOptions): Promise<Answer<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T = Json>(path: string, body?: unknown, options: RequestOptions = {}): Promise<Answer<T>> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T = Json>(path: string, body?: unknown, options: RequestOptions = {}): Promise<Answer<T>> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  delete<T = Json>(path: string, options?: RequestOptions): Promise<Answer<T>> {
    return this.request<T>('DELETE', path, options);
  }

  /** Calls the admin routes (`/__sandbox/...`). */
  admin<T = Json>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.request<T>(method, `/__sandbox${path}`, { noAuth: true, body });
  }
}

/** A valid create-tour body with `dayCount` consecutive show days from 2030-06-01. */
export function tourBody(
  orgId: string,
  overrides: Record<string, unknown> = {},
  dayCount = 3,
): Record<string, unknown> {
  const days = Array.from({ length: dayCount }, (_unused, index) => ({
    day_type_id: 1,
    name: `Day ${index + 1}`,
    formatted_address: `Venue street ${index + 1}, Berlin`,
    date: `2030-06-${String(index + 1).padStart(2, '0')}T00:00:00.000Z`,
    timeZone: 'Europe/Berlin',
  }));
  return {
    name: 'Summer Run',
    org_id: orgId,
    start_date: '2030-06-01T00:00:00.000Z',
    end_date: `2030-06-${String(dayCount).padStart(2, '0')}T00:00:00.000Z`,
    timeZone: 'Europe/Berlin',
    days,
    ...overrides,
  };
}

/** Creates a tour and returns its ID and day IDs (date order). */
export async function createTour(
  api: Api,
  overrides: Record<string, unknown> = {},
  dayCount = 3,
): Promise<{ tourId: string; dayIds: number[] }> {
  const created = await api.post('/v1/tours', tourBody(api.sandbox.credentials.orgId, overrides, dayCount));
  if (created.status !== 200)
    throw new Error(`tour creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const tourId = created.body.data.id as string;
  const list = await api.get(`/v1/tours?org_id=${api.sandbox.credentials.orgId}`);
  const entry = (list.body.data as Array<{ tour: { id: string; tourDays: Array<{ id: number }> } }>).find(
    (row) => row.tour.id === tourId,
  );
  return { tourId, dayIds: entry?.tour.tourDays.map((day) => day.id) ?? [] };
}

/** The same sandbox acting for another user (a token minted by the admin route). */
export async function actAs(api: Api, userId: string): Promise<Api> {
  const minted = await api.admin('POST', '/tokens', { userId });
  if (minted.status !== 200) throw new Error(`token for ${userId} failed: ${minted.status}`);
  return api.as({ accessToken: minted.body.accessToken as string });
}

/** A crew member (role Member) of the tour. */
export async function crewMember(api: Api, tourId: string): Promise<string> {
  const members = await api.get(`/v1/tours/${tourId}/users`);
  const crew = (members.body.data.tour_users as Array<{ user: { id: string }; user_role_type: { name: string } }>).find(
    (row) => row.user_role_type.name === 'Member',
  );
  if (!crew) throw new Error('no crew member on the tour');
  return crew.user.id;
}

/** A minimal valid schedule item body. */
export function itemBody(
  tourId: string,
  dayId: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    tour_id: tourId,
    day_id: dayId,
    name: 'Soundcheck',
    startTime: '16:00',
    startTimeTypeId: 1,
    timeZoneStart: 'Europe/Berlin',
    ...overrides,
  };
}
