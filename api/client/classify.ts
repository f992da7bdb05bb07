/**
 * Turns an HTTP outcome into an `ApiError`, following the contract's retry guidance:
 * 5xx, 408, timeouts and connection resets are retryable; 429 is retryable after `Retry-After`;
 * every other 4xx is not (retrying the same input gives the same answer).
 */
import { ApiError } from './errors.ts';
import type { Redactor } from './redact.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** Error body as the API sends it; gateway failures carry only `message`. */
interface ErrorBody {
  error?: unknown;
  message?: unknown;
}

const NETWORK_TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

/** Whether an HTTP status is worth trying again with the same request. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Parses `Retry-After` (delay in seconds, or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Math.round(Number(raw) * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function parseErrorBody(text: string): ErrorBody {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ErrorBody) : {};
  } catch {
    return {};
  }
}

/**
 * Which credential the API refused, in words, for a 401 or 403: the pipeline checks the
 * partner key and secret, then the user's token, then the credential's scopes, then the
 * user's access to the record. Undefined for any other answer.
 */
export function refusedCredential(status: number, code: string | undefined): string | undefined {
  if (status === 401)
    return 'The API refused the user token (missing, invalid or expired): sign in again with `tourflow login`, or set TOURFLOW_ACCESS_TOKEN.';
  if (status !== 403) return undefined;
  if (code === undefined || code === 'Forbidden') {
    return 'The API refused the API key or secret (TOURFLOW_API_KEY, TOURFLOW_API_SECRET): an unknown, revoked or expired key, or a secret that does not match it.';
  }
  if (code === FailureType.INSUFFICIENT_SCOPE)
    return 'The partner credential (TOURFLOW_API_KEY) was not granted a scope this call needs.';
  if (code === 'Unauthorized') return 'The signed-in user may not access this record.';
  return undefined;
}

/** Builds the error for a non-2xx response. */
export function errorFromResponse(
  endpoint: string,
  status: number,
  bodyText: string,
  retryAfterHeader: string | string[] | undefined,
  redact: Redactor,
): ApiError {
  const body = parseErrorBody(bodyText);
  const code = typeof body.error === 'string' && body.error !== '' ? body.error : undefined;
  const serverMessage = typeof body.message === 'string' ? body.message : bodyText.slice(0, 200).trim();
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(retryAfterHeader) : undefined;
  const label = code ? `${status} ${code}` : `${status}`;
  const refused = refusedCredential(status, code);
  const message = redact(
    `${endpoint} failed with ${label}${serverMessage ? `: ${serverMessage}` : ''}${refused ? `. ${refused}` : ''}`,
  );
  return new ApiError(message, { status, code, endpoint, retryable: isRetryableStatus(status), retryAfterMs });
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Builds the retryable error for a request that got no complete response. */
export function errorFromNetwork(endpoint: string, error: unknown, redact: Redactor): ApiError {
  const code = errorCode(error) ?? errorCode((error as { cause?: unknown })?.cause);
  const timedOut = code !== undefined && NETWORK_TIMEOUT_CODES.has(code);
  const detail = redact((error as Error)?.message ?? String(error));
  return new ApiError(
    `${endpoint} ${timedOut ? 'timed out' : 'got no response'} (${code ?? 'network error'}: ${detail})`,
    {
      code: timedOut ? FailureType.TIMEOUT : FailureType.NETWORK_ERROR,
      endpoint,
      retryable: true,
      cause: error,
    },
  );
}

/** The error for a call that ran past the whole-request timeout. */
export function timeoutError(endpoint: string, ms: number): ApiError {
  return new ApiError(`${endpoint} timed out after ${ms} ms`, {
    code: FailureType.TIMEOUT,
    endpoint,
    retryable: true,
  });
}
