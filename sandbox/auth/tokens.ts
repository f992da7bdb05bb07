/**
 * User tokens. Access tokens are HS256 JWTs (`token_use: access`, issuer, expiry) like the
 * real user pool's, signed with the store's key; each is also recorded by its `jti`, so the
 * sandbox can expire every issued token at once. Refresh tokens are opaque.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccessTokenRecord } from '../store/auth-records.ts';
import type { Store } from '../store/store.ts';

/** The `iss` claim of every access token. */
export const TOKEN_ISSUER = 'https://auth.sandbox.tourflow.invalid/user-pool';
/** Refresh token lifetime (shown: 30 days). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** Who a token is for. */
export interface Grant {
  userId: string;
  clientId: string;
  scopes: string[];
}

/** Token lifetimes in seconds. */
export interface Lifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

/** What the token endpoint hands out. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scopes: string[];
}

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(store: Store, input: string): string {
  return createHmac('sha256', store.signingKey).update(input).digest('base64url');
}

/** Issues a new access token for a user and client. */
export function issueAccessToken(store: Store, grant: Grant, ttlSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const { userId, clientId, scopes } = grant;
  const record: AccessTokenRecord = {
    id: randomBytes(12).toString('hex'),
    userId,
    clientId,
    scopes,
    expiresAt: (now + ttlSeconds) * 1000,
  };
  store.accessTokens.put(record);
  const claims = {
    sub: userId,
    iss: TOKEN_ISSUER,
    token_use: 'access',
    client_id: clientId,
    scope: scopes.join(' '),
    iat: now,
    exp: now + ttlSeconds,
    jti: record.id,
  };
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${sign(store, unsigned)}`;
}

/** Issues an access token and a refresh token together (the code exchange). */
export function issueTokens(store: Store, grant: Grant, lifetimes: Lifetimes): IssuedTokens {
  const accessToken = issueAccessToken(store, grant, lifetimes.accessTokenTtlSeconds);
  const refreshToken = `tfr_${randomBytes(32).toString('base64url')}`;
  store.refreshTokens.put({
    id: refreshToken,
    ...grant,
    expiresAt: Date.now() + lifetimes.refreshTokenTtlSeconds * 1000,
  });
  return { accessToken, refreshToken, expiresIn: lifetimes.accessTokenTtlSeconds, scopes: grant.scopes };
}

/** Tokens whose signature and claims already checked out, by token → `jti` (the hot path skips the HMAC). */
const verified = new WeakMap<Store, Map<string, string>>();
const MAX_VERIFIED = 10_000;

/**
 * The live token record behind a bearer token, or undefined when the token is malformed, badly
 * signed, not an access token, from another issuer, or expired.
 */
export function verifyAccessToken(store: Store, token: string, now = Date.now()): AccessTokenRecord | undefined {
  let known = verified.get(store);
  if (!known) verified.set(store, (known = new Map()));
  const knownId = known.get(token);
  const jti = knownId ?? checkSignedClaims(store, token);
  if (jti === undefined) return undefined;
  if (knownId === undefined) {
    if (known.size >= MAX_VERIFIED) known.clear();
    known.set(token, jti);
  }
  const record = store.accessTokens.get(jti);
  return record && record.expiresAt > now ? record : undefined;
}

/** The `jti` of a well-formed, correctly signed access token of this issuer. */
function checkSignedClaims(store: Store, token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(store, `${header}.${payload}`));
  const presented = Buffer.from(signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return undefined;
  let claims: { iss?: unknown; token_use?: unknown; jti?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return undefined;
  }
  if (claims.iss !== TOKEN_ISSUER || claims.token_use !== 'access' || typeof claims.jti !== 'string') return undefined;
  return claims.jti;
}

/** Expires every issued access token now (refresh tokens keep working). */
export function expireAllAccessTokens(store: Store): void {
  const now = Date.now();
  for (const record of store.accessTokens.values()) record.expiresAt = Math.min(record.expiresAt, now - 1);
}
