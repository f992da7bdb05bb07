/**
 * Where the bearer token comes from, and how it is renewed. Tokens are refreshed shortly
 * before `expiresAt` and once after a 401. A refresh is single-flight: concurrent callers in
 * this process share one promise, a lock file keeps other processes out, and the new tokens
 * (including the rotated refresh token) are stored before any caller gets the new access token.
 */
import type { Dispatcher } from 'undici';
import type { ApiConfig } from '../../worker/config.ts';
import { ApiError, ReauthRequiredError } from './errors.ts';
import { missingCredentials, refreshTokens, type TokenSet } from './oauth.ts';
import { redactPatterns, type Redactor } from './redact.ts';
import { readTokenFile, withTokenFileLock, writeTokenFile, type LockOptions } from './token-store.ts';

/** Supplies bearer tokens to the client. */
export interface TokenSource {
  /** A token believed valid, refreshed first when it is about to expire. */
  getAccessToken(): Promise<string>;
  /** A token other than `rejected` (which just got a 401); refreshes unless that already happened. */
  refresh(rejected: string): Promise<string>;
  /** Granted scopes, when known. */
  scopes(): Promise<string[] | undefined>;
}

/** Where a refreshing source keeps its tokens. */
export interface TokenPersistence {
  load(): Promise<TokenSet | undefined>;
  save(tokens: TokenSet): Promise<void>;
  /** Runs a refresh so that no other process refreshes at the same time. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Why there are no tokens, for the sign-in message. */
  missingReason: string;
}

export interface RefreshingTokenSourceOptions {
  persistence: TokenPersistence;
  /** Trades a refresh token for new tokens. */
  refreshGrant: (refreshToken: string) => Promise<TokenSet>;
  now?: () => number;
  /** Refresh this long before expiry at most. @default 60_000 */
  maxSkewMs?: number;
}

/** A token source backed by stored tokens that it renews. */
export class RefreshingTokenSource implements TokenSource {
  private current: TokenSet | undefined;
  private loading: Promise<TokenSet> | undefined;
  private inFlight: Promise<string> | undefined;
  private refusedRefreshToken: string | undefined;
  private readonly now: () => number;

  constructor(private readonly options: RefreshingTokenSourceOptions) {
    this.now = options.now ?? Date.now;
  }

  async getAccessToken(): Promise<string> {
    const tokens = this.current ?? (await this.load());
    if (!this.isDue(tokens)) return tokens.accessToken;
    try {
      return await this.refresh(tokens.accessToken);
    } catch (error) {
      // An early refresh that hit a passing fault (portal down, timeout) must not fail a call
      // the current token can still make; the 401 path refreshes again once it has expired.
      const stillValid = tokens.expiresAt !== undefined && this.now() < tokens.expiresAt;
      if (stillValid && error instanceof ApiError && error.retryable) return tokens.accessToken;
      throw error;
    }
  }

