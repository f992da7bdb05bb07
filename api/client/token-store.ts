/**
 * The file `tourflow login` keeps tokens in. The file is created with mode 0600 inside a 0700
 * directory, written whole through a temporary file and a rename (a reader never sees half a
 * file), and refused when group or others may read it. A lock file serialises refreshes
 * between processes sharing the file (a CLI command and a worker); its holder keeps it fresh.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import { TOKEN_REQUEST_TIMEOUT_MS, type TokenSet } from './oauth.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** What the token file holds. */
export interface StoredTokens extends TokenSet {
  /** The portal the tokens came from; tokens of another portal are not used. */
  authUrl: string;
}

const FILE_VERSION = 1;
const CHECKS_MODE = process.platform !== 'win32';

const storedSchema = z.object({
  version: z.literal(FILE_VERSION),
  authUrl: z.string(),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  tokenType: z.string(),
  scope: z.string().optional(),
  obtainedAt: z.number(),
  expiresAt: z.number().optional(),
});

function fileError(file: string, problem: string, fix: string, cause?: unknown): ApiError {
  return new ApiError(`Token file ${file} ${problem}. ${fix}`, {
    code: FailureType.INSECURE_TOKEN_FILE,
    endpoint: 'token file',
    retryable: false,
    cause,
  });
}

/** Reads the token file; `undefined` when there is none. Refuses a file others can read. */
export async function readTokenFile(file: string): Promise<StoredTokens | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileError(file, 'cannot be read', 'Check its owner and permissions, or run `tourflow login`.', error);
  }
  try {
    const stat = await handle.stat();
    if (CHECKS_MODE && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
      throw fileError(
        file,
        `is readable by other users (mode ${mode})`,
        `Run \`chmod 600 ${file}\`, or delete it and run \`tourflow login\`.`,
      );
    }
    const text = await handle.readFile('utf8');
    return parseStored(file, text);
  } finally {
    await handle.close();
  }
}

function parseStored(file: string, text: string): StoredTokens {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw fileError(file, 'is not valid JSON', 'Delete it and run `tourflow login`.', error);
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) throw fileError(file, 'has an unknown layout', 'Delete it and run `tourflow login`.');
  const { version: _version, ...tokens } = parsed.data;
  return { ...tokens, refreshToken: tokens.refreshToken, scope: tokens.scope, expiresAt: tokens.expiresAt };
}

/** Creates the token directory with mode 0700 (tightening a directory tourflow made earlier). */
async function ensureDirectory(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (!CHECKS_MODE) return;
  const stat = await fs.stat(dir);
  if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) await fs.chmod(dir, 0o700);
}

/** Writes the tokens atomically: a 0600 temporary file in the same directory, then a rename. */
export async function writeTokenFile(file: string, tokens: StoredTokens): Promise<void> {
  const dir = path.dirname(file);
  await ensureDirectory(dir);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify({ version: FILE_VERSION, ...tokens }, null, 2)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Deletes the token file; `false` when there was none. */
export async function deleteTokenFile(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export interface LockOptions {
  /**
   * Give up waiting after this long: longer than a holder's refresh may take (the token
   * request's own timeout, then writing the file). @default 60_000
   */
  waitMs?: number;
  /**
   * A lock not renewed for this long was left by a process that died, and is taken over. A
   * live holder renews its lock however long its refresh takes, so this only bounds how long a
   * crashed process keeps the others out. @default 10_000
   */
  staleMs?: number;
  /** How often the holder renews its lock. @default a fifth of `staleMs` */
  renewMs?: number;
}

/** Twice the token request's timeout: a waiter outlasts the slowest refresh another process may be making. */
const DEFAULT_WAIT_MS = 2 * TOKEN_REQUEST_TIMEOUT_MS;
const DEFAULT_STALE_MS = 10_000;

/**
 * Runs `fn` while holding `<file>.lock`, so two processes never refresh at the same time.
 *
 * The holder renews the lock (its modification time) every `renewMs` while `fn` runs, so a
 * slow refresh never looks abandoned: only a lock nobody renewed for `staleMs`, left by a
 * process that died, is taken over. (A fixed stale time above the request timeout would also
 * keep a slow refresh safe, but would shut the others out for that long after every crash, and
 * break again as soon as anything under the lock took longer than the request.) Each lock holds
 * its owner's random ID, so a process removes or renews only its own lock, and taking over a
 * stale lock moves it aside first and checks that what it moved is the lock it judged stale.
 */
export async function withTokenFileLock<T>(file: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${file}.lock`;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  await ensureDirectory(path.dirname(file));
  const owner = `${process.pid} ${randomBytes(12).toString('hex')}\n`;
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  while (!(await createLock(lock, owner))) {
    if (await takeOverIfStale(lock, staleMs)) continue;
    if (Date.now() > deadline)
      throw fileError(
        file,
        'stayed locked by another tourflow process',
        `Delete ${lock} if no tourflow process is running.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const renewal = setInterval(() => void renewLock(lock, owner), options.renewMs ?? staleMs / 5);
  try {
    return await fn();
  } finally {
    clearInterval(renewal);
    await releaseLock(lock, owner);
  }
}

/** Creates the lock holding `owner`; false when another process holds it. */
async function createLock(lock: string, owner: string): Promise<boolean> {
  try {
    await fs.writeFile(lock, owner, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock's owner, or undefined when there is no lock. */
async function lockOwner(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function renewLock(lock: string, owner: string): Promise<void> {
  try {
    if ((await lockOwner(lock)) !== owner) return;
    const now = new Date();
    await fs.utimes(lock, now, now);
  } catch {
    // the next renewal tries again; a lock that goes unrenewed for long is taken over
  }
}

async function releaseLock(lock: string, owner: string): Promise<void> {
  if ((await lockOwner(lock).catch(() => undefined)) === owner) await fs.rm(lock, { force: true });
}

/**
 * Removes a lock nobody renewed for `staleMs`; true when the lock is gone (try again at once).
 * The owner is read before the age: a lock replaced in between reads as fresh, never as stale.
 */
async function takeOverIfStale(lock: string, staleMs: number): Promise<boolean> {
  const judged = await lockOwner(lock);
  if (judged === undefined) return true;
  let modified: number;
  try {
    modified = (await fs.stat(lock)).mtimeMs;
  } catch {
    return true;
  }
  if (Date.now() - modified < staleMs) return false;
  // Another waiter may have taken it over and locked it again since: move the lock aside and
  // put it back unless it is the one judged stale.
  const aside = `${lock}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await fs.rename(lock, aside);
  } catch {
    return true;
  }
  if ((await lockOwner(aside)) !== judged) await fs.link(aside, lock).catch(() => undefined);
  await fs.rm(aside, { force: true });
  return true;
}
