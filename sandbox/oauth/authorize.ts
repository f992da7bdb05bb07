/**
 * `GET {auth_url}/authorize` and its consent form. The client and redirect URI are checked
 * before any redirect (a bad one gets an error page, never a redirect); every later problem
 * redirects back with `error` and the echoed `state`. PKCE S256 is mandatory.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { OAuthPath, OIDC_SCOPES, SCOPE_PREFIX } from '../../api/contract/assumptions.ts';
import { isCredentialActive } from '../auth/credentials.ts';
import type { SandboxContext } from '../context.ts';
import type { CredentialRecord } from '../store/auth-records.ts';
import { CONSENT_PATH, consentPage, errorPage } from './consent-page.ts';
import { isRegisteredRedirectUri, withQuery } from './redirect-uri.ts';

/** An authorize request waiting for the user's decision. */
interface PendingConsent {
  clientId: string;
  userId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: string[];
  expiresAt: number;
}

const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const CONSENT_TTL_MS = 10 * 60 * 1000;

/** Requested scopes the credential grants; anything else is dropped without a word. */
export function grantedScopes(credential: CredentialRecord, requested: string | undefined): string[] {
  const allowed = new Set<string>([...OIDC_SCOPES, ...credential.scopes.map((scope) => `${SCOPE_PREFIX}${scope}`)]);
  if (requested === undefined) return [...allowed];
  return [...new Set(requested.split(/\s+/).filter((scope) => allowed.has(scope)))];
}

function issueCode(ctx: SandboxContext, pending: PendingConsent): string {
  const code = randomBytes(24).toString('base64url');
  ctx.store.authCodes.put({
    id: code,
    clientId: pending.clientId,
    userId: pending.userId,
    redirectUri: pending.redirectUri,
    codeChallenge: pending.codeChallenge,
    scopes: pending.scopes,
    expiresAt: Date.now() + ctx.options.authCodeTtlSeconds * 1000,
    used: false,
  });
  ctx.changed();
  return code;
}

function approve(ctx: SandboxContext, reply: FastifyReply, pending: PendingConsent): FastifyReply {
  return reply.redirect(withQuery(pending.redirectUri, { code: issueCode(ctx, pending), state: pending.state }), 302);
}

/** The user the portal signs in: `login_hint` names a seeded user by e-mail, else the main user. */
function signedInUser(ctx: SandboxContext, loginHint: string | undefined): string {
  const hinted = loginHint ? ctx.store.users.find((user) => user.email === loginHint.toLowerCase()) : undefined;
  return hinted?.id ?? ctx.store.meta?.mainUserId ?? '';
}

type Query = Record<string, string | undefined>;

/** Validates an authorize request up to the point where it may redirect. */
function checkClient(
  ctx: SandboxContext,
  query: Query,
): { credential: CredentialRecord; redirectUri: string } | string {
  const credential = query.client_id ? ctx.store.credentials.get(query.client_id) : undefined;
  if (!credential || !isCredentialActive(credential)) return 'Unknown or inactive client_id.';
  if (!query.redirect_uri || !isRegisteredRedirectUri(credential.redirectUris, query.redirect_uri)) {
    return 'redirect_uri is not registered for this application.';
  }
  return { credential, redirectUri: query.redirect_uri };
}

/** Registers `GET {auth_url}/authorize` and the consent form it posts. */
export function registerAuthorize(app: FastifyInstance, ctx: SandboxContext): void {
  const pending = new Map<string, PendingConsent>();

  app.get(OAuthPath.authorize, async (request, reply) => {
    const query = request.query as Query;
    const client = checkClient(ctx, query);
    if (typeof client === 'string') return reply.code(400).type('text/html; charset=utf-8').send(errorPage(client));
    const fail = (error: string, description: string): FastifyReply =>
      reply.redirect(withQuery(client.redirectUri, { error, error_description: description, state: query.state }), 302);
    if (query.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
    if (query.code_challenge_method !== 'S256' || !CODE_CHALLENGE.test(query.code_challenge ?? '')) {
      return fail('invalid_request', 'PKCE with code_challenge_method=S256 is required');
    }
    const consent: PendingConsent = {
      clientId: client.credential.id,
      userId: signedInUser(ctx, query.login_hint),
      redirectUri: client.redirectUri,
      state: query.state,
      codeChallenge: query.code_challenge as string,
      scopes: grantedScopes(client.credential, query.scope),
      expiresAt: Date.now() + CONSENT_TTL_MS,
    };
    if (ctx.options.autoApprove) return approve(ctx, reply, consent);
    const requestId = randomBytes(16).toString('base64url');
    for (const [id, old] of pending) if (old.expiresAt < Date.now()) pending.delete(id);
    pending.set(requestId, consent);
    const userEmail = ctx.store.users.get(consent.userId)?.email ?? '';
    return reply
      .type('text/html; charset=utf-8')
      .send(consentPage({ requestId, appLabel: client.credential.label, userEmail, scopes: consent.scopes }));
  });

  app.post(CONSENT_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Query;
    const consent = form.request_id ? pending.get(form.request_id) : undefined;
    if (!consent || consent.expiresAt < Date.now()) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(errorPage('This authorization request has expired; start again.'));
    }
    pending.delete(form.request_id as string);
    if (form.decision === 'approve') return approve(ctx, reply, consent);
    return reply.redirect(withQuery(consent.redirectUri, { error: 'access_denied', state: consent.state }), 302);
  });
}
