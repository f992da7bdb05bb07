/**
 * The sandbox's error answers. An `ApiProblem` becomes `{ error, message, status }`; one raised
 * "at the gateway" (`code: null`) becomes the bare `{ message }` body, as the contract shows.
 */

/** Error codes the API returns (the contract's table; 415/429 codes are the sandbox's choice). */
export const ErrorCode = {
  invalidJson: 'INVALID_JSON',
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  fetchFailed: '400',
  freeTourLimit: '400',
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  insufficientScope: 'INSUFFICIENT_SCOPE',
  forbidden: 'Unauthorized',
  notFound: 'NOT_FOUND',
  tourNotFound: 'TOUR_NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'GRAPHQL_ERROR',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  emptyResponse: 'EMPTY_RESPONSE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An answer other than success, raised anywhere in the request pipeline. */
export class ApiProblem extends Error {
  readonly status: number;
  /** The API error code; null for a gateway failure with a bare `{ message }` body. */
  readonly code: ErrorCode | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode | null,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiProblem';
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
  }

  /** The JSON body of this answer. */
  body(): Record<string, unknown> {
    return this.code === null
      ? { message: this.message }
      : { error: this.code, message: this.message, status: this.status };
  }
}

/** 400 VALIDATION_ERROR. */
export const validationError = (message: string): ApiProblem => new ApiProblem(400, ErrorCode.validation, message);

/** 404 for an unknown or invisible record. */
export const notFound = (what: string): ApiProblem => new ApiProblem(404, ErrorCode.notFound, `${what} not found`);

/** 403 when the user may not access the resource. */
export const forbidden = (message = 'You do not have access to this resource'): ApiProblem =>
  new ApiProblem(403, ErrorCode.forbidden, message);

/** 404 TOUR_NOT_FOUND: the tour is deleted (or never existed). */
export const tourNotFound = (): ApiProblem => new ApiProblem(404, ErrorCode.tourNotFound, 'Tour not found');
