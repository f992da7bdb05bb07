/**
 * Two real processes (a worker and a CLI command, say) share one token file whose access token
 * has expired, and the portal takes longer to answer the refresh than a lock may sit unrenewed.
 * The portal rotates refresh tokens, as many do: a second refresh with the same refresh token
 * is refused, so two refreshes at once would lose the sign-in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OAuthPath } from '../../api/contract/assumptions.ts';
import { readTokenFile, writeTokenFile } from '../../api/client/index.ts';
import { refreshTokens } from '../../api/client/oauth.ts';
import { redactPatterns } from '../../api/client/redact.ts';
import { pollUntil } from '../support/poll.ts';
import { scriptedServer, tempDir } from './helpers.ts';

const REFRESHER = path.resolve(import.meta.dirname, '../support/token-refresher.ts');
/** How long the portal takes to answer a refresh: longer than a lock may go unrenewed. */
const SLOW_REFRESH_MS = 1_500;
/** The lock timings, scaled down from seconds so the test takes about as long as the slow refresh. */
const LOCK = { staleMs: 400, renewMs: 80 };

/** A portal that rotates refresh tokens and answers each refresh after `SLOW_REFRESH_MS`. */
async function slowRotatingPortal() {
  let generation = 0;
  let current = 'refresh-0';
  const issued = new Set<string>();
  const grants: string[] = [];
  const server = await scriptedServer((app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.post(OAuthPath.token, async (request, reply) => {
      const form = request.body as Record<string, string>;
      grants.push(form.refresh_token ?? '');
      const valid = form.grant_type === 'refresh_token' && form.refresh_token === current;
      if (valid) {
        generation += 1;
        current = `refresh-${generation}`;
        issued.add(`access-${generation}`);
      }
      const answer = valid
        ? { access_token: `access-${generation}`, refresh_token: current, token_type: 'Bearer', expires_in: 3600 }
        : { error: 'invalid_grant', error_description: 'refresh token already used' };
      await new Promise((resolve) => setTimeout(resolve, SLOW_REFRESH_MS)); // the slow portal itself, not a wait for state
      return reply.code(valid ? 200 : 400).send(answer);
    });
  });
  return { ...server, grants, isValidAccess: (token: string) => issued.has(token), currentRefresh: () => current };
}

interface Refresher {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function startRefresher(file: string, authUrl: string): Refresher {
  const child = spawn(process.execPath, ['--import', 'tsx', REFRESHER, JSON.stringify({ file, authUrl, lock: LOCK })], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** `promise`, or an error once `ms` have passed. */
async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function answerOf(refresher: Refresher): { token?: string; error?: string } {
  const line = refresher
    .output()
    .split('\n')
    .find((text) => text.startsWith('{'));
  if (!line) throw new Error(`no answer from the process:\n${refresher.output()}`);
  return JSON.parse(line) as { token?: string; error?: string };
}

describe('the refresh lock between processes', () => {
  let dir: string;
  let remove: () => Promise<void>;
  const children: ChildProcess[] = [];
  beforeEach(async () => {
    ({ dir, remove } = await tempDir());
  });
  afterEach(async () => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await remove();
  });

  it('lets exactly one of two processes refresh while the portal is slow, and both end with a working token', async () => {
    const portal = await slowRotatingPortal();
    try {
      const file = path.join(dir, 'tokens.json');
      const expired = Date.now() - 60_000;
      await writeTokenFile(file, {
        authUrl: portal.url,
        accessToken: 'access-0',
        refreshToken: 'refresh-0',
        tokenType: 'Bearer',
        scope: undefined,
        obtainedAt: expired - 3_600_000,
        expiresAt: expired,
      });
      const refreshers = [startRefresher(file, portal.url), startRefresher(file, portal.url)];
      children.push(...refreshers.map((refresher) => refresher.child));
      await pollUntil(
        async () => refreshers.every((refresher) => refresher.output().includes('ready')),
        'both processes to start',
        30_000,
      );
      for (const refresher of refreshers) refresher.child.stdin?.write('go\n');
      const codes = await withDeadline(
        Promise.all(refreshers.map((refresher) => refresher.exited)),
        30_000,
        'both processes to finish',
      );

      const answers = refreshers.map(answerOf);
      expect(answers.map((answer) => answer.error)).toEqual([undefined, undefined]);
      expect(codes).toEqual([0, 0]);
      expect(portal.grants).toEqual(['refresh-0']);
      for (const answer of answers) expect(portal.isValidAccess(answer.token!)).toBe(true);
      // The stored refresh token is the live one: the sign-in survives for the next refresh.
      const stored = await readTokenFile(file);
      expect(stored?.refreshToken).toBe(portal.currentRefresh());
      const next = await refreshTokens(
        { authUrl: portal.url, apiKey: 'test-key', apiSecret: 'test-secret-value', redact: redactPatterns },
        stored!.refreshToken!,
      );
      expect(portal.isValidAccess(next.accessToken)).toBe(true);
    } finally {
      await portal.close();
    }
  });
});
