/**
 * `tourflow login`, `whoami` and `logout`, driven end to end against the sandbox portal: the
 * test plays the browser, following the authorize URL to the loopback callback.
 */
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, readTokenFile } from '../../api/client/index.ts';
import { signIn } from '../../api/client/sign-in.ts';
import { main } from '../../cli/main.ts';
import type { RunningSandbox } from '../../sandbox/index.ts';
import { tempDir } from './helpers.ts';
import { configFor, quickSandbox } from './sandbox-helpers.ts';

/** Plays the browser: GET the URL, follow redirects to the loopback callback; returns the final page. */
async function browse(url: string, init: RequestInit = {}): Promise<Response> {
  let response = await fetch(url, { ...init, redirect: 'manual' });
  while (response.status >= 300 && response.status < 400) {
    response = await fetch(new URL(response.headers.get('location') ?? '', url), { redirect: 'manual' });
  }
  return response;
}

/** Plays a user on the consent page: reads `request_id` and posts the decision. */
async function consent(url: string, decision: 'approve' | 'decline'): Promise<Response> {
  const page = await (await fetch(url)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const form = new URLSearchParams({ request_id: requestId, decision });
  return browse(new URL('/authorize/consent', url).toString(), {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

interface CliRun {
  code: number;
  out: string;
  err: string;
}

describe('sign-in against the sandbox portal', () => {
  let sandbox: RunningSandbox;
  let home: string;
  let removeHome: () => Promise<void>;
  let env: NodeJS.ProcessEnv;
  const tokenFile = () => path.join(home, 'tourflow', 'tokens.json');

  beforeAll(async () => {
    sandbox = await quickSandbox({ autoApprove: true });
    ({ dir: home, remove: removeHome } = await tempDir());
    const creds = sandbox.credentials;
    env = {
      XDG_CONFIG_HOME: home,
      TOURFLOW_API_URL: creds.baseUrl,
      TOURFLOW_AUTH_URL: creds.authUrl,
      TOURFLOW_API_KEY: creds.apiKey,
      TOURFLOW_API_SECRET: creds.apiSecret,
      PATH: process.env.PATH,
    };
  });
  afterAll(async () => {
    await sandbox.close();
    await removeHome();
  });

  /** Runs the CLI; `onUrl` plays the browser when the sign-in URL is printed. */
  async function cli(argv: string[], onUrl?: (url: string) => Promise<unknown>): Promise<CliRun> {
    let out = '';
    let err = '';
    const browsing: Promise<unknown>[] = [];
    const code = await main({
      argv,
      env,
      stdout: (text) => {
        out += `${text}\n`;
      },
      stderr: (text) => {
        err += `${text}\n`;
        const url = /^(http\S+authorize\S*)$/m.exec(text)?.[1];
        if (url && onUrl) browsing.push(onUrl(url));
      },
      signal: new AbortController().signal,
    });
    await Promise.all(browsing);
    return { code, out, err };
  }

  it('login runs PKCE end to end and stores the tokens 0600 in a 0700 directory under the config home', async () => {
    const login = await cli(['login', '--no-browser'], (url) => browse(url));
    expect(login.err).toContain('Open this URL in a browser to sign in:');
    expect(login.code).toBe(0);
    expect(login.out).toContain(`Tokens saved to ${tokenFile()}`);
    expect(login.out).toContain('service-api/tours.read');
    expect((await stat(tokenFile())).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(tokenFile()))).mode & 0o777).toBe(0o700);
    const stored = await readTokenFile(tokenFile());
    expect(stored?.authUrl).toBe(sandbox.authUrl);
    expect(stored?.expiresAt).toBeGreaterThan(Date.now());
  });

  it('the authorize URL asks for S256 PKCE, a state and a loopback redirect', async () => {
    let seen: URL | undefined;
    await cli(['login', '--no-browser', '--scope', 'service-api/tours.read'], async (url) => {
      seen = new URL(url);
      return browse(url);
    });
    const query = seen?.searchParams;
    expect(query?.get('code_challenge_method')).toBe('S256');
    expect(query?.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query?.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(query?.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(query?.get('scope')).toBe('service-api/tours.read');
  });

  it('whoami shows the organizations and the granted scopes', async () => {
    await cli(['login', '--no-browser'], (url) => browse(url));
    const text = await cli(['whoami']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Northern Lights Touring');
    expect(text.out).toMatch(/Granted scopes: .*service-api\/tours\.write/);
    const json = await cli(['whoami', '--json']);
    const parsed = JSON.parse(json.out) as { organizations: Array<{ id: string; name: string }>; scopes: string[] };
    expect(parsed.organizations.map((org) => org.id)).toContain(sandbox.credentials.orgId);
    expect(parsed.scopes).toContain('service-api/schedule.write');
  });

  it('a token file readable by others is refused', async () => {
    await cli(['login', '--no-browser'], (url) => browse(url));
    await chmod(tokenFile(), 0o644);
    const refused = await cli(['whoami']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is readable by other users (mode 0644)');
    await chmod(tokenFile(), 0o600);
  });

  it('logout deletes the tokens; whoami then says to run tourflow login', async () => {
    await cli(['login', '--no-browser'], (url) => browse(url));
    const logout = await cli(['logout']);
    expect(logout.out).toContain(`Signed out: removed ${tokenFile()}`);
    await expect(stat(tokenFile())).rejects.toThrow();
    const whoami = await cli(['whoami']);
    expect(whoami.code).toBe(1);
    expect(whoami.err).toMatch(/Not signed in.*tourflow login/);
    expect((await cli(['logout'])).out).toContain('Not signed in');
  });

  it('a redirect carrying another state is refused', async () => {
    const error = await signIn({
      config: configFor(sandbox, { tokenFile: path.join(home, 'state', 'tokens.json') }),
      timeoutMs: 10_000,
      openUrl: async (url) => {
        const redirect = await fetch(url, { redirect: 'manual' });
        const callback = new URL(redirect.headers.get('location') ?? '');
        callback.searchParams.set('state', 'forged');
        await fetch(callback);
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('STATE_MISMATCH');
  });
});

describe('sign-in through the consent page', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    sandbox = await quickSandbox({ autoApprove: false });
    ({ dir, remove } = await tempDir());
  });
  afterAll(async () => {
    await sandbox.close();
    await remove();
  });

  it('approving on the consent form signs in', async () => {
    const file = path.join(dir, 'approve', 'tokens.json');
    const result = await signIn({
      config: configFor(sandbox, { tokenFile: file }),
      openUrl: (url) => void consent(url, 'approve'),
    });
    expect(result.tokenFile).toBe(file);
    expect(result.scopes).toContain('service-api/guestlist.write');
    expect((await readTokenFile(file))?.accessToken).toBe(result.tokens.accessToken);
  });

  it('declining ends the sign-in with access_denied and stores nothing', async () => {
    const file = path.join(dir, 'decline', 'tokens.json');
    const error = await signIn({
      config: configFor(sandbox, { tokenFile: file }),
      openUrl: (url) => void consent(url, 'decline'),
    }).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('access_denied');
    expect(await readTokenFile(file)).toBeUndefined();
  });
});
