/** The Tour API client: HTTP, sign-in tokens, errors, paging, lookups and idempotency. */
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type PaginateOptions,
  type RequestInfo,
} from './client.ts';
export {
  arrayRows,
  defineEndpoint,
  definePagedEndpoint,
  type ApiScope,
  type CallOptions,
  type CommonCallOptions,
  type DataOf,
  type Endpoint,
  type HttpMethod,
  type PagedEndpoint,
  type PageSpec,
  type RowOf,
} from '../contract/endpoint.ts';
export { paginationSchema, type Pagination, type RawResult } from './envelope.ts';
export {
  ApiError,
  ApiResponseShapeError,
  LookupNameError,
  ReauthRequiredError,
  type ApiErrorContext,
} from './errors.ts';
export { browserCommand, openBrowser } from './browser.ts';
export {
  asActivityFailure,
  retriesExhausted,
  toActivityFailure,
  withActivityFailures,
  type ApiFailureDetails,
} from './failures.ts';
export { createAgent, DEFAULT_TIMEOUTS, type HttpTimeouts } from './http.ts';
export { checkIdempotencyKey, normalizeIdempotencyKey } from './idempotency.ts';
export { createLookups, normalizeName, type LookupEntryView, type Lookups } from './lookups.ts';
export { DEFAULT_LOGIN_SCOPES, type TokenSet } from './oauth.ts';
export { DEFAULT_PAGE_SIZE, type PageOptions } from './paginate.ts';
export { createRedactor, type Redactor } from './redact.ts';
export { signIn, type SignInOptions, type SignInResult } from './sign-in.ts';
export {
  callRetries,
  retryDelayMs,
  stepWaitLimit,
  withCallRetries,
  withRetry,
  type CallRetries,
  type RetryListener,
  type RetryOptions,
  type WaitLimit,
} from './retry.ts';
export {
  createTokenSource,
  filePersistence,
  memoryPersistence,
  RefreshingTokenSource,
  type TokenPersistence,
  type TokenSource,
} from './token-source.ts';
export { deleteTokenFile, readTokenFile, writeTokenFile, type StoredTokens } from './token-store.ts';
