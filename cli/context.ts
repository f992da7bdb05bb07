/**
 * What every command gets: injectable output, environment and the exit code contract.
 */
import type { Config, ConfigOverrides } from '../worker/config.ts';

/** Exit codes scripts can rely on. */
export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
  rolledBack: 3,
  /** `plan --live`: the run would change the tour. */
  changes: 10,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface CliContext {
  /** Writes one line (or block) to standard output. */
  out(text: string): void;
  /** Writes one line (or block) to standard error. */
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  /** Working directory for relative paths. */
  cwd: string;
  /** Reads the configuration, with command-line overrides applied by the caller. */
  config(overrides?: ConfigOverrides): Config;
  /** Sets the process exit code the command ends with. */
  setExitCode(code: ExitCode): void;
  /** Aborted on Ctrl-C / SIGTERM; long-running commands stop when it fires. */
  signal: AbortSignal;
}

/**
 * A mistake by the user (bad flag, bad file, unknown run): printed as its message alone,
 * without a stack trace, and exits with `exitCode` (2 by default).
 */
export class UserError extends Error {
  readonly exitCode: ExitCode;
  constructor(message: string, options: { exitCode?: ExitCode; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'UserError';
    this.exitCode = options.exitCode ?? ExitCode.usage;
  }
}
