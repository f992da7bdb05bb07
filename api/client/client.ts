/**
 * The Tour API client every activity stands on. Each call sends the partner key and secret and
 * a bearer token, refreshes the token once after a 401 and repeats the call with the same body
 * bytes and idempotency key, validates the envelope and `data`, and turns every failure into an
 * `ApiError`. Inside an activity it retries by the step's policy (`withCallRetries`); elsewhere
 * only when `retry` is given.
 */
import type { Dispatcher } from 'undici';
import type { ApiConfig } from '../../worker/config.ts';
import { IDEMPOTENCY_HEADER } from '../contract/assumptions.ts';
import { errorFromResponse } from './classify.ts';
import type { CallOptions, DataOf, Endpoint, PagedEndpoint, RowOf } from '../contract/endpoint.ts';
import { parseEnvelope, type RawResult } from './envelope.ts';
import { ApiError, notPerformed } from './errors.ts';
import { createAgent, DEFAULT_TIMEOUTS, send, type HttpResponse, type HttpTimeouts } from './http.ts';
import { createLookups, type Lookups } from './lookups.ts';
import { missingCredentials } from './oauth.ts';
import { paginate, type PageOptions } from './paginate.ts';
import { parseBaseUrl, prepareRequest, type BaseUrl, type LooseCallOptions, type PreparedRequest } from './prepare.ts';
import { createRedactor, type Redactor } from './redact.ts';
import { callRetries, withRetry, type RetryListener, type RetryOptions } from './retry.ts';
import { createTokenSource, type TokenSource } from './token-source.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** One HTTP exchange, reported after it ends (for logs and benchmarks; holds no secrets). */
export interface RequestInfo {
  method: string;
  /** Path template, e.g. `/v1/tours/:tourId`. */
  path: string;
  /** HTTP status, or `undefined` when no response arrived. */
  status: number | undefined;
  /** Why no response arrived: the request timed out, the network failed, or the caller cancelled it. */
  noResponse?: 'timeout' | 'network' | 'cancelled';
  /** Milliseconds from sending to the last byte of the answer (fractional). */
  ms: number;
  /** The call's attempt (1 for the first try; more when the client retried it). */
  attempt: number;
  /** Whether this exchange repeats the call after a token refresh. */
  afterRefresh: boolean;
}

export interface ApiClientOptions {
  config: ApiConfig;
  /** @default the source `config` asks for (`createTokenSource`) */
  tokenSource?: TokenSource;
  /** The worker's shared keep-alive agent. @default an agent owned (and closed) by this client */
  agent?: Dispatcher;
  /**
   * Retries with backoff. Leave off inside Temporal activities: there each call retries by the
   * step's policy, which the activity sets (`withCallRetries`). @default false
   */
  retry?: RetryOptions | false;
  timeouts?: HttpTimeouts;
  onRequest?: (info: RequestInfo) => void;
  /** Called before each retry's wait, besides the listener `withCallRetries` gives, if any. */
  onRetry?: RetryListener;
  /** How long lookups are kept. @default one hour */
  lookupTtlMs?: number;
}

/** Options of `client.paginate`: a call's options without a body, plus paging. */
export type PaginateOptions<E extends PagedEndpoint> = CallOptions<E> & PageOptions;

export interface ApiClient {
  /** Calls an endpoint and returns its validated `data`; a `status: false` envelope throws `NOT_PERFORMED`. */
  call<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<DataOf<E>>;
  /** Calls an endpoint and returns the whole envelope, `status: false` included. */
  callRaw<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<RawResult<DataOf<E>>>;
  /** Every row of a paged read, page after page. */
  paginate<E extends PagedEndpoint>(
    endpoint: E,
    options: PaginateOptions<E>,
  ): AsyncGenerator<RowOf<E>, void, undefined>;
  /** Name → ID resolution over the reference data, read once and cached. */
  readonly lookups: Lookups;
  readonly tokenSource: TokenSource;
  /** Masks this client's secrets and personal data in a text. */
  readonly redact: Redactor;
  /** Closes the agent, if this client created it. */
  close(): Promise<void>;
}

/** The client behind `createApiClient`; one per worker, shared by all its activities. */
class TourApiClient implements ApiClient {
  readonly lookups: Lookups;
  readonly tokenSource: TokenSource;
  readonly redact: Redactor;
  private readonly config: ApiConfig;
  private readonly dispatcher: Dispatcher;
  private readonly ownsAgent: boolean;
  private readonly requestMs: number;
  // The base URL taken apart at the first call, not on every call.
  private base: BaseUrl | undefined;
  // Every bearer token this client has sent, so a message echoing one is masked.
  private readonly tokensSeen = new Set<string>();