  refresh(rejected: string): Promise<string> {
    if (this.inFlight) return this.inFlight;
    const current = this.current;
    if (current && current.accessToken !== rejected && !this.isDue(current))
      return Promise.resolve(current.accessToken);
    this.inFlight = this.options.persistence
      .exclusive(() => this.refreshLocked(rejected))
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  async scopes(): Promise<string[] | undefined> {
    const tokens = this.current ?? (await this.load());
    return tokens.scope?.split(/\s+/).filter(Boolean);
  }

  private load(): Promise<TokenSet> {
    this.loading ??= this.options.persistence.load().then(
      (tokens) => {
        if (!tokens) throw new ReauthRequiredError(this.options.persistence.missingReason);
        this.current ??= tokens;
        return this.current;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Expiry is near: within a tenth of the token's life, at most `maxSkewMs`. */
  private isDue(tokens: TokenSet): boolean {
    if (tokens.expiresAt === undefined) return false;
    const skew = Math.min(this.options.maxSkewMs ?? 60_000, (tokens.expiresAt - tokens.obtainedAt) / 10);
    return this.now() >= tokens.expiresAt - skew;
  }

  private async refreshLocked(rejected: string): Promise<string> {
    // Another process may have refreshed while we waited for the lock: use its tokens.
    const latest = (await this.options.persistence.load()) ?? this.current;
    if (!latest) throw new ReauthRequiredError(this.options.persistence.missingReason);
    if (latest.accessToken !== rejected && !this.isDue(latest)) {
      this.current = latest;
      return latest.accessToken;
    }
    if (!latest.refreshToken) {
      throw new ReauthRequiredError(
        'The access token was rejected or has expired, and there is no refresh token to renew it',
      );
    }
    // A refresh token the portal refused stays refused: fail at once instead of asking again.
    if (latest.refreshToken === this.refusedRefreshToken)
      throw new ReauthRequiredError('The stored sign-in has expired or was revoked');
    const fresh = await this.options.refreshGrant(latest.refreshToken).catch((error: unknown) => {
      if (error instanceof ReauthRequiredError) this.refusedRefreshToken = latest.refreshToken;
      throw error;
    });
    const next: TokenSet = {
      ...fresh,
      refreshToken: fresh.refreshToken ?? latest.refreshToken,
      scope: fresh.scope ?? latest.scope,
    };
    await this.options.persistence.save(next);
    this.current = next;
    return next.accessToken;
  }
}

/** Keeps tokens in memory only (tokens handed in through the environment). */
export function memoryPersistence(initial: TokenSet | undefined, missingReason: string): TokenPersistence {
  let tokens = initial;
  return {
    load: async () => tokens,
    save: async (next) => {
      tokens = next;
    },
    exclusive: (fn) => fn(),
    missingReason,
  };
}

/** Keeps tokens in the file written by `tourflow login`; `lock` tunes the refresh lock (tests). */
export function filePersistence(file: string, authUrl: string, lock: LockOptions = {}): TokenPersistence {
  return {
    load: async () => {
      const stored = await readTokenFile(file);
      if (!stored) return undefined;
      if (stored.authUrl !== authUrl) {
        throw new ReauthRequiredError(
          `The sign-in stored in ${file} is for the portal ${stored.authUrl}, not ${authUrl}`,
        );
      }
      const { authUrl: _authUrl, ...tokens } = stored;
      return tokens;
    },
    save: (tokens) => writeTokenFile(file, { ...tokens, authUrl }),
    exclusive: (fn) => withTokenFileLock(file, fn, lock),
    missingReason: `Not signed in: no tokens at ${file}`,
  };
}

export interface TokenSourceDeps {
  dispatcher?: Dispatcher;
  redact?: Redactor;
  now?: () => number;
}

/**
 * The token source a configuration asks for: `TOURFLOW_ACCESS_TOKEN` (renewable when
 * `TOURFLOW_REFRESH_TOKEN` is set too), otherwise the tokens stored by `tourflow login`.
 */
export function createTokenSource(config: ApiConfig, deps: TokenSourceDeps = {}): TokenSource {
  const now = deps.now ?? Date.now;
  const refreshGrant = (refreshToken: string): Promise<TokenSet> => {
    if (!config.apiKey || !config.apiSecret) throw missingCredentials('token refresh');
    const { apiKey, apiSecret, authUrl } = config;
    return refreshTokens(
      { authUrl, apiKey, apiSecret, dispatcher: deps.dispatcher, redact: deps.redact ?? redactPatterns, now },
      refreshToken,
    );
  };
  const persistence = config.accessToken
    ? memoryPersistence(envTokens(config, now()), 'No access token configured')
    : filePersistence(config.tokenFile, config.authUrl);
  return new RefreshingTokenSource({ persistence, refreshGrant, now });
}

function envTokens(config: ApiConfig, now: number): TokenSet | undefined {
  if (!config.accessToken) return undefined;
  return {
    accessToken: config.accessToken,
    refreshToken: config.refreshToken,
    tokenType: 'Bearer',
    scope: undefined,
    obtainedAt: now,
    expiresAt: undefined,
  };
}
