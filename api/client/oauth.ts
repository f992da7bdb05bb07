/**
 * The portal side of sign-in: PKCE S256 values, the authorize URL, and the two token grants
 * (authorization code, refresh token), each posted form-encoded with HTTP Basic client
 * authentication (API key as client ID, API secret as client secret).
 */
import { createHash, randomBytes } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { API_SCOPES, OAuthPath, OIDC_SCOPES, SCOPE_PREFIX } from '../contract/assumptions.ts';
import { errorFromNetwork, errorFromResponse } from './classify.ts';
import { ApiError, ApiResponseShapeError, ReauthRequiredError } from './errors.ts';
import type { Redactor } from './redact.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** Tokens as tourflow keeps them. Times are epoch milliseconds. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  tokenType: string;
  /** Granted scopes, space-separated, as the portal reported them at sign-in. */
  scope: string | undefined;
  obtainedAt: number;
  expiresAt: number | undefined;
}

/** Scopes `tourflow login` asks for by default: all of them (the portal drops what the partner lacks). */
export const DEFAULT_LOGIN_SCOPES: readonly string[] = [
  ...OIDC_SCOPES,
  ...API_SCOPES.map((scope) => `${SCOPE_PREFIX}${scope}`),
];

const TOKEN_ENDPOINT = `POST ${OAuthPath.token}`;

const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().default('Bearer'),
  expires_in: z.number().positive().optional(),
  scope: z.string().optional(),
});

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** A PKCE verifier (43 characters of base64url) and its S256 challenge. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  return { verifier, challenge };
}

/** An unguessable `state` value for one sign-in attempt. */
export function createState(): string {
  return base64url(randomBytes(24));
}

export interface AuthorizeUrlInput {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  challenge: string;
}

/** The URL the user opens to consent. */
export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  const url = new URL(OAuthPath.authorize.slice(1), withSlash(input.authUrl));
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    scope: input.scopes.join(' '),
    state: input.state,
    code_challenge: input.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** How long a token request may take before it is abandoned. */
export const TOKEN_REQUEST_TIMEOUT_MS = 30_000;

export interface TokenClientOptions {
  authUrl: string;
  apiKey: string;
  apiSecret: string;
  dispatcher?: Dispatcher;
  redact: Redactor;
  now?: () => number;
  /** @default TOKEN_REQUEST_TIMEOUT_MS */
  timeoutMs?: number;
}

/** Exchanges an authorization code for tokens. */
export async function exchangeCode(
  options: TokenClientOptions,
  grant: { code: string; redirectUri: string; verifier: string },
): Promise<TokenSet> {
  return postToken(options, {
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.verifier,
  });
}

/** Trades a refresh token for new tokens; an expired one ends in `ReauthRequiredError`. */
export async function refreshTokens(options: TokenClientOptions, refreshToken: string): Promise<TokenSet> {
  return postToken(options, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

async function postToken(options: TokenClientOptions, form: Record<string, string>): Promise<TokenSet> {
  // RFC 6749 §2.3.1: client ID and secret are form-encoded before they are joined and encoded.
  const basic = Buffer.from(`${formEncode(options.apiKey)}:${formEncode(options.apiSecret)}`).toString('base64');
  const started = (options.now ?? Date.now)();
  let response: Dispatcher.ResponseData;
  try {
    response = await request(new URL(OAuthPath.token.slice(1), withSlash(options.authUrl)), {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      dispatcher: options.dispatcher,
      signal: AbortSignal.timeout(options.timeoutMs ?? TOKEN_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw errorFromNetwork(TOKEN_ENDPOINT, error, options.redact);
  }
  const text = await response.body.text();
  if (response.statusCode >= 300) throw tokenError(response.statusCode, text, form.grant_type, options.redact);
  return parseTokens(text, started, response.statusCode);
}

function tokenError(status: number, text: string, grantType: string | undefined, redact: Redactor): ApiError {
  const code = oauthErrorCode(text);
  // invalid_grant: the refresh token is dead and only a new sign-in helps. A refused client
  // (invalid_client) is a wrong API key or secret instead, which signing in again cannot fix.
  if (grantType === 'refresh_token' && code === 'invalid_grant') {
    return new ReauthRequiredError(`The stored sign-in has expired or was revoked (${code ?? status})`, {
      endpoint: TOKEN_ENDPOINT,
    });
  }
  // errorFromResponse takes the OAuth `error` field (invalid_request, invalid_client...) as the code
  return errorFromResponse(TOKEN_ENDPOINT, status, text, undefined, redact);
}

function oauthErrorCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

function parseTokens(text: string, started: number, status: number): TokenSet {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiResponseShapeError(TOKEN_ENDPOINT, '(body)', 'not JSON', status);
  }
  const parsed = tokenResponse.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiResponseShapeError(
      TOKEN_ENDPOINT,
      issue?.path.join('.') || '(body)',
      issue?.message ?? 'invalid',
      status,
    );
  }
  const body = parsed.data;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    tokenType: body.token_type,
    scope: body.scope,
    obtainedAt: started,
    expiresAt: body.expires_in === undefined ? undefined : started + body.expires_in * 1000,
  };
}

/** The error for a configuration without partner credentials. */
export function missingCredentials(endpoint: string): ApiError {
  return new ApiError(
    'The API key and secret are not configured: set TOURFLOW_API_KEY and TOURFLOW_API_SECRET (the partner credential from the integrations portal).',
    { code: FailureType.MISSING_CREDENTIALS, endpoint, retryable: false },
  );
}
