/**
 * The file `tourflow login` keeps tokens in. The file is created with mode 0600 inside a 0700
 * directory, written whole through a temporary file and a rename (a reader never sees half a
 * file), and refused when group or others may read it. A lock file serialises refreshes
 * between processes sharing the file (a CLI command and a worker).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ApiError, ClientErrorCode } from './errors.ts';
import type { TokenSet } from './oauth.ts';

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
    code: ClientErrorCode.insecureTokenFile,
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
      throw fileError(file, `is readable by other users (mode ${mode})`, `Run \`chmod 600 ${file}\`, or delete it and run \`tourflow login\`.`);
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
  /** Give up waiting after this long. @default 15_000 */
  waitMs?: number;
  /** A lock older than this is left over from a crashed process and is taken over. @default 30_000 */
  staleMs?: number;
}

/** Runs `fn` while holding `<file>.lock`, so two processes never refresh at the same time. */
export async function withTokenFileLock<T>(file: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${file}.lock`;
  await ensureDirectory(path.dirname(file));
  const deadline = Date.now() + (options.waitMs ?? 15_000);
  for (;;) {
    try {
      await (await fs.open(lock, 'wx', 0o600)).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await removeIfStale(lock, options.staleMs ?? 30_000)) continue;
      if (Date.now() > deadline) throw fileError(file, 'stayed locked by another tourflow process', `Delete ${lock} if no tourflow process is running.`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

async function removeIfStale(lock: string, staleMs: number): Promise<boolean> {
  try {
    const stat = await fs.stat(lock);
    if (Date.now() - stat.mtimeMs < staleMs) return false;
    await fs.rm(lock, { force: true });
    return true;
  } catch {
    return true;
  }
}
