/**
 * Flags and command shapes that several commands share. Every command's registration loads
 * this module (`tourflow worker` included), so it imports nothing heavy: what a command needs
 * to act is imported when it acts.
 */
import type { Command } from 'commander';
import { MetricsAddressError, metricsBindAddress } from '../worker/metrics.ts';
import { ExitCode, UserError, type CliContext } from './context.ts';

/** `--address` and `--namespace`, as every command that talks to Temporal takes them. */
export interface TemporalFlags {
  address?: string;
  namespace?: string;
}

/** Adds `--address` and `--namespace` to a command. */
export function addTemporalFlags(command: Command): Command {
  return command
    .option(
      '--address <host:port>',
      'Temporal address (default: TEMPORAL_ADDRESS, the Temporal CLI profile, a running `tourflow dev`, else 127.0.0.1:7233)',
    )
    .option(
      '--namespace <name>',
      'Temporal namespace (default: TEMPORAL_NAMESPACE, the profile, a running `tourflow dev`, else default)',
    );
}

const EMAIL = /[^\s@]+@[^\s@]+\.[A-Za-z]{2,}/;

/**
 * A name Temporal stores unencrypted (a run key in a workflow ID, a schedule's name): refused
 * when it holds an e-mail address, as payload encryption cannot hide it.
 */
export function storedInTheClear(value: string, what: string): string {
  if (EMAIL.test(value))
    throw new UserError(
      `${what} "${value}" holds an e-mail address; Temporal stores ${what}s unencrypted, so keep personal data out of them`,
    );
  return value;
}

/** `--no-encryption` as a configuration override: off when given, else as configured. */
export function encryptionFlag(flags: { encryption?: boolean }): { off?: boolean } {
  return flags.encryption === false ? { off: true } : {};
}

/** `--metrics-address`, as the commands that run a worker take it. */
export interface MetricsFlags {
  metricsAddress?: string;
}

/** Adds `--metrics-address` to a command that runs a worker. */
export function addMetricsFlag(command: Command): Command {
  return command.option(
    '--metrics-address <ip:port>',
    "serve the worker's Prometheus metrics on this address, at /metrics; a port alone means every interface (default: TOURFLOW_METRICS_ADDRESS, else none)",
  );
}

/**
 * The address the worker serves metrics on: the flag's, else the configured one
 * (`TOURFLOW_METRICS_ADDRESS`), checked; undefined when neither is given.
 */
export function metricsAddressOf(flags: MetricsFlags, configured: string | undefined): string | undefined {
  const [value, source] =
    flags.metricsAddress !== undefined
      ? [flags.metricsAddress, '--metrics-address']
      : [configured, 'TOURFLOW_METRICS_ADDRESS'];
  if (value === undefined) return undefined;
  try {
    return metricsBindAddress(value, source);
  } catch (error) {
    throw new UserError((error as Error).message, { cause: error });
  }
}

/** A metrics endpoint the worker could not open (its address is taken), as a user error. */
export function metricsUserError(error: unknown): UserError | undefined {
  return error instanceof MetricsAddressError
    ? new UserError(error.message, { exitCode: ExitCode.failed, cause: error })
    : undefined;
}

/** `--input k=v`, repeatable. */
export function collectInput(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const eq = value.indexOf('=');
  if (eq <= 0) throw new UserError(`--input takes key=value, got "${value}"`);
  return { ...previous, [value.slice(0, eq)]: value.slice(eq + 1) };
}

/** A `--port`-style flag's value: a port number, 0 for a free one. */
export function portFrom(value: string, flag: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UserError(`${flag} must be a port number (0-65535), got "${value}"`);
  return port;
}

/** Resolves when the command is told to stop (Ctrl-C, SIGTERM): the end of a serving command. */
export function untilStopped(ctx: CliContext): Promise<void> {
  return new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
