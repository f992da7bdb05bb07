/**
 * The worker's log lines hold no guest data. An activity that fails is logged by the SDK with
 * its error, and an API error's message can quote what it was sent (a requester's name, an
 * e-mail address); the failure itself reaches Temporal encrypted, so the log line keeps the
 * error's name and failure type (the API's error code) and leaves its message to the run's
 * history. Errors of tourflow's own keys keep their message: it names a key ID and where keys
 * are kept, which is what an operator needs. E-mail addresses anywhere else are masked.
 * `jsonLogLine` writes a line as one JSON object, for log collectors (`TOURFLOW_LOG_FORMAT=json`).
 */
import type { LogLevel, LogMetadata, Logger } from '@temporalio/common';
import { KeyConfigError, MissingKeyError } from './key-provider.ts';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** An error as a log line may show it: what kind, not what it says. */
function errorShape(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: "(in the run's history)" };
  if (error instanceof MissingKeyError || error instanceof KeyConfigError)
    return { name: error.name, message: error.message };
  const type = (error as { type?: unknown }).type;
  const cause = error.cause instanceof Error ? { cause: errorShape(error.cause) } : {};
  return { name: error.name, ...(typeof type === 'string' ? { type } : {}), ...cause };
}

// The `@` test first: the pattern's backtracking costs microseconds on every long string.
function masked(value: unknown): unknown {
  return typeof value === 'string' && value.includes('@') ? value.replace(EMAIL, '[email]') : value;
}

/**
 * Metadata the SDK adds that a log line does without: an activity's task token completes the
 * activity for whoever holds it.
 */
const DROPPED = new Set(['taskToken']);

/** The log metadata without error messages or task tokens, and with e-mail addresses masked. */
export function privateMeta(meta: LogMetadata | undefined): LogMetadata | undefined {
  if (!meta) return meta;
  return Object.fromEntries(
    Object.entries(meta)
      .filter(([key]) => !DROPPED.has(key))
      .map(([key, value]) => [key, key === 'error' || value instanceof Error ? errorShape(value) : masked(value)]),
  );
}

const SEVERITY: Record<LogLevel, number> = { TRACE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4 };

/**
 * Wraps a logger so that what it writes holds no error message and no e-mail address. A line
 * below the inner logger's `level` (the SDK's `DefaultLogger` has one) is dropped before any
 * of that work: the worker logs every API call.
 */
export class PrivateLogger implements Logger {
  private readonly least: number;

  constructor(private readonly inner: Logger & { level?: LogLevel }) {
    this.least = SEVERITY[inner.level ?? 'TRACE'];
  }

  log(level: LogLevel, message: string, meta?: LogMetadata): void {
    if (SEVERITY[level] < this.least) return;
    this.inner.log(level, message.includes('@') ? message.replace(EMAIL, '[email]') : message, privateMeta(meta));
  }
  trace(message: string, meta?: LogMetadata): void {
    this.log('TRACE', message, meta);
  }
  debug(message: string, meta?: LogMetadata): void {
    this.log('DEBUG', message, meta);
  }
  info(message: string, meta?: LogMetadata): void {
    this.log('INFO', message, meta);
  }
  warn(message: string, meta?: LogMetadata): void {
    this.log('WARN', message, meta);
  }
  error(message: string, meta?: LogMetadata): void {
    this.log('ERROR', message, meta);
  }
}

/** What the SDK's `DefaultLogger` hands its log function. */
export interface LogLine {
  level: LogLevel;
  message: string;
  timestampNanos: bigint;
  meta?: LogMetadata;
}

/** One log line as one JSON object on standard error: `time`, `level`, `message`, then the metadata. */
export function jsonLogLine(line: LogLine, write: (text: string) => void = (text) => process.stderr.write(text)): void {
  const time = new Date(Number(line.timestampNanos / 1_000_000n)).toISOString();
  const record = { time, level: line.level, message: line.message, ...line.meta };
  write(
    `${JSON.stringify(record, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}\n`,
  );
}
