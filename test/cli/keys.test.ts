/**
 * `tourflow keys`: create the key file, rotate in one step or two, list the IDs; never a key's
 * bytes. And the local key a command makes for a Temporal on this machine with no key configured.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './support.ts';

describe('tourflow keys', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-keys-cli-'));
    file = path.join(dir, 'prod', 'keys.json');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the file, rotates in two steps, and lists the IDs without printing a key', async () => {
    const created = await cli(['keys', 'add', '--key-file', file, '--id', 'k1']);
    expect(created).toMatchObject({ code: 0, err: '' });
    expect(created.out).toBe(
      `added key k1 to ${file} (active now); back the file up: runs it encrypts cannot be read without it\n* k1  created ${created.out.split('created ')[1]}`,
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const staged = await cli(['keys', 'add', '--id', 'k2', '--no-activate'], {
      env: { TOURFLOW_ENCRYPTION_KEY_FILE: file },
    });
    expect(staged.out.split('\n')[0]).toBe(
      `added key k2 to ${file} (active after \`tourflow keys activate k2\`); back the file up: runs it encrypts cannot be read without it`,
    );
    expect((await cli(['keys', 'activate', 'k2', '--key-file', file])).out.split('\n')[0]).toBe(
      `key k2 of ${file} is active; restart workers and clients to encrypt with it`,
    );

    const listed = await cli(['keys', 'list', '--key-file', file, '--json']);
    expect(JSON.parse(listed.out)).toMatchObject({ file, active: 'k2', keys: [{ id: 'k2' }, { id: 'k1' }] });
    const secrets = (JSON.parse(await readFile(file, 'utf8')) as { keys: Array<{ key: string }> }).keys.map(
      (key) => key.key,
    );
    for (const output of [created, staged, listed])
      for (const secret of secrets) expect(output.out).not.toContain(secret);
  });

  it('says what to do without a key file, and about a key it does not hold', async () => {
    expect(await cli(['keys', 'list'], { env: { TOURFLOW_ENCRYPTION_KEY_FILE: '' } })).toMatchObject({
      code: 2,
      err: 'error: name the key file with --key-file or TOURFLOW_ENCRYPTION_KEY_FILE',
    });
    expect(await cli(['keys', 'list', '--key-file', path.join(dir, 'none.json')])).toMatchObject({
      code: 2,
      err: `error: key file ${path.join(dir, 'none.json')} does not exist; create it with \`tourflow keys add --key-file ${path.join(dir, 'none.json')}\``,
    });
    expect((await cli(['keys', 'activate', 'k9', '--key-file', file])).err).toBe(
      `error: key file ${file} holds no key "k9" (it holds k2, k1)`,
    );
  });

  it('makes the local key for a Temporal on this machine once it answers, and says once where the key is', async () => {
    const config = path.join(dir, 'config');
    const local = path.join(config, 'tourflow', 'local-key.json');
    // A state folder of its own: a tourflow dev another test runs would lend its key instead.
    const env = { TOURFLOW_ENCRYPTION_KEYS: '', XDG_CONFIG_HOME: config, TOURFLOW_STATE_DIR: path.join(dir, 'state') };
    const unreachable = await cli(['runs', '--address', '127.0.0.1:1'], { env });
    expect(unreachable.code).toBe(2);
    expect(unreachable.err).toMatch(/^error: cannot reach Temporal at 127\.0\.0\.1:1 /);
    expect(existsSync(local), 'no key for a Temporal that does not answer').toBe(false);

    // runs of a playbook no other test runs: the shared server's other runs hold other keys
    const runs = ['runs', '--playbook', 'local-key-probe'];
    const first = await cli(runs, { env });
    expect(first.code, first.err).toBe(0);
    expect(first.err).toMatch(
      new RegExp(
        `^created the payload encryption key ${local} \\(mode 0600\\) for the Temporal on this machine;.* Back it up`,
      ),
    );
    expect((await stat(local)).mode & 0o777).toBe(0o600);
    const again = await cli(runs, { env });
    expect(again).toMatchObject({ code: 0, err: '' });
  });
});
