/**
 * Payload keys from a key file or from environment variables.
 *
 * The key file (`TOURFLOW_ENCRYPTION_KEY_FILE`, and the local key made for a Temporal on this
 * machine) is JSON, mode 0600:
 *
 * ```json
 * { "version": 1, "active": "2026-05-14-3f9a",
 *   "keys": [ { "id": "2026-05-14-3f9a", "key": "<32 bytes, base64>", "created": "2026-05-14T09:12:00.000Z" },
 *             { "id": "2025-11-02-b7c1", "key": "<32 bytes, base64>" } ] }
 * ```
 *
 * `TOURFLOW_ENCRYPTION_KEYS` holds the same as `id:base64key` pairs separated by commas; the
 * first is active unless `TOURFLOW_ENCRYPTION_ACTIVE_KEY` names another. New payloads are
 * encrypted with the active key; every listed key still decrypts what it encrypted.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  KEY_BYTES,
  KEY_ID,
  KeyConfigError,
  StaticKeyProvider,
  type EncryptionKey,
  type KeyProvider,
} from './key-provider.ts';

const FILE_VERSION = 1;
const CHECKS_MODE = process.platform !== 'win32';

const keyFileSchema = z.object({
  version: z.literal(FILE_VERSION),
  active: z.string(),
  keys: z.array(z.object({ id: z.string(), key: z.string(), created: z.string().optional() })).min(1),
});

/** What a key file holds. */
export type KeyFile = z.infer<typeof keyFileSchema>;

function decodeKey(id: string, base64: string, source: string): EncryptionKey {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength !== KEY_BYTES || bytes.toString('base64') !== base64.trim()) {
    throw new KeyConfigError(
      `${source}: key "${id}" is not ${KEY_BYTES} bytes of base64 (create one with \`tourflow keys add\` or \`openssl rand -base64 32\`)`,
    );
  }
  return { id, bytes };
}

/** The keys of `TOURFLOW_ENCRYPTION_KEYS` (`id:base64,id:base64`), the first active unless `activeId` names another. */
export function keysFromList(
  list: string,
  activeId: string | undefined,
  source = 'TOURFLOW_ENCRYPTION_KEYS',
): StaticKeyProvider {
  const keys = parseKeyList(list, source);
  return new StaticKeyProvider(keys, activeId ?? keys[0]!.id, source);
}

/** The contents of a key file holding the keys of a `TOURFLOW_ENCRYPTION_KEYS` list. */
export function keyFileOfList(
  list: string,
  activeId: string | undefined,
  source = 'TOURFLOW_ENCRYPTION_KEYS',
): KeyFile {
  const keys = parseKeyList(list, source);
  return {
    version: FILE_VERSION,
    active: activeId ?? keys[0]!.id,
    keys: keys.map(({ id, bytes }) => ({ id, key: Buffer.from(bytes).toString('base64') })),
  };
}

function parseKeyList(list: string, source: string): EncryptionKey[] {
  const keys = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon <= 0)
        throw new KeyConfigError(
          `${source}: expected id:base64key pairs separated by commas, got an entry without "id:"`,
        );
      return decodeKey(entry.slice(0, colon), entry.slice(colon + 1), source);
    });
  if (keys.length === 0) throw new KeyConfigError(`${source} is empty`);
  return keys;
}

/** The keys of a key file's contents. */
export function keysFromFile(file: KeyFile, source: string, activeId?: string): StaticKeyProvider {
  return new StaticKeyProvider(
    file.keys.map((entry) => decodeKey(entry.id, entry.key, source)),
    activeId ?? file.active,
    source,
  );
}

/** Reads a key file; undefined when there is none. Refuses a file other users may read. */
export async function readKeyFile(file: string): Promise<KeyFile | undefined> {
  let text: string;
  try {
    const stat = await fs.stat(file);
    if (CHECKS_MODE && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
      throw new KeyConfigError(`key file ${file} is readable by other users (mode ${mode}); run \`chmod 600 ${file}\``);
    }
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof KeyConfigError) throw error;
    throw new KeyConfigError(`key file ${file} cannot be read (${(error as Error).message})`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new KeyConfigError(`key file ${file} is not valid JSON`, { cause: error });
  }
  const parsed = keyFileSchema.safeParse(json);
  if (!parsed.success)
    throw new KeyConfigError(
      `key file ${file} does not have the layout of a tourflow key file (version, active, keys: [{ id, key }])`,
    );
  return parsed.data;
}

/**
 * The keys of a key file, read again when a payload names a key it does not hold (at most
 * once a second): a key added to the file for a rotation is found without a restart.
 */
export class FileKeyProvider implements KeyProvider {
  private lastRead = 0;

