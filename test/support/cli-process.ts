/**
 * The `tourflow` CLI in child processes, as a user runs it in terminals: the compiled CLI when
 * `dist/` is newer than every source file (as after `npm ci`, which builds it), else the sources
 * through tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pollUntil } from './poll.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['cli', 'worker', 'activities', 'workflows', 'definitions', 'sandbox'];

async function newestSource(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestSource(file));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, (await stat(file)).mtimeMs);
  }
  return newest;
}

/** Whether `dist/` holds a build of the current sources. */
export async function builtIsFresh(): Promise<boolean> {
  try {
    const built = (await stat(path.join(ROOT, 'dist', 'cli', 'main.js'))).mtimeMs;
    const sources = Math.max(...(await Promise.all(SOURCES.map((dir) => newestSource(path.join(ROOT, dir))))));
    return built > sources;
  } catch {
    return false;
  }
}

/** Node's arguments that start `tourflow` (before the command's own). */
export async function tourflowCommand(): Promise<string[]> {
  // tsx by its file, not its name: the CLI may run in a folder the name does not resolve from.
  const tsx = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  return (await builtIsFresh()) ? [path.join(ROOT, 'bin', 'tourflow.js')] : ['--import', tsx, path.resolve(import.meta.dirname, 'cli-main.ts')];
}

/** The environment of a new terminal: this one's, without any Temporal or tourflow settings. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('TEMPORAL_') && !name.startsWith('TOURFLOW_'));
  return { ...Object.fromEntries(kept), ...extra };
}

export interface CliProcess {
  child: ChildProcess;
  out(): string;
  err(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Polls until standard output holds `text`, failing if the process ends first. */
  waitForOut(text: string | RegExp, timeoutMs?: number): Promise<string>;
}

/** Starts `tourflow ...argv` in a child process. */
export async function startTourflow(argv: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Promise<CliProcess> {
  const child = spawn(process.execPath, [...(await tourflowCommand()), ...argv], { env: options.env, cwd: options.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    out: () => out,
    err: () => err,
    exited,
    waitForOut: (text, timeoutMs = 120_000) =>
      pollUntil(
        async () => {
          const found = typeof text === 'string' ? out.includes(text) : text.test(out);
          if (!found && done) throw new Error(`tourflow ${argv.join(' ')} ended before printing ${String(text)}:\n${out}\n${err}`);
          return found ? out : undefined;
        },
        `tourflow ${argv[0]} to print ${String(text)}`,
        timeoutMs,
      ),
  };
}

export interface CliResult {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `tourflow ...argv` to its end in a child process. */
export async function runTourflow(argv: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Promise<CliResult> {
  const process = await startTourflow(argv, options);
  const code = await process.exited;
  return { code, out: process.out(), err: process.err() };
}
