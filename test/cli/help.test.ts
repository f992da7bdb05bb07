/**
 * The help text of every `tourflow` command, pinned: a changed flag or description shows up
 * in review as a snapshot diff.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../cli/main.ts';
import type { CliContext } from '../../cli/context.ts';
import { loadConfig } from '../../worker/config.ts';

const ctx: CliContext = {
  out: () => undefined,
  err: () => undefined,
  env: {},
  cwd: process.cwd(),
  config: (overrides) => loadConfig({ env: {}, overrides }),
  setExitCode: () => undefined,
  signal: new AbortController().signal,
};

function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return [path, ...commandPaths(sub, path)];
  });
}

const paths = commandPaths(buildProgram(ctx));

async function help(argv: string[]): Promise<{ code: number; text: string }> {
  const out: string[] = [];
  const code = await main({
    argv: [...argv, '--help'],
    env: {},
    signal: ctx.signal,
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
  });
  return { code, text: out.join('\n') };
}

describe('tourflow --help', () => {
  it('lists every command', async () => {
    const { code, text } = await help([]);
    expect(code).toBe(0);
    expect(text).toMatchSnapshot();
  });

  it.each(paths.map((path) => [path.join(' '), path] as const))('tourflow %s --help', async (_name, path) => {
    const { code, text } = await help([...path]);
    expect(code).toBe(0);
    expect(text).toMatchSnapshot();
  });
});
