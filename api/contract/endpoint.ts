/**
 * How one Tour API endpoint is described: the method, path and scopes decided in
 * `api/contract/assumptions.ts`, and zod schemas for the query, the body and the envelope's
 * `data`. The path parameters are read from the path itself (`PathParams`), so a missing one
 * is a type error and there is no second list to keep in step with the path.
 */
import type { z } from 'zod';
import type { ApiScope, EndpointSpec, HttpMethod } from './assumptions.ts';

export type { ApiScope, HttpMethod };

/** Where the rows and the paging state of a paged read are. */
export interface PageSpec<TData, TRow> {
  /** Query parameter carrying the page size. @default 'limit' */
  limitParam?: string;
  /** Query parameter carrying the rows to skip. @default 'offset' */
  offsetParam?: string;
  /** The rows of one page. */
  rows(data: TData): TRow[];
  /**
   * `hasMore` carried inside `data` rather than in a `pagination` object (the file listing).
   * Such a read reports no `nextOffset`, so the next page starts a full page further on: rows
   * filtered out after counting were consumed all the same, and counting only the rows
   * returned would read some twice.
   */
  inner?(data: TData): { hasMore: boolean } | undefined;
}

/** One endpoint of the Tour API. */
export interface Endpoint<
  K extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  /** Path with `:name` placeholders, `/v1/...`. */
  readonly path: string;
  /** `"GET /v1/tours/:tourId/venues"`: the name errors and logs use. */
  readonly name: string;
  /** Scopes the partner credential needs; multi-scope reads need all of them. */
  readonly scopes: readonly ApiScope[];
  readonly params: readonly K[];
  readonly query: Q;
  readonly body: B;
  /** Schema of the envelope's `data`. */
  readonly data: D;
}

/** An endpoint whose list can be read page by page. */
export interface PagedEndpoint<
  K extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  R = unknown,
> extends Endpoint<K, Q, undefined, D> {
  readonly page: PageSpec<z.output<D>, R>;
}

/**
 * The `:name` placeholders of a path, as a union of their names:
 * `PathParams<'/v1/tours/:tourId/days/:dayId/schedule'>` is `'tourId' | 'dayId'`.
 */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOption<K extends string> = [K] extends [never]
  ? { params?: undefined }
  : { params: Record<K, string | number> };
type QueryOption<Q> = Q extends z.ZodType
  ? Partial<z.input<Q>> extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: undefined };
type BodyOption<B> = B extends z.ZodType ? { body: z.input<B> } : { body?: undefined };

/** Options shared by every call. */
export interface CommonCallOptions {
  /**
   * `X-Idempotency-Key`: required on POST, optional on PUT/DELETE. The same key and body on every
   * attempt, so the API runs the write at most once. Keys over 128 characters are hashed.
   */
  idempotencyKey?: string;
  /** Aborts the call (a cancelled activity's signal). */
  signal?: AbortSignal;
}

type ParamsOf<E> = E extends Endpoint<infer K> ? K : never;

/** What `client.call(endpoint, options)` takes for a given endpoint. */
export type CallOptions<E extends Endpoint> = CommonCallOptions &
  ParamsOption<ParamsOf<E>> &
  QueryOption<E['query']> &
  BodyOption<E['body']>;

/** Validated `data` of an endpoint. */
export type DataOf<E extends Endpoint> = z.output<E['data']>;

/** Row type of a paged endpoint. */
export type RowOf<E> = E extends PagedEndpoint<string, z.ZodType | undefined, z.ZodType, infer R> ? R : never;

interface EndpointInit<Q, B, D> {
  query?: Q;
  body?: B;
  data: D;
}

function placeholders(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
}

/** Declares an endpoint: `defineEndpoint(Endpoints.updateTour, { body, data })`; its path parameters come from the path. */
export function defineEndpoint<
  D extends z.ZodType,
  P extends string,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: EndpointSpec<P>, init: EndpointInit<Q, B, D>): Endpoint<PathParams<P>, Q, B, D> {
  return {
    method: spec.method,
    path: spec.path,
    name: `${spec.method} ${spec.path}`,
    scopes: spec.scopes,
    params: placeholders(spec.path) as PathParams<P>[],
    query: init.query as Q,
    body: init.body as B,
    data: init.data,
  };
}

/** Declares a paged read; `page.rows` picks the rows out of `data`. */
export function definePagedEndpoint<
  D extends z.ZodType,
  R,
  P extends string,
  Q extends z.ZodType | undefined = undefined,
>(
  spec: EndpointSpec<P>,
  init: EndpointInit<Q, undefined, D> & { page: PageSpec<z.output<D>, R> },
): PagedEndpoint<PathParams<P>, Q, D, R> {
  return { ...defineEndpoint<D, P, Q, undefined>(spec, init), page: init.page };
}

/** `page.rows` of a read whose `data` is the array of rows. */
export function arrayRows<T>(data: T[]): T[] {
  return data;
}
