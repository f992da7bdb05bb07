/**
 * The OAuth portal: authorize with PKCE S256 and consent, the token endpoint's two grants, and
 * the rules on redirect URIs, scopes, lifetimes and client authentication.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.ts';
import { Api, startTestSandbox, useSandbox } from './helpers.ts';

const env = useSandbox();

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface AuthorizeParams {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  challenge?: string;
  method?: string;
  state?: string;
}

function authorizeUrl(target: RunningSandbox, params: AuthorizeParams): string {
  const url = new URL('/authorize', target.authUrl);
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: params.clientId ?? target.credentials.apiKey,
    redirect_uri: params.redirectUri ?? 'http://127.0.0.1:53682/callback',
    scope: params.scope ?? 'openid service-api/tours.read service-api/tours.write',
    state: params.state ?? 'st-123',
    code_challenge: params.challenge,
    code_challenge_method: params.method ?? 'S256',
  };
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** Drives the consent page: GET /authorize, then POST the decision; returns the redirect. */
async function consent(target: RunningSandbox, params: AuthorizeParams, decision: 'approve' | 'decline'): Promise<URL> {
  const page = await fetch(authorizeUrl(target, params), { redirect: 'manual' });
  expect(page.status).toBe(200);
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(new URL(action, target.authUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, decision }).toString(),
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function token(
  target: RunningSandbox,
  form: Record<string, string>,
  client = target.credentials,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${target.authUrl}/api/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.apiKey}:${client.apiSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe('authorization code with PKCE', () => {
  it('signs in end to end: consent, code exchange, API call, refresh', async () => {
    const { verifier, challenge } = pkce();
    const redirect = await consent(env.sandbox, { challenge, state: 'xyz' }, 'approve');
    expect(redirect.origin + redirect.pathname).toBe('http://127.0.0.1:53682/callback');
    expect(redirect.searchParams.get('state')).toBe('xyz');
    const code = redirect.searchParams.get('code') ?? '';
    const exchanged = await token(env.sandbox, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:53682/callback',
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid service-api/tours.read service-api/tours.write',
    });
    const user = new Api(env.sandbox, {
      ...env.sandbox.credentials,
      accessToken: exchanged.body.access_token as string,
    });
    expect((await user.get('/v1/day-types')).status).toBe(200);
    const refreshed = await token(env.sandbox, {
      grant_type: 'refresh_token',
      refresh_token: exchanged.body.refresh_token as string,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(refreshed.body).not.toHaveProperty('scope');
    expect((await user.as({ accessToken: refreshed.body.access_token as string }).get('/v1/day-types')).status).toBe(
      200,
    );
  });

  it('redirects with error=access_denied and the state when the user declines', async () => {
    const redirect = await consent(env.sandbox, { challenge: pkce().challenge, state: 'keep-me' }, 'decline');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('keep-me');
    expect(redirect.searchParams.has('code')).toBe(false);
  });

  it('rejects an unregistered redirect URI before any redirect; any loopback port is accepted', async () => {
    for (const redirectUri of [
      'https://evil.example/callback',
      'http://127.0.0.1:53682/other',
      'http://127.0.0.2/callback',
    ]) {
      const answer = await fetch(authorizeUrl(env.sandbox, { redirectUri, challenge: pkce().challenge }), {
        redirect: 'manual',
      });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    }
    const unknownClient = await fetch(
      authorizeUrl(env.sandbox, { clientId: 'tfk_nobody', challenge: pkce().challenge }),
      { redirect: 'manual' },
    );
    expect(unknownClient.status).toBe(400);
    for (const redirectUri of [
      'http://127.0.0.1:1/callback',
      'http://127.0.0.1/callback',
      'http://localhost:40000/callback',
    ]) {
      const answer = await fetch(authorizeUrl(env.sandbox, { redirectUri, challenge: pkce().challenge }), {
        redirect: 'manual',
      });
      expect(answer.status).toBe(200);
    }
  });

  it('rejects a request without S256 PKCE with invalid_request', async () => {
    for (const params of [
      { challenge: undefined },
      { challenge: pkce().challenge, method: 'plain' },
      { challenge: 'short' },
    ]) {
      const answer = await fetch(authorizeUrl(env.sandbox, params), { redirect: 'manual' });
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('state')).toBe('st-123');
    }
  });

  it('drops requested scopes beyond the credential grant without a word', async () => {
    const { verifier, challenge } = pkce();
    const limited = { ...env.sandbox.credentials, ...env.sandbox.credentials.limited };
    const redirect = await consent(
      env.sandbox,
      { clientId: limited.apiKey, challenge, scope: 'openid service-api/tours.read service-api/tours.write bogus' },
      'approve',
    );
    const exchanged = await token(
      env.sandbox,
      {
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code') ?? '',
        redirect_uri: 'http://127.0.0.1:53682/callback',
        code_verifier: verifier,
      },
      limited,
    );
    expect(exchanged.body.scope).toBe('openid service-api/tours.read');
  });

  it('refuses a reused code, a wrong verifier, a different redirect URI and a bad client', async () => {
    const first = pkce();
    const code = (await consent(env.sandbox, { challenge: first.challenge }, 'approve')).searchParams.get('code') ?? '';
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:53682/callback',
      code_verifier: first.verifier,
    };
    expect(await token(env.sandbox, { ...form, code_verifier: pkce().verifier })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await token(env.sandbox, { ...form, redirect_uri: 'http://127.0.0.1:1/callback' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await token(env.sandbox, form, { ...env.sandbox.credentials, apiSecret: 'wrong' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect((await token(env.sandbox, form)).status).toBe(200);
    expect(await token(env.sandbox, form)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await token(env.sandbox, { grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await token(env.sandbox, { grant_type: 'refresh_token', refresh_token: 'nope' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('stores secrets only as bcrypt hashes', () => {
    const raw = JSON.stringify(env.sandbox.snapshot());
    expect(raw).not.toContain(env.sandbox.credentials.apiSecret);
    expect(raw).not.toContain(env.sandbox.credentials.limited.apiSecret);
    const credentials = env.sandbox.snapshot().credentials as Array<{ secretHash: string }>;
    expect(credentials.every((row) => /^\$2[aby]\$\d\d\$/.test(row.secretHash))).toBe(true);
  });
});

describe('lifetimes and auto-approve', () => {
  it('expires codes, access tokens and refresh tokens; auto-approve redirects at once', async () => {
    const own = await startTestSandbox({
      autoApprove: true,
      authCodeTtlSeconds: 0,
      accessTokenTtlSeconds: 120,
      refreshTokenTtlSeconds: 0,
    });
    try {
      const { verifier, challenge } = pkce();
      const answer = await fetch(authorizeUrl(own, { challenge, state: 's' }), { redirect: 'manual' });
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location') ?? '');
      expect(location.searchParams.get('state')).toBe('s');
      const form = {
        grant_type: 'authorization_code',
        code: location.searchParams.get('code') ?? '',
        redirect_uri: 'http://127.0.0.1:53682/callback',
        code_verifier: verifier,
      };
      expect(await token(own, form)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(own.credentials.expiresIn).toBe(120);
      expect(
        await token(own, { grant_type: 'refresh_token', refresh_token: own.credentials.refreshToken }),
      ).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      own.expireAccessTokens();
      expect((await new Api(own).get('/v1/day-types')).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});
