import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
// Loaded at start, unlike other commands' code, because `schemaText` is synchronous; only the
// action catalogue and zod, which a worker's activities load anyway.
import { playbookJsonSchema } from '../../definitions/json-schema.ts';
import type { CliContext } from '../context.ts';

/** The schema as committed under definitions/schema/: two-space JSON with a final newline. */
export function schemaText(): string {
  return `${JSON.stringify(playbookJsonSchema(), null, 2)}\n`;
}

/** Registers `tourflow schema [--out FILE]`: the JSON Schema of the playbook format, for editors. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('schema')
    .description('Print (or write) the JSON Schema of the playbook format, for editor completion and checks.')
    .option('--out <file>', 'write it to this file instead of standard output')
    .action(async (options: { out?: string }) => {
      const text = schemaText();
      if (!options.out) {
        ctx.out(text.trimEnd());
        return;
      }
      await writeFile(path.resolve(ctx.cwd, options.out), text);
      ctx.out(`wrote ${options.out}`);
    });
}
