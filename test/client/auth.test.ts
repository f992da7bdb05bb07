/**
 * Tokens on the bad days, against the sandbox: an access token expiring mid-run, many
 * activities hitting the 401 at once, a refresh before expiry, a dead refresh token, and two
 * processes sharing the token file.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuthPath } from '../../api/contract/assumptions.ts';
import { listOrganizations } from '../../api/contract/organizations.ts';
import {
  createApiClient,
  createTokenSource,
  memoryPersistence,
  readTokenFile,
  ReauthRequiredError,
  RefreshingTokenSource,
  toActivityFailure,
  writeTokenFile,
  type ApiClient,
  type RequestInfo,
} from '../../api/client/index.ts';
import { refreshTokens } from '../../api/client/oauth.ts';
import { redactPatterns } from '../../api/client/redact.ts';
import type { RunningSandbox } from '../../sandbox/index.ts';
import type { ApiConfig } from '../../worker/config.ts';
import { countingAgent, tempDir } from './helpers.ts';
import { adminPost, configFor, quickSandbox } from './sandbox-helpers.ts';
import { FailureType } from '../../definitions/failure-types.ts';

const TOKEN_CALL = `POST ${OAuthPath.token}`;

describe('access and refresh tokens', () => {
  let sandbox: RunningSandbox;
  let counter: ReturnType<typeof countingAgent>;
  let requests: RequestInfo[];
  let client: ApiClient;
  let dir: string;
  let removeDir: () => Promise<void>;

  beforeAll(async () => {
    sandbox = await quickSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    counter = countingAgent();
    requests = [];
    ({ dir, remove: removeDir } = await tempDir());
  });
  afterEach(async () => {
    await client?.close();
    await counter.close();
    await removeDir();
  });

  /** A fresh token pair of the full credential (sandbox admin route), so tests share no refresh state. */
  async function freshTokens(): Promise<{ accessToken: string; refreshToken: string }> {
    const { accessToken, refreshToken } = await adminPost<{ accessToken: string; refreshToken: string }>(
      sandbox.baseUrl,
      '/tokens',
      { userId: sandbox.credentials.userId },
    );
    return { accessToken, refreshToken };
  }

  function clientFor(config: ApiConfig): ApiClient {
    client = createApiClient({ config, agent: counter.agent, onRequest: (info) => requests.push(info) });
    return client;
  }

  it('refreshes once when the token expires mid-run, and the call goes through', async () => {
    const c = clientFor(configFor(sandbox, await freshTokens()));
    await c.call(listOrganizations, {});
    sandbox.expireAccessTokens();
    expect((await c.call(listOrganizations, {})).length).toBeGreaterThan(0);
    expect(counter.count(TOKEN_CALL)).toBe(1);
    expect(requests.map((r) => [r.status, r.afterRefresh])).toEqual([
      [200, false],
      [401, false],
      [200, true],
    ]);
    await c.call(listOrganizations, {});
    expect(counter.count(TOKEN_CALL)).toBe(1);
  });

  it('twenty concurrent calls hitting the 401 share one refresh', async () => {
    const c = clientFor(configFor(sandbox, await freshTokens()));
    await c.call(listOrganizations, {});
    sandbox.expireAccessTokens();
    const results = await Promise.all(Array.from({ length: 20 }, () => c.call(listOrganizations, {})));
    expect(results).toHaveLength(20);
    expect(counter.count(TOKEN_CALL)).toBe(1);
  });

  it('refreshes shortly before expiry, without waiting for a 401', async () => {
    const tokens = await freshTokens();
    let now = Date.now();
    const { apiKey, apiSecret } = sandbox.credentials;
    const source = new RefreshingTokenSource({
      persistence: memoryPersistence(
        { ...tokens, tokenType: 'Bearer', scope: undefined, obtainedAt: now, expiresAt: now + 3_600_000 },
        'none',
      ),
      refreshGrant: (refreshToken) =>
        refreshTokens(
          { authUrl: sandbox.authUrl, apiKey, apiSecret, redact: redactPatterns, dispatcher: counter.agent },
          refreshToken,
        ),
      now: () => now,
    });
    client = createApiClient({
      config: configFor(sandbox),
      tokenSource: source,
      agent: counter.agent,
      onRequest: (info) => requests.push(info),
    });
    await client.call(listOrganizations, {});
    now += 3_600_000 - 30_000; // inside the last minute of the token's life
    await client.call(listOrganizations, {});
    expect(counter.count(TOKEN_CALL)).toBe(1);
    expect(requests.map((r) => r.status)).toEqual([200, 200]);
  });

  it('an early refresh that cannot reach the portal keeps using the still-valid token', async () => {
    const tokens = await freshTokens();
    const now = Date.now();
    const { apiKey, apiSecret } = sandbox.credentials;
    const source = new RefreshingTokenSource({
      persistence: memoryPersistence(
        { ...tokens, tokenType: 'Bearer', scope: undefined, obtainedAt: now - 3_570_000, expiresAt: now + 30_000 },
        'none',
      ),
      refreshGrant: (refreshToken) =>
        refreshTokens({ authUrl: 'http://127.0.0.1:1', apiKey, apiSecret, redact: redactPatterns }, refreshToken),
    });
    client = createApiClient({
      config: configFor(sandbox),
      tokenSource: source,
      onRequest: (info) => requests.push(info),
    });
    expect((await client.call(listOrganizations, {})).length).toBeGreaterThan(0);
    expect(requests.map((r) => r.status)).toEqual([200]);
  });

  it('an expired refresh token ends in one non-retryable failure telling to run tourflow login', async () => {
    const tokens = await freshTokens();
    const record = sandbox.sandbox.store.refreshTokens.get(tokens.refreshToken);
    if (!record) throw new Error('refresh token not in the sandbox store');
    record.expiresAt = Date.now() - 1;
    const c = clientFor(configFor(sandbox, tokens));
    sandbox.expireAccessTokens();
    const errors = await Promise.all(
      Array.from({ length: 5 }, () => c.call(listOrganizations, {}).catch((error: unknown) => error)),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(ReauthRequiredError);
      expect((error as ReauthRequiredError).retryable).toBe(false);
      expect((error as ReauthRequiredError).message).toContain('tourflow login');
    }
    const failure = toActivityFailure(errors[0] as ReauthRequiredError);
    expect([failure.type, failure.nonRetryable]).toEqual([FailureType.REAUTH_REQUIRED, true]);
    await expect(c.call(listOrganizations, {})).rejects.toBeInstanceOf(ReauthRequiredError);
    expect(counter.count(TOKEN_CALL)).toBe(1);
  });

  it('stores the renewed tokens in the file before using them, keeping it 0600', async () => {
    const file = path.join(dir, 'tourflow', 'tokens.json');
    const tokens = await freshTokens();
    await writeTokenFile(file, {
      ...tokens,
      authUrl: sandbox.authUrl,
      tokenType: 'Bearer',
      scope: 'service-api/tours.read',
      obtainedAt: Date.now(),
      expiresAt: Date.now() + 3_600_000,
    });
    const c = clientFor(configFor(sandbox, { accessToken: undefined, refreshToken: undefined, tokenFile: file }));
    sandbox.expireAccessTokens();
    await c.call(listOrganizations, {});
    const stored = await readTokenFile(file);
    expect(stored?.accessToken).not.toBe(tokens.accessToken);
    expect(stored?.refreshToken).toBe(tokens.refreshToken);
    expect(stored?.scope).toBe('service-api/tours.read');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('two processes sharing the file refresh once between them', async () => {
    const file = path.join(dir, 'tokens.json');
    const tokens = await freshTokens();
    await writeTokenFile(file, {
      ...tokens,
      authUrl: sandbox.authUrl,
      tokenType: 'Bearer',
      scope: undefined,
      obtainedAt: Date.now(),
      expiresAt: undefined,
    });
    const config = configFor(sandbox, { accessToken: undefined, refreshToken: undefined, tokenFile: file });
    // two token sources over one file stand for two processes (a worker and a CLI command)
    const first = createApiClient({
      config,
      agent: counter.agent,
      tokenSource: createTokenSource(config, { dispatcher: counter.agent }),
    });
    const second = createApiClient({
      config,
      agent: counter.agent,
      tokenSource: createTokenSource(config, { dispatcher: counter.agent }),
    });
    try {
      await Promise.all([first.call(listOrganizations, {}), second.call(listOrganizations, {})]);
      sandbox.expireAccessTokens();
      await Promise.all([first.call(listOrganizations, {}), second.call(listOrganizations, {})]);
      expect(counter.count(TOKEN_CALL)).toBe(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('without a sign-in, says to run tourflow login', async () => {
    const c = clientFor(
      configFor(sandbox, { accessToken: undefined, refreshToken: undefined, tokenFile: path.join(dir, 'none.json') }),
    );
    const error = await c.call(listOrganizations, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReauthRequiredError);
    expect((error as Error).message).toMatch(/Not signed in.*tourflow login/);
  });
});
