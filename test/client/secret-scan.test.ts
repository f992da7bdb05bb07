/**
 * Runs the client and the sign-in commands through their bad days (failures, retries, token
 * refreshes, a dead refresh token, an insecure token file) while recording everything they
 * print, log or raise, then scans that text for every secret and token the run handled.
 */
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrganizations } from '../../api/contract/organizations.ts';
import { createTour } from '../../api/contract/tours.ts';
import { asActivityFailure, createApiClient, readTokenFile, type ApiClient } from '../../api/client/index.ts';
import { main } from '../../cli/main.ts';
import type { RunningSandbox } from '../../sandbox/index.ts';
import { tempDir } from './helpers.ts';
import { configFor, quickSandbox, tourBody } from './sandbox-helpers.ts';

describe('no secret or token in output, logs or errors', () => {
  let sandbox: RunningSandbox;
  let home: string;
  let removeHome: () => Promise<void>;
  const transcript: string[] = [];
  const tokensSeen = new Set<string>();
  const record = (value: unknown) => transcript.push(typeof value === 'string' ? value : inspect(value, { depth: 8 }));

  beforeAll(async () => {
    sandbox = await quickSandbox({ autoApprove: true });
    ({ dir: home, remove: removeHome } = await tempDir());
  });
  afterAll(async () => {
    await sandbox.close();
    await removeHome();
  });

  /** Records the outcome of a call: its result, or the error and the Temporal failure it becomes. */
  async function attempt(run: () => Promise<unknown>): Promise<void> {
    try {
      record(await run());
    } catch (error) {
      record(error);
      record((error as Error).stack);
      record(asActivityFailure(error));
    }
  }

  function loggingClient(overrides: Parameters<typeof configFor>[1] = {}, retry = false): ApiClient {
    return createApiClient({
      config: configFor(sandbox, overrides),
      retry: retry ? { maximumAttempts: 3, initialIntervalMs: 5 } : false,
      onRequest: (info) => record(JSON.stringify(info)),
      onRetry: (info) => record(info),
    });
  }

  async function cli(argv: string[]): Promise<number> {
    const creds = sandbox.credentials;
    const env = {
      XDG_CONFIG_HOME: home,
      TOURFLOW_API_URL: creds.baseUrl,
      TOURFLOW_AUTH_URL: creds.authUrl,
      TOURFLOW_API_KEY: creds.apiKey,
      TOURFLOW_API_SECRET: creds.apiSecret,
      PATH: '',
    };
    const browsing: Promise<unknown>[] = [];
    const code = await main({
      argv,
      env,
      stdout: record,
      stderr: (text) => {
        record(text);
        const url = /^(http\S+authorize\S*)$/m.exec(text)?.[1];
        if (url) browsing.push(fetch(url, { redirect: 'follow' }).then((response) => response.text()));
      },
      signal: new AbortController().signal,
    });
    await Promise.all(browsing);
    const stored = await readTokenFile(path.join(home, 'tourflow', 'tokens.json')).catch(() => undefined);
    if (stored) [stored.accessToken, stored.refreshToken].forEach((token) => token && tokensSeen.add(token));
    return code;
  }

  it('finds none after a run through every failure', async () => {
    const orgId = sandbox.credentials.orgId;
    const body = tourBody(orgId, { name: 'Scan' });

    const client = loggingClient({}, true);
    sandbox.faults.add({ kind: 'status', status: 500, times: 2 });
    await attempt(() => client.call(listOrganizations, {}));
    sandbox.faults.add({ kind: 'status', status: 429, retryAfterSeconds: 0, times: 1 });
    await attempt(() => client.call(listOrganizations, {}));
    sandbox.faults.add({ kind: 'dropAfterCommit', times: 1 });
    await attempt(() => client.call(createTour, { body, idempotencyKey: 'scan/1' }));
    await attempt(() =>
      client.call(createTour, { body: { ...body, end_date: '2026-01-01' }, idempotencyKey: 'scan/2' }),
    );
    sandbox.expireAccessTokens();
    await attempt(() => client.call(listOrganizations, {}));
    tokensSeen.add(await client.tokenSource.getAccessToken());
    await client.close();

    const badKey = loggingClient({ apiKey: 'wrong-key' });
    await attempt(() => badKey.call(listOrganizations, {}));
    await badKey.close();

    const dead = loggingClient({ refreshToken: 'tfr_not-a-refresh-token-at-all-0123456789' });
    sandbox.expireAccessTokens();
    await attempt(() => dead.call(listOrganizations, {}));
    await dead.close();

    expect(await cli(['login', '--no-browser'])).toBe(0);
    expect(await cli(['whoami'])).toBe(0);
    sandbox.expireAccessTokens();
    expect(await cli(['whoami', '--json'])).toBe(0);
    await chmod(path.join(home, 'tourflow', 'tokens.json'), 0o644);
    expect(await cli(['whoami'])).toBe(1);
    await chmod(path.join(home, 'tourflow', 'tokens.json'), 0o600);
    expect(await cli(['logout'])).toBe(0);

    const store = sandbox.sandbox.store;
    const creds = sandbox.credentials;
    const secrets = new Set<string>([
      creds.apiSecret,
      creds.limited.apiSecret,
      creds.accessToken,
      creds.refreshToken,
      creds.limited.accessToken,
      ...tokensSeen,
      ...[...store.refreshTokens.values()].map((row) => row.id),
      ...[...store.authCodes.values()].map((row) => row.id),
    ]);
    const text = transcript.join('\n');
    expect(transcript.length).toBeGreaterThan(30);
    expect(text).toContain('VALIDATION_ERROR');
    expect(text).toContain('REAUTH_REQUIRED');
    for (const secret of secrets)
      expect(text.includes(secret), `a secret of ${secret.length} characters leaked`).toBe(false);
    expect(text).not.toContain(creds.userEmail);
    expect(text).not.toMatch(/Bearer\s+\S{20,}/);
    expect(text).not.toMatch(/x-api-secret/i);
  });
});
