/**
 * Running the `tourflow` CLI in-process against the test run's Temporal dev server, and
 * making its output comparable across runs.
 */
import { inject } from 'vitest';
import { main } from '../../cli/main.ts';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export interface CliOptions {
  /** Task queue of the worker the commands talk to. */
  taskQueue?: string;
  signal?: AbortSignal;
  cwd?: string;
  /** Called with each block written to standard output, as it is written. */
  onOut?: (text: string) => void;
  /** Environment on top of the test run's (Temporal's address, the payload key). */
  env?: NodeJS.ProcessEnv;
}

/** Runs `tourflow ...argv` with output captured; Temporal is the dev server of the test run. */
export async function cli(argv: string[], options: CliOptions = {}): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const env: NodeJS.ProcessEnv = {
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_NAMESPACE: inject('temporalNamespace'),
    TOURFLOW_ENCRYPTION_KEYS: inject('encryptionKeys'),
    ...(options.taskQueue ? { TOURFLOW_TASK_QUEUE: options.taskQueue } : {}),
    ...options.env,
  };
  const code = await main({
    argv,
    env,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdout: (text) => {
      out.push(text);
      options.onOut?.(text);
    },
    stderr: (text) => err.push(text),
    signal: options.signal ?? new AbortController().signal,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * Replaces what changes from run to run (instants, durations, run IDs, ports, the unique
 * suffixes tests give their runs and schedules) with fixed placeholders.
 */
export function normalise(text: string, names: Record<string, string> = {}): string {
  let result = text;
  for (const [value, placeholder] of Object.entries(names)) result = result.split(value).join(placeholder);
  return result
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<instant>')
    .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z/g, '<instant>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\b\d+(ms|s)( so far)?\b/g, '<duration>$2')
    .replace(/\b\d+[mhd] \d{2}[smh]( so far)?\b/g, '<duration>$1');
}
