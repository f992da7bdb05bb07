/**
 * Where keys come from: the key file (created 0600, rotated, refused when others can read it,
 * read again when a payload names a key added since), `TOURFLOW_ENCRYPTION_KEYS`, the local key
 * (made by the first process that needs it), and which of them a client and a worker use for a
 * Temporal address.
 */
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../worker/config.ts';
import { devKeyProvider, isLocalAddress, keyProviderFor, localKeyCreatedText } from '../../worker/key-config.ts';
import {
  FileKeyProvider,
  activateKey,
  addKey,
  ensureLocalKey,
  keysFromList,
  readKeyFile,
} from '../../worker/key-file.ts';
import { KeyConfigError } from '../../worker/key-provider.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-keys-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mode = async (file: string) => (await stat(file)).mode & 0o777;
const key32 = (fill: number) => Buffer.alloc(32, fill).toString('base64');

describe('key file', () => {
  it('is created 0600 in a 0700 folder with one active key; rotation adds a key, activates it later, keeps the old one', async () => {
    const file = path.join(dir, 'secrets', 'keys.json');
    const first = await addKey(file, { id: 'first' });
    expect(first).toMatchObject({ version: 1, active: 'first', keys: [{ id: 'first' }] });
    expect(await mode(file)).toBe(0o600);
    expect(await mode(path.dirname(file))).toBe(0o700);
    expect(Buffer.from(first.keys[0]!.key, 'base64')).toHaveLength(32);

    const staged = await addKey(file, { id: 'second', activate: false });
    expect(staged.active).toBe('first');
    expect(staged.keys.map((key) => key.id)).toEqual(['second', 'first']);
    expect((await activateKey(file, 'second')).active).toBe('second');
    const provider = await FileKeyProvider.load(file);
    expect((await provider.activeKey()).id).toBe('second');
    expect((await provider.keyById('first'))?.bytes).toEqual(Buffer.from(first.keys[0]!.key, 'base64'));
    expect(await mode(file)).toBe(0o600);
    await expect(addKey(file, { id: 'first' })).rejects.toThrow(/already holds a key "first"/);
    await expect(activateKey(file, 'third')).rejects.toThrow(/holds no key "third" \(it holds second, first\)/);
  });

  it('is refused when other users may read it, or when it is not a key file', async () => {
    const file = path.join(dir, 'open.json');
    await addKey(file);
    await chmod(file, 0o644);
    await expect(readKeyFile(file)).rejects.toThrow(
      `key file ${file} is readable by other users (mode 0644); run \`chmod 600 ${file}\``,
    );
    await expect(FileKeyProvider.load(path.join(dir, 'none.json'))).rejects.toThrow(
      /does not exist; create it with `tourflow keys add --key-file/,
    );
  });

  it('is read again when a payload names a key added after it was loaded', async () => {
    const file = path.join(dir, 'reload.json');
    await addKey(file, { id: 'before' });
    const provider = await FileKeyProvider.load(file);
    await addKey(file, { id: 'after', activate: false });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await provider.keyById('after'))?.id).toBe('after');
    expect((await provider.activeKey()).id).toBe('before');
  });
});

describe('TOURFLOW_ENCRYPTION_KEYS', () => {
  it('lists id:base64 pairs; the first is active unless another is named', async () => {
    expect((await keysFromList(`a:${key32(1)}, b:${key32(2)}`, undefined).activeKey()).id).toBe('a');
    expect((await keysFromList(`a:${key32(1)},b:${key32(2)}`, 'b').activeKey()).id).toBe('b');
  });

  it.each([
    [
      'a key of the wrong length',
      `a:${Buffer.alloc(16).toString('base64')}`,
      undefined,
      /key "a" is not 32 bytes of base64/,
    ],
    ['an entry without an ID', key32(1), undefined, /expected id:base64key pairs/],
    ['an active key it does not hold', `a:${key32(1)}`, 'z', /the active key "z" is not among its keys \(a\)/],
    ['an ID with spaces', `my key:${key32(1)}`, undefined, /key ID "my key" must be 1-64 letters/],
  ])('says what is wrong with %s', (_what, list, active, message) => {
    expect(() => keysFromList(list, active)).toThrow(message);
  });
});

describe('which keys a process uses', () => {
  const config = (address: string, env: NodeJS.ProcessEnv = {}) =>
    loadConfig({ env: { XDG_CONFIG_HOME: dir, ...env }, overrides: { temporal: { address } } }).temporal;

  it('tells a Temporal on this machine from one elsewhere', () => {
    expect(['127.0.0.1:7233', 'localhost:7233', '[::1]:7233', '127.0.0.5:1'].every(isLocalAddress)).toBe(true);
    expect(['temporal.internal:7233', 'ns.a1b2.tmprl.cloud:7233', '10.0.0.4:7233'].some(isLocalAddress)).toBe(false);
  });

  it('uses the local key for a local Temporal only: created 0600 by the first process that needs it, said once', async () => {
    const local = config('127.0.0.1:7233').encryption.localKeyFile;
    expect(local).toBe(path.join(dir, 'tourflow', 'local-key.json'));
    expect(await keyProviderFor(config('127.0.0.1:7233', { TOURFLOW_ENCRYPTION: 'off' }))).toBeUndefined();
    await expect(stat(local)).rejects.toThrow(/ENOENT/);
    const said: string[] = [];
    const provider = await keyProviderFor(config('127.0.0.1:7233'), { announce: (text) => said.push(text) });
    expect(provider?.source).toBe(`key file ${local}`);
    expect(said).toEqual([localKeyCreatedText(local)]);
    expect(said[0]).toMatch(new RegExp(`^created the payload encryption key ${local} \\(mode 0600\\)`));
    expect(await mode(local)).toBe(0o600);
    expect(await ensureLocalKey(local)).toBe(false);
    const id = (JSON.parse(await readFile(local, 'utf8')) as { active: string }).active;
    expect(id).toMatch(/^local-\d{4}-\d{2}-\d{2}-[0-9a-f]{4}$/);
    expect(
      (
        await (await keyProviderFor(config('localhost:7233'), {
          required: true,
          announce: (text) => said.push(text),
        }))!.activeKey()
      ).id,
    ).toBe(id);
    expect(said).toHaveLength(1);
    expect(await keyProviderFor(config('temporal.internal:7233'))).toBeUndefined();
  });

  it('gives processes that start at the same moment one local key, whichever writes it first', async () => {
    const home = path.join(dir, 'together');
    const said: string[] = [];
    const providers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        keyProviderFor(config('127.0.0.1:7233', { XDG_CONFIG_HOME: home }), {
          required: i % 2 === 0,
          announce: (text) => said.push(text),
        }),
      ),
    );
    const ids = await Promise.all(providers.map(async (provider) => (await provider!.activeKey()).id));
    const bytes = await Promise.all(
      providers.map(async (provider) => Buffer.from((await provider!.activeKey()).bytes).toString('base64')),
    );
    expect(new Set(ids).size).toBe(1);
    expect(new Set(bytes).size).toBe(1);
    expect(said).toHaveLength(1);
    expect((await readKeyFile(path.join(home, 'tourflow', 'local-key.json')))?.active).toBe(ids[0]);
  });

  it('gives `tourflow dev` the local key, made on first use, unless a key is configured or encryption is off', async () => {
    const fresh = (env: NodeJS.ProcessEnv = {}) =>
      config('127.0.0.1:7233', { XDG_CONFIG_HOME: path.join(dir, 'dev-home'), ...env }).encryption;
    expect(await devKeyProvider(fresh({ TOURFLOW_ENCRYPTION: 'off' }))).toBeUndefined();
    await expect(stat(fresh().localKeyFile)).rejects.toThrow(/ENOENT/);
    const local = await devKeyProvider(fresh());
    expect(local?.source).toBe(`key file ${fresh().localKeyFile}`);
    expect(await mode(fresh().localKeyFile)).toBe(0o600);
    expect((await devKeyProvider(fresh({ TOURFLOW_ENCRYPTION_KEYS: `team:${key32(4)}` })))?.source).toBe(
      'TOURFLOW_ENCRYPTION_KEYS',
    );
  });

  it('uses the configured keys anywhere; both places at once is a mistake', async () => {
    const keys = await keyProviderFor(
      config('temporal.internal:7233', { TOURFLOW_ENCRYPTION_KEYS: `prod-1:${key32(3)}` }),
    );
    expect(keys?.source).toBe('TOURFLOW_ENCRYPTION_KEYS');
    await expect(
      keyProviderFor(
        config('x:1', { TOURFLOW_ENCRYPTION_KEYS: `a:${key32(1)}`, TOURFLOW_ENCRYPTION_KEY_FILE: '/k.json' }),
      ),
    ).rejects.toThrow(/keep the keys in one place/);
  });

  it('lets no worker or run store payloads readable in a Temporal elsewhere, unless told --no-encryption', async () => {
    const refused = await keyProviderFor(config('temporal.internal:7233'), { required: true }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(KeyConfigError);
    expect((refused as Error).message).toMatch(
      /^no payload encryption key is configured for Temporal at temporal.internal:7233, .* or pass --no-encryption/,
    );
    expect(
      await keyProviderFor(config('temporal.internal:7233', { TOURFLOW_ENCRYPTION: 'off' }), { required: true }),
    ).toBeUndefined();
  });

  it('never stores payloads readable in a Temporal on this machine unless told --no-encryption', async () => {
    const empty = path.join(dir, 'empty');
    expect(
      await keyProviderFor(config('127.0.0.1:7233', { XDG_CONFIG_HOME: empty, TOURFLOW_ENCRYPTION: 'off' }), {
        required: true,
      }),
    ).toBeUndefined();
    const keys = await keyProviderFor(config('127.0.0.1:7233', { XDG_CONFIG_HOME: empty }), { required: true });
    expect(keys?.source).toBe(`key file ${path.join(empty, 'tourflow', 'local-key.json')}`);
  });
});