  constructor(private readonly options: ApiClientOptions) {
    const config = options.config;
    this.config = config;
    this.ownsAgent = !options.agent;
    this.dispatcher = options.agent ?? createAgent(options.timeouts);
    this.requestMs = options.timeouts?.requestMs ?? DEFAULT_TIMEOUTS.requestMs;
    this.redact = createRedactor(() => [
      config.apiSecret,
      config.apiKey,
      config.accessToken,
      config.refreshToken,
      ...this.tokensSeen,
    ]);
    this.tokenSource =
      options.tokenSource ?? createTokenSource(config, { dispatcher: this.dispatcher, redact: this.redact });
    this.lookups = createLookups((endpoint) => this.call(endpoint, {} as never), { ttlMs: options.lookupTtlMs });
  }

  async call<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<DataOf<E>> {
    const result = await this.callRaw(endpoint, options);
    if (!result.status) throw notPerformed(endpoint.name, this.redact(result.message));
    return result.data;
  }

  callRaw<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<RawResult<DataOf<E>>> {
    return this.rawLoose(endpoint, options as LooseCallOptions) as Promise<RawResult<DataOf<E>>>;
  }

  paginate<E extends PagedEndpoint>(
    endpoint: E,
    options: PaginateOptions<E>,
  ): AsyncGenerator<RowOf<E>, void, undefined> {
    return paginate((page) => this.rawLoose(endpoint, page), endpoint, options as LooseCallOptions & PageOptions);
  }

  async close(): Promise<void> {
    if (this.ownsAgent) await this.dispatcher.close();
  }

  private async rawLoose(endpoint: Endpoint, options: LooseCallOptions): Promise<RawResult<unknown>> {
    const { apiKey, apiSecret, baseUrl } = this.config;
    if (!apiKey || !apiSecret) throw missingCredentials(endpoint.name);
    const prepared = prepareRequest((this.base ??= parseBaseUrl(baseUrl)), endpoint, options);
    const scoped = this.options.retry ? undefined : callRetries();
    const retry = this.options.retry || scoped?.options;
    const listeners = [this.options.onRetry, scoped?.onRetry].filter((listener) => listener !== undefined);
    const onRetry: RetryListener | undefined =
      listeners.length > 1 ? (info) => listeners.forEach((listener) => listener(info)) : listeners[0];
    return withRetry(retry, (n) => this.attempt(endpoint, prepared, options.signal, n), options.signal, onRetry);
  }

  /** One attempt: the call, and its single repeat after a 401 and a token refresh. */
  private async attempt(
    endpoint: Endpoint,
    prepared: PreparedRequest,
    signal: AbortSignal | undefined,
    n: number,
  ): Promise<RawResult<unknown>> {
    let token = await this.tokenSource.getAccessToken();
    let response = await this.exchange(endpoint, prepared, token, signal, { attempt: n, afterRefresh: false });
    if (response.status === 401) {
      token = await this.tokenSource.refresh(token);
      response = await this.exchange(endpoint, prepared, token, signal, { attempt: n, afterRefresh: true });
    }
    if (response.status < 200 || response.status >= 300) {
      throw errorFromResponse(
        endpoint.name,
        response.status,
        response.text,
        response.headers['retry-after'],
        this.redact,
      );
    }
    return parseEnvelope(endpoint.name, response.status, response.text, endpoint.data);
  }

  private async exchange(
    endpoint: Endpoint,
    prepared: PreparedRequest,
    token: string,
    signal: AbortSignal | undefined,
    which: Pick<RequestInfo, 'attempt' | 'afterRefresh'>,
  ): Promise<HttpResponse> {
    this.tokensSeen.add(token);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': this.config.apiKey ?? '',
      'x-api-secret': this.config.apiSecret ?? '',
      authorization: `Bearer ${token}`,
    };
    if (prepared.body !== undefined) headers['content-type'] = 'application/json';
    if (prepared.idempotencyKey) headers[IDEMPOTENCY_HEADER] = prepared.idempotencyKey;
    const started = performance.now();
    let status: number | undefined;
    let noResponse: RequestInfo['noResponse'];
    try {
      const response = await send(
        {
          method: endpoint.method,
          origin: prepared.origin,
          path: prepared.path,
          headers,
          body: prepared.body,
          endpoint: endpoint.name,
          signal,
        },
        { dispatcher: this.dispatcher, requestMs: this.requestMs, redact: this.redact },
      );
      status = response.status;
      return response;
    } catch (error) {
      noResponse = signal?.aborted
        ? 'cancelled'
        : error instanceof ApiError && error.code === FailureType.TIMEOUT
          ? 'timeout'
          : 'network';
      throw error;
    } finally {
      const ms = performance.now() - started;
      this.options.onRequest?.({
        method: endpoint.method,
        path: endpoint.path,
        status,
        ...(noResponse ? { noResponse } : {}),
        ms,
        ...which,
      });
    }
  }
}

/** Creates a client for the API that `options.config` points at. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return new TourApiClient(options);
}
