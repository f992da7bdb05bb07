/**
 * The Tour API client's errors. One family: every failure of a call is an `ApiError` carrying
 * the HTTP status (when a response arrived), the API's `error` code, the endpoint
 * (`"POST /v1/tours"`) and whether trying again can help. Messages never hold a header,
 * token or secret.
 */
import { FailureType } from '../../definitions/failure-types.ts';

export interface ApiErrorContext {
  /** HTTP status, when a response arrived. */
  status?: number;
  /** The API's `error` code, or one of the client's own (`FailureType`); absent for a bare gateway body. */
  code?: string;
  /** Method and path template, e.g. `"PUT /v1/tours/{tourId}"`. */
  endpoint: string;
  /** Whether the same request may succeed later. */
  retryable: boolean;
  /** How long the server asked to wait before the next attempt (`Retry-After`). */
  retryAfterMs?: number;
  cause?: unknown;
}

/** A failed call to the Tour API. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly endpoint: string;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  /**
   * How many times the client sent the request, this answer's attempt included: more than one
   * when it retried. A DELETE answered 404 after an attempt whose answer was lost found the
   * record deleted by that attempt (`isRetry` in activities/actions/attempts.ts).
   */
  attempts = 1;

  constructor(message: string, context: ApiErrorContext) {
    super(message, { cause: context.cause });
    this.name = 'ApiError';
    this.status = context.status;
    this.code = context.code;
    this.endpoint = context.endpoint;
    this.retryable = context.retryable;
    this.retryAfterMs = context.retryAfterMs;
  }

  /** The failure type a playbook names to tolerate this error: the API code, else `HTTP_<status>`. */
  get type(): string {
    return this.code ?? `HTTP_${this.status ?? 0}`;
  }
}

/** A response whose shape breaks the endpoint's schema; names the field. Never retryable. */
export class ApiResponseShapeError extends ApiError {
  /** Dotted path of the offending field inside the response, e.g. `data[3].day.id`. */
  readonly field: string;

  constructor(endpoint: string, field: string, problem: string, status?: number) {
    super(`${endpoint} answered with an unexpected shape at ${field}: ${problem}`, {
      status,
      code: FailureType.RESPONSE_SHAPE_ERROR,
      endpoint,
      retryable: false,
    });
    this.name = 'ApiResponseShapeError';
    this.field = field;
  }
}

/**
 * The stored sign-in can no longer be used (refresh token expired or revoked, no tokens at all).
 * Never retryable: a person has to run `tourflow login`.
 */
export class ReauthRequiredError extends ApiError {
  constructor(reason: string, options: { endpoint?: string; cause?: unknown } = {}) {
    super(`${reason}. Run \`tourflow login\` to sign in again.`, {
      code: FailureType.REAUTH_REQUIRED,
      endpoint: options.endpoint ?? 'token refresh',
      retryable: false,
      cause: options.cause,
    });
    this.name = 'ReauthRequiredError';
  }
}

/** A name used in a playbook (`roomType: Double`) that the reference data does not hold. */
export class LookupNameError extends ApiError {
  readonly group: string;
  readonly validNames: readonly string[];

  constructor(group: string, name: string, validNames: readonly string[], endpoint: string) {
    const shown = validNames.length ? validNames.join(', ') : '(none)';
    super(`Unknown ${group} name "${name}". Valid names: ${shown}`, {
      code: FailureType.UNKNOWN_NAME,
      endpoint,
      retryable: false,
    });
    this.name = 'LookupNameError';
    this.group = group;
    this.validNames = validNames;
  }
}

/** Builds a local, non-retryable error for a request refused before sending. */
export function invalidRequest(endpoint: string, message: string): ApiError {
  return new ApiError(`${endpoint}: ${message}`, {
    code: FailureType.INVALID_REQUEST,
    endpoint,
    retryable: false,
  });
}

/** The error for a 2xx whose envelope says `status: false`: nothing was done. */
export function notPerformed(endpoint: string, message: string, status?: number): ApiError {
  return new ApiError(`${endpoint} did not perform the operation${message ? `: ${message}` : ''}`, {
    status,
    code: FailureType.NOT_PERFORMED,
    endpoint,
    retryable: false,
  });
}
