/**
 * Parses an argv with the real `tourflow` commander program without running the command: the
 * named subcommand's action is swapped for one that records the parsed options.
 */
import type { Command } from 'commander';
import { buildProgram } from '../../cli/main.ts';
import type { CliContext } from '../../cli/context.ts';
import { loadConfig } from '../../worker/config.ts';

export interface ParsedArgv {
  command: string;
  /** Long flags (`--auth-port`) the subcommand declares. */
  declared: string[];
  /** Parsed options, or undefined when commander refused the argv. */
  options: Record<string, unknown> | undefined;
  /** What commander printed when it refused. */
  errors: string;
}

function quietContext(errors: string[]): CliContext {
  return {
    out: () => undefined,
    err: (text) => errors.push(text),
    env: {},
    cwd: process.cwd(),
    config: (overrides) => loadConfig({ env: {}, overrides }),
    setExitCode: () => undefined,
    signal: new AbortController().signal,
  };
}

/** Parses `argv` (`['worker', '--task-queue', 'q']`) as `tourflow` would. */
export function parseArgv(argv: string[]): ParsedArgv {
  const errors: string[] = [];
  const program = buildProgram(quietContext(errors));
  const name = argv[0] ?? '';
  const sub: Command | undefined = program.commands.find((c) => c.name() === name);
  if (!sub) return { command: name, declared: [], options: undefined, errors: `no command "${name}"` };
  let options: Record<string, unknown> | undefined;
  sub.action((parsed: Record<string, unknown>) => {
    options = parsed;
  });
  try {
    program.parse(argv, { from: 'user' });
  } catch {
    options = undefined; // commander's exitOverride: the refusal is in `errors`
  }
  const declared = sub.options.map((o) => o.long).filter((long): long is string => !!long);
  return { command: name, declared, options, errors: errors.join('\n') };
}
