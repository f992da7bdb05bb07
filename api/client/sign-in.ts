/**
 * `tourflow login`: OAuth 2.0 authorization code with PKCE S256. A loopback server on
 * `127.0.0.1` and a free port receives the redirect (RFC 8252), the `state` is checked, the
 * code is exchanged with HTTP Basic client authentication, and the tokens go to the token file.
 * Opening the URL is injected, so tests drive the whole flow against the sandbox portal.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import type { ApiConfig } from '../../worker/config.ts';
import { ApiError } from './errors.ts';
import {
  buildAuthorizeUrl,
  createPkcePair,
  createState,
  DEFAULT_LOGIN_SCOPES,
  exchangeCode,
  missingCredentials,
  type TokenSet,
} from './oauth.ts';
import { createRedactor } from './redact.ts';
import { writeTokenFile } from './token-store.ts';
import { FailureType } from '../../definitions/failure-types.ts';

export interface SignInOptions {
  config: ApiConfig;
  /** @default every API scope, plus `openid` and `email` */
  scopes?: readonly string[];
  /** Shows the authorize URL to the user (opens a browser, prints it); resolves once shown. */
  openUrl: (url: string) => void | Promise<void>;
  signal?: AbortSignal;
  /** How long to wait for the browser to come back. @default 300_000 (the code's own lifetime) */
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

export interface SignInResult {
  tokens: TokenSet;
  /** Scopes the portal granted (the authoritative record of consent). */
  scopes: string[];
  /** Where the tokens were stored. */
  tokenFile: string;
}

function failure(message: string, code: string = FailureType.SIGN_IN_FAILED): ApiError {
  return new ApiError(message, { code, endpoint: 'GET /authorize', retryable: false });
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where the loopback server listens: the configured redirect URI's loopback host, port and
 * path, else `127.0.0.1`, a free port and `/callback` (the portal accepts any loopback port).
 */
function loopbackTarget(redirectUri: string | undefined): { host: string; port: number; path: string } {
  const fallback = { host: '127.0.0.1', port: 0, path: '/callback' };
  if (!redirectUri) return fallback;
  const url = new URL(redirectUri);
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) {
    throw failure(
      `The redirect URI ${redirectUri} is not a loopback address; tourflow login needs http://127.0.0.1/callback or http://localhost/callback`,
    );
  }
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 0,
    path: url.pathname === '/' ? fallback.path : url.pathname,
  };
}

function page(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><meta charset="utf-8"><title>tourflow</title><p>${text}</p>`);
}

async function listen(host: string, port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host.replace(/^\[|\]$/g, ''), () => resolve());
  });
  return server;
}

type CallbackResult = { code: string; res: ServerResponse };

/** Resolves with the first callback carrying the right `state`; rejects on a mismatch or a refusal. */
function awaitCallback(server: Server, path: string, state: string, signal: AbortSignal): Promise<CallbackResult> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void =>
      reject(
        signal.reason instanceof ApiError ? signal.reason : failure('Sign-in was stopped before the browser came back'),
      );
    signal.addEventListener('abort', onAbort, { once: true });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== path) return page(res, 404, 'Not found.');
      const query = url.searchParams;
      if (query.get('state') !== state) {
        page(
          res,
          400,
          'Sign-in failed: the response does not belong to this sign-in (state mismatch). Run tourflow login again.',
        );
        return reject(
          failure(
            'The portal answered with a different state value; the sign-in was not completed (possible forged redirect)',
            FailureType.STATE_MISMATCH,
          ),
        );
      }
      const error = query.get('error');
      if (error) {
        page(res, 400, 'Sign-in was not completed. You can close this tab.');
        return reject(failure(`The portal refused the sign-in: ${error}`, error));
      }
      const code = query.get('code');
      if (!code) {
        page(res, 400, 'Sign-in failed: no authorization code.');
        return reject(failure('The portal redirected back without an authorization code'));
      }
      signal.removeEventListener('abort', onAbort);
      resolve({ code, res });
    });
  });
}

/** Runs the whole sign-in and stores the tokens. */
export async function signIn(options: SignInOptions): Promise<SignInResult> {
  const { config } = options;
  if (!config.apiKey || !config.apiSecret) throw missingCredentials('GET /authorize');
  const { apiKey, apiSecret, authUrl } = config;
  const target = loopbackTarget(config.redirectUri);
  const server = await listen(target.host, target.port);
  const timeoutMs = options.timeoutMs ?? 300_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    const redirectUri = `http://${target.host}:${(server.address() as AddressInfo).port}${target.path}`;
    const pkce = createPkcePair();
    const state = createState();
    const scopes = options.scopes ?? DEFAULT_LOGIN_SCOPES;
    const callback = awaitCallback(server, target.path, state, signal);
    const url = buildAuthorizeUrl({ authUrl, clientId: apiKey, redirectUri, scopes, state, challenge: pkce.challenge });
    // Showing the URL may last as long as the browser takes (a test drives the whole redirect
    // inside it), so wait for whichever comes first: the callback, or a failure to show.
    const shown = Promise.resolve().then(() => options.openUrl(url));
    void shown.catch(() => undefined);
    void callback.catch(() => undefined);
    const { code, res } = await Promise.race([callback, shown.then(() => callback)]).catch((error: unknown) => {
      throw deadline.aborted ? failure(`No answer from the browser within ${Math.round(timeoutMs / 1000)} s`) : error;
    });
    const redact = createRedactor(() => [apiSecret, code]);
    try {
      const tokens = await exchangeCode(
        { authUrl, apiKey, apiSecret, redact, dispatcher: options.dispatcher },
        { code, redirectUri, verifier: pkce.verifier },
      );
      await writeTokenFile(config.tokenFile, { ...tokens, authUrl });
      page(res, 200, 'Signed in to tourflow. You can close this tab.');
      return { tokens, scopes: tokens.scope?.split(/\s+/).filter(Boolean) ?? [], tokenFile: config.tokenFile };
    } catch (error) {
      page(res, 500, 'Sign-in failed while exchanging the code; see the terminal.');
      throw error;
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
