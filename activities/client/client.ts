/**
 * The Tour API client every activity stands on. Each call sends the partner key and secret and
 * a bearer token, refreshes the token once after a 401 and repeats the call with the same body
 * bytes and idempotency key, validates the envelope and `data`, and turns every failure into an
 * `ApiError`. It does not retry on its own unless `retry` is given (outside Temporal).
 */
import type { Dispatcher } from 'undici';
import type { ApiConfig } from '../../worker/config.ts';
import { IDEMPOTENCY_HEADER } from '../api/assumptions.ts';
import { errorFromResponse } from './classify.ts';
import type { CallOptions, DataOf, Endpoint, PagedEndpoint, RowOf } from './endpoint.ts';
import { parseEnvelope, type RawResult } from './envelope.ts';
import { notPerformed } from './errors.ts';
import { createAgent, DEFAULT_TIMEOUTS, send, type HttpResponse, type HttpTimeouts } from './http.ts';
import { createLookups, type Lookups } from './lookups.ts';
import { missingCredentials } from './oauth.ts';
import { paginate, type PageOptions } from './paginate.ts';
import { prepareRequest, type LooseCallOptions, type PreparedRequest } from './prepare.ts';
import { createRedactor, type Redactor } from './redact.ts';
import { withRetry, type RetryListener, type RetryOptions } from './retry.ts';
import { createTokenSource, type TokenSource } from './token-source.ts';

/** One HTTP exchange, reported after it ends (for logs and benchmarks; holds no secrets). */
export interface RequestInfo {
  method: string;
  /** Path template, e.g. `/v1/tours/:tourId`. */
  path: string;
  /** HTTP status, or `undefined` when no response arrived. */
  status: number | undefined;
  ms: number;
  /** Whether this exchange repeats the call after a token refresh. */
  afterRefresh: boolean;
}

export interface ApiClientOptions {
  config: ApiConfig;
  /** @default the source `config` asks for (`createTokenSource`) */
  tokenSource?: TokenSource;
  /** The worker's shared keep-alive agent. @default an agent owned (and closed) by this client */
  agent?: Dispatcher;
  /** Retries with backoff; leave off inside Temporal activities. @default false */
  retry?: RetryOptions | false;
  timeouts?: HttpTimeouts;
  onRequest?: (info: RequestInfo) => void;
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
  paginate<E extends PagedEndpoint>(endpoint: E, options: PaginateOptions<E>): AsyncGenerator<RowOf<E>, void, undefined>;
  /** Name → ID resolution over the reference data, read once and cached. */
  readonly lookups: Lookups;
  readonly tokenSource: TokenSource;
  /** Masks this client's secrets and personal data in a text. */
  readonly redact: Redactor;
  /** Closes the agent, if this client created it. */
  close(): Promise<void>;
}

/** Creates a client for the API that `options.config` points at. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { config } = options;
  const ownsAgent = !options.agent;
  const dispatcher = options.agent ?? createAgent(options.timeouts);
  const requestMs = options.timeouts?.requestMs ?? DEFAULT_TIMEOUTS.requestMs;
  // Every bearer token this client has sent, so a message echoing one is masked.
  const tokensSeen = new Set<string>();
  const redact = createRedactor(() => [config.apiSecret, config.apiKey, config.accessToken, config.refreshToken, ...tokensSeen]);
  const tokenSource = options.tokenSource ?? createTokenSource(config, { dispatcher, redact });

  async function exchange(endpoint: Endpoint, prepared: PreparedRequest, token: string, signal: AbortSignal | undefined, afterRefresh: boolean): Promise<HttpResponse> {
    tokensSeen.add(token);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': config.apiKey ?? '',
      'x-api-secret': config.apiSecret ?? '',
      authorization: `Bearer ${token}`,
    };
    if (prepared.body !== undefined) headers['content-type'] = 'application/json';
    if (prepared.idempotencyKey) headers[IDEMPOTENCY_HEADER] = prepared.idempotencyKey;
    const started = performance.now();
    let status: number | undefined;
    try {
      const response = await send(
        { method: endpoint.method, url: prepared.url, headers, body: prepared.body, endpoint: endpoint.name, signal },
        { dispatcher, requestMs, redact },
      );
      status = response.status;
      return response;
    } finally {
      options.onRequest?.({ method: endpoint.method, path: endpoint.path, status, ms: Math.round(performance.now() - started), afterRefresh });
    }
  }

  /** One attempt: the call, and its single repeat after a 401 and a token refresh. */
  async function attempt(endpoint: Endpoint, prepared: PreparedRequest, signal: AbortSignal | undefined): Promise<RawResult<unknown>> {
    let token = await tokenSource.getAccessToken();
    let response = await exchange(endpoint, prepared, token, signal, false);
    if (response.status === 401) {
      token = await tokenSource.refresh(token);
      response = await exchange(endpoint, prepared, token, signal, true);
    }
    if (response.status < 200 || response.status >= 300) {
      throw errorFromResponse(endpoint.name, response.status, response.text, response.headers['retry-after'], redact);
    }
    return parseEnvelope(endpoint.name, response.status, response.text, endpoint.data);
  }

  function callRawLoose(endpoint: Endpoint, callOptions: LooseCallOptions): Promise<RawResult<unknown>> {
    if (!config.apiKey || !config.apiSecret) return Promise.reject(missingCredentials(endpoint.name));
    let prepared: PreparedRequest;
    try {
      prepared = prepareRequest(config.baseUrl, endpoint, callOptions);
    } catch (error) {
      return Promise.reject(error);
    }
    return withRetry(options.retry, () => attempt(endpoint, prepared, callOptions.signal), callOptions.signal, options.onRetry);
  }

  async function callLoose(endpoint: Endpoint, callOptions: LooseCallOptions): Promise<unknown> {
    const result = await callRawLoose(endpoint, callOptions);
    if (!result.status) throw notPerformed(endpoint.name, redact(result.message));
    return result.data;
  }

  const client: ApiClient = {
    call: (endpoint, callOptions) => callLoose(endpoint, callOptions as LooseCallOptions) as never,
    callRaw: (endpoint, callOptions) => callRawLoose(endpoint, callOptions as LooseCallOptions) as never,
    paginate: (endpoint, pageOptions) => paginate(callRawLoose.bind(null, endpoint), endpoint, pageOptions as LooseCallOptions & PageOptions),
    lookups: createLookups((endpoint) => callLoose(endpoint, {}) as never, { ttlMs: options.lookupTtlMs }),
    tokenSource,
    redact,
    close: async () => {
      if (ownsAgent) await dispatcher.close();
    },
  };
  return client;
}
