/**
 * Turns an endpoint and call options into the URL and body bytes to send, refusing bad input
 * before anything goes on the wire. The body is serialised once, so every attempt (a retry, the
 * repeat after a token refresh) sends the same bytes under the same idempotency key.
 */
import type { z } from 'zod';
import { endpointPath } from '../contract/assumptions.ts';
import type { Endpoint } from '../contract/endpoint.ts';
import { fieldPath } from './envelope.ts';
import { invalidRequest } from './errors.ts';
import { checkIdempotencyKey } from './idempotency.ts';

/** Untyped view of call options, as the implementation sees them. */
export interface LooseCallOptions {
  params?: Record<string, string | number> | undefined;
  query?: unknown;
  body?: unknown;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Paging parameters added after validation (`limit`, `offset` or the endpoint's names). */
  pageQuery?: Record<string, number> | undefined;
}

export interface PreparedRequest {
  /** `http://host:port` of the base URL. */
  origin: string;
  /** The base URL's path, the endpoint's and the query: what goes on the request line. */
  path: string;
  body: string | undefined;
  idempotencyKey: string | undefined;
}

function validate(endpoint: string, part: 'body' | 'query', schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidRequest(
    endpoint,
    `${part} field ${fieldPath([part, ...(issue?.path ?? [])])}: ${issue?.message ?? 'invalid'}`,
  );
}

/** Query values as the API reads them: lists comma-separated, booleans as `true`/`false`. */
export function toSearchParams(query: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (!query || typeof query !== 'object') return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/** A base URL taken apart once per client: its origin, and its path ending in `/`. */
export interface BaseUrl {
  origin: string;
  path: string;
}

export function parseBaseUrl(baseUrl: string): BaseUrl {
  const url = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  return { origin: url.origin, path: url.pathname };
}

/**
 * Builds the request for one call of `endpoint`. The path is put together as text: the
 * endpoint's path is fixed and its parameters are percent-encoded (`endpointPath`), so parsing
 * it as a URL, which the client did on every call and undici again, changed nothing.
 */
export function prepareRequest(base: BaseUrl, endpoint: Endpoint, options: LooseCallOptions): PreparedRequest {
  let endpointPart: string;
  try {
    endpointPart = endpointPath(endpoint.path, options.params);
  } catch (error) {
    throw invalidRequest(endpoint.name, (error as Error).message);
  }
  let search: URLSearchParams | undefined;
  if (endpoint.query) search = toSearchParams(validate(endpoint.name, 'query', endpoint.query, options.query ?? {}));
  else if (options.query !== undefined) search = toSearchParams(options.query);
  if (options.pageQuery) {
    search ??= new URLSearchParams();
    for (const [key, value] of Object.entries(options.pageQuery)) search.set(key, String(value));
  }
  const query = search?.toString();
  const path = `${base.path}${endpointPart.slice(1)}${query ? `?${query}` : ''}`;
  let body: string | undefined;
  if (endpoint.body) body = JSON.stringify(validate(endpoint.name, 'body', endpoint.body, options.body));
  else if (options.body !== undefined) throw invalidRequest(endpoint.name, 'this endpoint takes no body');
  const idempotencyKey = checkIdempotencyKey(endpoint.name, endpoint.method, options.idempotencyKey);
  return { origin: base.origin, path, body, idempotencyKey };
}
