/**
 * `POST {auth_url}/api/oauth/token`: HTTP Basic client authentication, then the
 * `authorization_code` grant (PKCE S256 verified) or the `refresh_token` grant. Errors follow
 * RFC 6749 §5.2: `{ error, error_description }`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { OAuthPath } from '../../api/contract/assumptions.ts';
import { isCredentialActive } from '../auth/credentials.ts';
import { issueAccessToken, issueTokens } from '../auth/tokens.ts';
import type { SandboxContext } from '../context.ts';
import type { CredentialRecord } from '../store/auth-records.ts';

type Form = Record<string, string | undefined>;

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

/** Basic credentials are form-encoded (RFC 6749 §2.3.1); a malformed escape is taken literally. */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

async function authenticateClient(ctx: SandboxContext, authorization: string | undefined): Promise<CredentialRecord> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const clientId = colon > 0 ? formDecode(decoded.slice(0, colon)) : '';
  const secret = colon > 0 ? formDecode(decoded.slice(colon + 1)) : '';
  const credential = ctx.store.credentials.get(clientId);
  if (!credential || !isCredentialActive(credential) || !(await ctx.verifier.verify(credential, secret))) {
    throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
  }
  return credential;
}

function exchangeCode(ctx: SandboxContext, client: CredentialRecord, form: Form): Record<string, unknown> {
  if (!form.code || !form.redirect_uri || !form.code_verifier) {
    throw new OAuthError(400, 'invalid_request', 'code, redirect_uri and code_verifier are required');
  }
  const code = ctx.store.authCodes.get(form.code);
  if (!code || code.used || code.expiresAt <= Date.now() || code.clientId !== client.id) {
    throw new OAuthError(400, 'invalid_grant', 'The authorization code is invalid, used or expired');
  }
  if (code.redirectUri !== form.redirect_uri)
    throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the authorize request');
  const challenge = createHash('sha256').update(form.code_verifier).digest('base64url');
  if (!VERIFIER.test(form.code_verifier) || challenge !== code.codeChallenge) {
    throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
  }
  code.used = true;
  const tokens = issueTokens(ctx.store, { userId: code.userId, clientId: client.id, scopes: code.scopes }, ctx.options);
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    scope: tokens.scopes.join(' '),
  };
}

function refresh(ctx: SandboxContext, client: CredentialRecord, form: Form): Record<string, unknown> {
  if (!form.refresh_token) throw new OAuthError(400, 'invalid_request', 'refresh_token is required');
  const record = ctx.store.refreshTokens.get(form.refresh_token);
  if (!record || record.expiresAt <= Date.now() || record.clientId !== client.id) {
    throw new OAuthError(400, 'invalid_grant', 'The refresh token is invalid or expired; sign in again');
  }
  const accessToken = issueAccessToken(
    ctx.store,
    { userId: record.userId, clientId: client.id, scopes: record.scopes },
    ctx.options.accessTokenTtlSeconds,
  );
  // The refresh token is not rotated; the answer has the exchange's shape without `scope`.
  return {
    access_token: accessToken,
    refresh_token: record.id,
    token_type: 'Bearer',
    expires_in: ctx.options.accessTokenTtlSeconds,
  };
}

function sendError(reply: FastifyReply, error: OAuthError): FastifyReply {
  if (error.status === 401) void reply.header('www-authenticate', 'Basic realm="oauth"');
  return reply.code(error.status).send({ error: error.error, error_description: error.message });
}

/** Registers `POST {auth_url}/api/oauth/token`. */
export function registerTokenEndpoint(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(OAuthPath.token, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      const client = await authenticateClient(ctx, request.headers.authorization);
      const form = (request.body ?? {}) as Form;
      let answer: Record<string, unknown>;
      if (form.grant_type === 'authorization_code') answer = exchangeCode(ctx, client, form);
      else if (form.grant_type === 'refresh_token') answer = refresh(ctx, client, form);
      else
        throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      ctx.changed();
      return reply.send(answer);
    } catch (error) {
      if (error instanceof OAuthError) return sendError(reply, error);
      throw error;
    }
  });
}
