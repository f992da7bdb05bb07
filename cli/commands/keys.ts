/**
 * `tourflow keys`: the payload key file. `add` creates it (mode 0600) or adds a new key and
 * makes it active (a rotation); `add --no-activate` then `activate` rotate in two steps, so
 * every worker and codec server holds the new key before anything is encrypted with it;
 * `list` shows the key IDs. No command prints key material.
 */
import path from 'node:path';
import type { Command } from 'commander';
import type * as KeyFileModule from '../../worker/key-file.ts';
import { UserError, type CliContext } from '../context.ts';

interface KeyFileFlags {
  keyFile?: string;
  json?: boolean;
}

/** The key file: `--key-file`, else `TOURFLOW_ENCRYPTION_KEY_FILE`. */
function keyFileOf(ctx: CliContext, flags: KeyFileFlags): string {
  const file = flags.keyFile ?? ctx.config().temporal.encryption.keyFile;
  if (!file) throw new UserError('name the key file with --key-file or TOURFLOW_ENCRYPTION_KEY_FILE');
  return path.resolve(ctx.cwd, file);
}

/** Runs a key file operation; its mistakes (no such key, a file others can read) are the user's. */
async function withKeyFile<T>(fn: (keyFile: typeof KeyFileModule) => Promise<T>): Promise<T> {
  const [keyFile, { KeyConfigError }] = await Promise.all([
    import('../../worker/key-file.ts'),
    import('../../worker/key-provider.ts'),
  ]);
  try {
    return await fn(keyFile);
  } catch (error) {
    if (error instanceof KeyConfigError) throw new UserError(error.message, { cause: error });
    throw error;
  }
}

type Listed = { file: string; active: string; keys: Array<{ id: string; created?: string }> };

function printKeys(ctx: CliContext, listed: Listed, json: boolean | undefined, headline?: string): void {
  if (json) {
    ctx.out(
      JSON.stringify(
        { file: listed.file, active: listed.active, keys: listed.keys.map(({ id, created }) => ({ id, created })) },
        null,
        2,
      ),
    );
    return;
  }
  const lines = listed.keys.map(
    (key) => `${key.id === listed.active ? '* ' : '  '}${key.id}${key.created ? `  created ${key.created}` : ''}`,
  );
  ctx.out([...(headline ? [headline] : []), ...lines].join('\n'));
}

/** Registers `tourflow keys`. */
export function register(program: Command, ctx: CliContext): void {
  const keys = program
    .command('keys')
    .description('Create and rotate the key file payloads are encrypted with (TOURFLOW_ENCRYPTION_KEY_FILE).');
  const fileOption = ['--key-file <file>', 'the key file (default: TOURFLOW_ENCRYPTION_KEY_FILE)'] as const;

  keys
    .command('add')
    .description('Add a new random key, creating the file (mode 0600) if needed, and make it the active one.')
    .option(...fileOption)
    .option('--id <id>', 'ID of the new key (default: the date and a random suffix)')
    .option('--no-activate', 'keep the current active key: activate the new one once every worker holds it')
    .option('--json', 'print the key IDs as JSON')
    .action(async (flags: KeyFileFlags & { id?: string; activate: boolean }) => {
      const file = keyFileOf(ctx, flags);
      const contents = await withKeyFile(({ addKey }) =>
        addKey(file, { ...(flags.id ? { id: flags.id } : {}), activate: flags.activate }),
      );
      const added = contents.keys[0]!.id;
      const note = contents.active === added ? 'active now' : `active after \`tourflow keys activate ${added}\``;
      printKeys(
        ctx,
        { file, ...contents },
        flags.json,
        `added key ${added} to ${file} (${note}); back the file up: runs it encrypts cannot be read without it`,
      );
    });

  keys
    .command('activate')
    .description('Encrypt new payloads with this key of the file; the others still decrypt what they encrypted.')
    .argument('<id>', 'ID of a key the file holds')
    .option(...fileOption)
    .option('--json', 'print the key IDs as JSON')
    .action(async (id: string, flags: KeyFileFlags) => {
      const file = keyFileOf(ctx, flags);
      const contents = await withKeyFile(({ activateKey }) => activateKey(file, id));
      printKeys(
        ctx,
        { file, ...contents },
        flags.json,
        `key ${id} of ${file} is active; restart workers and clients to encrypt with it`,
      );
    });

  keys
    .command('list')
    .description('List the IDs of the keys in the file, the active one marked *.')
    .option(...fileOption)
    .option('--json', 'print them as JSON')
    .action(async (flags: KeyFileFlags) => {
      const file = keyFileOf(ctx, flags);
      const contents = await withKeyFile(({ readKeyFile }) => readKeyFile(file));
      if (!contents)
        throw new UserError(`key file ${file} does not exist; create it with \`tourflow keys add --key-file ${file}\``);
      printKeys(ctx, { file, ...contents }, flags.json);
    });
}