  private constructor(
    private readonly file: string,
    private keys: StaticKeyProvider,
    private readonly activeId: string | undefined,
  ) {}

  /** Loads the key file; a missing file is a `KeyConfigError`. */
  static async load(file: string, activeId?: string): Promise<FileKeyProvider> {
    const provider = new FileKeyProvider(file, await FileKeyProvider.read(file, activeId), activeId);
    provider.lastRead = Date.now();
    return provider;
  }

  private static async read(file: string, activeId: string | undefined): Promise<StaticKeyProvider> {
    const contents = await readKeyFile(file);
    if (!contents)
      throw new KeyConfigError(
        `key file ${file} does not exist; create it with \`tourflow keys add --key-file ${file}\``,
      );
    return keysFromFile(contents, `key file ${file}`, activeId);
  }

  get source(): string {
    return `key file ${this.file}`;
  }

  activeKey(): Promise<EncryptionKey> {
    return this.keys.activeKey();
  }

  async keyById(id: string): Promise<EncryptionKey | undefined> {
    const key = await this.keys.keyById(id);
    if (key || Date.now() - this.lastRead < 1_000) return key;
    this.lastRead = Date.now();
    try {
      this.keys = await FileKeyProvider.read(this.file, this.activeId);
    } catch {
      // The file as it was keeps serving; the missing key is reported by the caller.
    }
    return this.keys.keyById(id);
  }
}

/** A new key ID: the date and a random suffix, e.g. `2026-05-14-3f9a`. */
export function newKeyId(now = new Date()): string {
  return `${now.toISOString().slice(0, 10)}-${randomBytes(2).toString('hex')}`;
}

export interface AddKeyOptions {
  /** @default a new ID from the date ({@link newKeyId}) */
  id?: string;
  /** Make the new key the active one. @default true */
  activate?: boolean;
  now?: Date;
}

/**
 * Adds a new random key to a key file (creating the file, mode 0600, in a 0700 directory) and
 * makes it active unless told otherwise. Returns the file's new contents.
 */
export async function addKey(file: string, options: AddKeyOptions = {}): Promise<KeyFile> {
  const now = options.now ?? new Date();
  const id = options.id ?? newKeyId(now);
  if (!KEY_ID.test(id)) throw new KeyConfigError(`key ID "${id}" must be 1-64 letters, digits, '.', '_' or '-'`);
  const existing = await readKeyFile(file);
  if (existing?.keys.some((key) => key.id === id))
    throw new KeyConfigError(`key file ${file} already holds a key "${id}"`);
  const entry = { id, key: randomBytes(KEY_BYTES).toString('base64'), created: now.toISOString() };
  const contents: KeyFile = existing
    ? { ...existing, active: options.activate === false ? existing.active : id, keys: [entry, ...existing.keys] }
    : { version: FILE_VERSION, active: id, keys: [entry] };
  await writeKeyFile(file, contents, existing === undefined);
  return contents;
}

/** Makes a key the file already holds the active one. */
export async function activateKey(file: string, id: string): Promise<KeyFile> {
  const existing = await readKeyFile(file);
  if (!existing) throw new KeyConfigError(`key file ${file} does not exist`);
  if (!existing.keys.some((key) => key.id === id))
    throw new KeyConfigError(
      `key file ${file} holds no key "${id}" (it holds ${existing.keys.map((key) => key.id).join(', ')})`,
    );
  const contents = { ...existing, active: id };
  await writeKeyFile(file, contents, false);
  return contents;
}

/**
 * The local key, for a Temporal on this machine: created (0600) on first use by whichever
 * process comes first (`dev`, a worker, a run...), kept across restarts so runs of a persisted
 * dev server stay readable. Processes starting at the same moment share one: the file appears
 * whole, through a hard link that only one of them wins, and the others read it. Returns true
 * when it was created now.
 */
export async function ensureLocalKey(file: string): Promise<boolean> {
  if (await readKeyFile(file)) return false;
  try {
    const now = new Date();
    const id = `local-${newKeyId(now)}`;
    await writeKeyFile(
      file,
      {
        version: FILE_VERSION,
        active: id,
        keys: [{ id, key: randomBytes(KEY_BYTES).toString('base64'), created: now.toISOString() }],
      },
      true,
    );
    return true;
  } catch (error) {
    // Another process created it at the same moment: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Writes the file whole through a 0600 temporary file and a rename, so a reader never sees
 * half a file; `create` refuses to replace a file that appeared meanwhile.
 */
async function writeKeyFile(file: string, contents: KeyFile, create: boolean): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  await fs.writeFile(temp, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (create) await fs.link(temp, file);
    else await fs.rename(temp, file);
  } finally {
    await fs.rm(temp, { force: true });
  }
}
