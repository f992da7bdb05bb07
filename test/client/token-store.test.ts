/** The token file: 0600 inside 0700, refused when others can read it, written atomically. */
import { chmod, mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, deleteTokenFile, readTokenFile, writeTokenFile, type StoredTokens } from '../../api/client/index.ts';
import { withTokenFileLock } from '../../api/client/token-store.ts';
import { tempDir } from './helpers.ts';
import { FailureType } from '../../definitions/failure-types.ts';

const tokens: StoredTokens = {
  authUrl: 'http://127.0.0.1:1',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  tokenType: 'Bearer',
  scope: 'service-api/tours.read',
  obtainedAt: 1_000,
  expiresAt: 3_601_000,
};

describe('token file', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, remove } = await tempDir());
  });
  afterEach(async () => {
    await remove();
  });

  it('creates the file 0600 inside a 0700 directory and reads it back', async () => {
    const file = path.join(dir, 'config', 'tourflow', 'tokens.json');
    await writeTokenFile(file, tokens);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readTokenFile(file)).toEqual(tokens);
  });

  it('tightens a token directory others could enter', async () => {
    const folder = path.join(dir, 'tourflow');
    await mkdir(folder, { mode: 0o755 });
    await chmod(folder, 0o755);
    await writeTokenFile(path.join(folder, 'tokens.json'), tokens);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('refuses a file readable by group or others, saying how to fix it', async () => {
    const file = path.join(dir, 'tokens.json');
    await writeTokenFile(file, tokens);
    await chmod(file, 0o644);
    const error = await readTokenFile(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(FailureType.INSECURE_TOKEN_FILE);
    expect((error as ApiError).retryable).toBe(false);
    expect((error as ApiError).message).toContain('mode 0644');
    expect((error as ApiError).message).toContain(`chmod 600 ${file}`);
    expect((error as ApiError).message).not.toContain('access-1');
  });

  it('replaces the file whole and leaves no temporary file behind', async () => {
    const file = path.join(dir, 'tokens.json');
    await writeTokenFile(file, tokens);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => writeTokenFile(file, { ...tokens, accessToken: `access-${i}` })),
    );
    const read = await readTokenFile(file);
    expect(read?.accessToken).toMatch(/^access-\d$/);
    expect(await readdir(dir)).toEqual(['tokens.json']);
  });

  it('treats a missing file as "not signed in" and deletes idempotently', async () => {
    const file = path.join(dir, 'tokens.json');
    expect(await readTokenFile(file)).toBeUndefined();
    await writeTokenFile(file, tokens);
    expect(await deleteTokenFile(file)).toBe(true);
    expect(await deleteTokenFile(file)).toBe(false);
  });

  it('refuses a file with another layout', async () => {
    const file = path.join(dir, 'tokens.json');
    await writeFile(file, '{"token":"x"}', { mode: 0o600 });
    await expect(readTokenFile(file)).rejects.toThrow(/unknown layout/);
  });

  it('lets one process at a time hold the refresh lock', async () => {
    const file = path.join(dir, 'tokens.json');
    const order: string[] = [];
    const hold = (name: string) =>
      withTokenFileLock(file, async () => {
        order.push(`${name}:in`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        order.push(`${name}:out`);
      });
    await Promise.all([hold('a'), hold('b')]);
    // whoever goes first finishes before the other starts
    expect(order.map((step) => step.split(':')[1])).toEqual(['in', 'out', 'in', 'out']);
    expect(order[0]?.split(':')[0]).toBe(order[1]?.split(':')[0]);
  });

  it('takes over a lock left by a process that died, and leaves nothing behind', async () => {
    const file = path.join(dir, 'tokens.json');
    await writeFile(`${file}.lock`, '4242 left-by-a-crashed-process\n');
    const long = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, long, long);
    expect(await withTokenFileLock(file, async () => 'refreshed', { staleMs: 1_000, waitMs: 5_000 })).toBe('refreshed');
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps waiting while the holder renews its lock, past the stale time', async () => {
    const file = path.join(dir, 'tokens.json');
    const order: string[] = [];
    const timing = { staleMs: 200, renewMs: 40, waitMs: 5_000 };
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let since = Infinity;
    const first = withTokenFileLock(
      file,
      async () => {
        since = Date.now();
        order.push('first:in');
        await released;
        order.push('first:out');
      },
      timing,
    );
    await vi.waitUntil(() => order.includes('first:in'));
    const second = withTokenFileLock(file, async () => void order.push('second:in'), timing);
    // the lock is held three times the stale time (the holder's work is slow), and the second waits on
    await vi.waitUntil(() => Date.now() - since > 3 * timing.staleMs, { timeout: 3_000, interval: 20 });
    expect(order).toEqual(['first:in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first:in', 'first:out', 'second:in']);
  });
});
