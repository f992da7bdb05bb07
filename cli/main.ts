/**
 * The `tourflow` command. `main` owns the exit code: commands set it through the context,
 * user mistakes print their message alone (exit 2), bugs print a stack (exit 1).
 */
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../worker/config.ts';
import { KeyConfigError, MissingKeyError } from '../worker/key-provider.ts';
import { commands } from './commands/index.ts';
import { ExitCode, UserError, type CliContext } from './context.ts';

export interface MainOptions {
  argv: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  signal?: AbortSignal;
}

/** Builds the commander program with every command registered. */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command('tourflow')
    .description('Run YAML tour playbooks as durable Temporal workflows against the Tour API.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.out(text.replace(/\n$/, '')),
      writeErr: (text) => ctx.err(text.replace(/\n$/, '')),
    });
  for (const register of commands) register(program, ctx);
  for (const command of program.commands) command.exitOverride();
  return program;
}

function defaultSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}

/** The error, or the first of its causes, that is a `type`. */
function causeOf<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++)
    if (at instanceof type) return at;
  return undefined;
}

/** What a file system error says, for a file the user named. */
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
};

/**
 * The user's mistakes that surface as errors of other kinds: a file that cannot be read or
 * written (every path a command opens is one the user gave, or derived from one), an inputs
 * file that is not YAML, and a configuration the environment gets wrong. Undefined for anything
 * else: a bug.
 */
export function asUserError(error: unknown): UserError | undefined {
  if (error instanceof UserError) return error;
  if (error instanceof ConfigError) return new UserError(error.message, { cause: error });
  const { code, path, name, message } = (error ?? {}) as NodeJS.ErrnoException;
  const problem = code ? FILE_PROBLEMS[code] : undefined;
  // Reading through a file handle (a folder given as a file) names no path.
  if (problem)
    return new UserError(
      path ? `cannot open ${path}: ${problem}` : `cannot read a file named on the command line: ${problem}`,
      { cause: error },
    );
  // Playbooks are parsed with their own file:line:column errors; YAML read elsewhere is an --inputs file.
  if (name === 'YAMLParseError')
    return new UserError(`an --inputs file is not valid YAML: ${message.split('\n')[0]}`, { cause: error });
  return undefined;
}

/** Runs the CLI and resolves to the exit code. */
export async function main(options: MainOptions): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const env = options.env ?? process.env;
  const ctx: CliContext = {
    out: options.stdout ?? ((text) => process.stdout.write(`${text}\n`)),
    err: options.stderr ?? ((text) => process.stderr.write(`${text}\n`)),
    env,
    cwd: options.cwd ?? process.cwd(),
    config: (overrides) => loadConfig({ env, overrides }),
    setExitCode: (code) => {
      exitCode = code;
    },
    signal: options.signal ?? defaultSignal(),
  };
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(options.argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version end with code 0; anything else is a usage mistake
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    const mistake = asUserError(error);
    if (mistake) {
      ctx.err(`error: ${mistake.message}`);
      return mistake.exitCode;
    }
    // Keys are the user's to fix: a key file that cannot be used, a key that was removed.
    const keyError = causeOf(error, KeyConfigError) ?? causeOf(error, MissingKeyError);
    if (keyError) {
      ctx.err(`error: ${keyError.message}`);
      return keyError instanceof KeyConfigError ? ExitCode.usage : ExitCode.failed;
    }
    ctx.err(`tourflow crashed; this is a bug:\n${(error as Error)?.stack ?? String(error)}`);
    return ExitCode.failed;
  }
}
