/**
 * One HTTP exchange with undici: a shared keep-alive agent, a connect timeout on the agent, a
 * whole-request timeout per call, and the caller's abort signal (a cancelled activity) honoured.
 * A cancelled call rethrows the signal's reason, so Temporal sees its own cancellation.
 */
import { Agent, type Dispatcher } from 'undici';
import { errorFromNetwork, timeoutError } from './classify.ts';
import type { Redactor } from './redact.ts';

/** Timeouts of the HTTP layer. */
export interface HttpTimeouts {
  /** Opening a connection. @default 10_000 */
  connectMs?: number;
  /** The whole request, from sending to the last byte of the body. @default 60_000 */
  requestMs?: number;
}

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, requestMs: 60_000 } as const;

/** The keep-alive agent a worker shares between all its activities. */
export function createAgent(timeouts: HttpTimeouts = {}): Agent {
  return new Agent({
    connect: { timeout: timeouts.connectMs ?? DEFAULT_TIMEOUTS.connectMs },
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
  });
}

export interface HttpRequest {
  method: string;
  /** `http://host:port`. */
  origin: string;
  /** The path and query. */
  path: string;
  headers: Record<string, string>;
  /** The serialised body: the same bytes on every attempt. */
  body: string | undefined;
  /** `"POST /v1/tours"`, for errors. */
  endpoint: string;
  signal: AbortSignal | undefined;
}

export interface HttpResponse {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  text: string;
}

interface Followers {
  requests: Set<AbortController>;
  onAbort: () => void;
}

/** Requests in flight under each caller signal (an activity's, shared by all its calls). */
const following = new WeakMap<AbortSignal, Followers>();

/**
 * Aborts `request` when `signal` aborts, until the returned function is called. One listener on
 * the caller's signal serves all its requests in flight and is removed with the last of them:
 * an activity's ten reads at once would otherwise add ten listeners to its signal, and node
 * warns of a leak past ten.
 */
function follow(signal: AbortSignal, request: AbortController): () => void {
  let followers = following.get(signal);
  if (!followers) {
    const requests = new Set<AbortController>();
    const onAbort = () => {
      for (const each of requests) each.abort(signal.reason);
    };
    following.set(signal, (followers = { requests, onAbort }));
    signal.addEventListener('abort', onAbort, { once: true });
  }
  const mine = followers;
  mine.requests.add(request);
  return () => {
    mine.requests.delete(request);
    if (mine.requests.size > 0) return;
    following.delete(signal);
    signal.removeEventListener('abort', mine.onAbort);
  };
}

/**
 * Sends one request; network failures and timeouts become retryable `ApiError`s.
 *
 * The deadline is a timer cleared when the request ends, and the caller's signal is followed
 * until then (`follow`). `AbortSignal.timeout` with `AbortSignal.any` did the same at five times
 * the cost per call, and kept every request's signal and timer alive for the whole timeout
 * (60 s), which a worker making hundreds of calls a second paid for in garbage collection.
 */
export async function send(
  req: HttpRequest,
  options: { dispatcher: Dispatcher; requestMs: number; redact: Redactor },
): Promise<HttpResponse> {
  req.signal?.throwIfAborted();
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, options.requestMs);
  const unfollow = req.signal ? follow(req.signal, abort) : undefined;
  const signal = abort.signal;
  try {
    const response = await options.dispatcher.request({
      origin: req.origin,
      path: req.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body,
      signal,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason;
    if (timedOut) throw timeoutError(req.endpoint, options.requestMs);
    throw errorFromNetwork(req.endpoint, error, options.redact);
  } finally {
    clearTimeout(timer);
    unfollow?.();
  }
}
