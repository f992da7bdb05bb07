/**
 * The `tourflow` CLI in child processes, as a user runs it in terminals: the compiled CLI when
 * `dist/` is newer than every source file (as after `npm ci`, which builds it), else the sources
 * through tsx. `runCliProcess` measures one command against a deadline; `startTourflow` and
 * `runTourflow` run the commands of a session (a `tourflow dev` and the commands that find it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pollUntil } from './poll.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.resolve(import.meta.dirname, 'cli-main.ts');
const SOURCES = ['cli', 'worker', 'api', 'actions', 'activities', 'workflows', 'definitions', 'sandbox'];
/** tsx's loader by its path, so a process started in another folder finds it too. */
export const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

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
    return false; // not built
  }
}

/** Node's arguments that start `tourflow` (before the command's own). */
export async function tourflowCommand(): Promise<string[]> {
  // tsx by its file (TSX_LOADER), not its name: the CLI may run in a folder the name does not resolve from.
  return (await builtIsFresh()) ? [path.join(ROOT, 'bin', 'tourflow.js')] : ['--import', TSX_LOADER, ENTRY];
}

export interface CliProcessRun {
  /** Exit code; null when the deadline killed it. */
  code: number | null;
  out: string;
  err: string;
  ms: number;
}

/** Runs `tourflow ...argv` (the compiled CLI when `dist/` is current, else the sources through tsx). */
export async function runCliProcess(
  argv: string[],
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<CliProcessRun> {
  const command = await tourflowCommand();
  const started = Date.now();
  const child = spawn(process.execPath, [...command, ...argv], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (exit) => resolve(exit)));
  clearTimeout(timer);
  return { code, out, err, ms: Date.now() - started };
}

/**
 * The environment of a new terminal: this one's, without any Temporal or tourflow settings, and
 * with a config folder (the dev's local encryption key, login tokens) and a state folder (dev
 * state files) of its own unless `extra` names them, so tests never touch the user's.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('TEMPORAL_') && !name.startsWith('TOURFLOW_'),
  );
  const own = mkdtempSync(path.join(os.tmpdir(), 'tourflow-env-'));
  return {
    ...Object.fromEntries(kept),
    XDG_CONFIG_HOME: path.join(own, 'config'),
    TOURFLOW_STATE_DIR: path.join(own, 'state'),
    ...extra,
  };
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
export async function startTourflow(
  argv: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Promise<CliProcess> {
  const child = spawn(process.execPath, [...(await tourflowCommand()), ...argv], {
    env: options.env,
    cwd: options.cwd ?? ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchTourflow(child, `tourflow ${argv.join(' ')}`);
}

/**
 * A started `tourflow` process (`label` names it in errors): its output as it comes, its end, and
 * a wait for a text on its standard output that fails as soon as the process ends without it,
 * and on the deadline with what the process printed.
 */
export function watchTourflow(child: ChildProcess, label: string): CliProcess {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Ended once its output is all read: what it printed last may come after its exit.
  let done = false;
  child.once('close', () => (done = true));
  return {
    child,
    out: () => out,
    err: () => err,
    exited,
    waitForOut: async (text, timeoutMs = 120_000) => {
      const found = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      await pollUntil(async () => found() || done, `${label} to print ${String(text)}`, timeoutMs).catch(
        (error: unknown) => {
          throw new Error(`${(error as Error).message}; it printed:\n${out}\n${err}`);
        },
      );
      if (!found()) throw new Error(`${label} ended before printing ${String(text)}:\n${out}\n${err}`);
      return out;
    },
  };
}

export interface CliResult {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `tourflow ...argv` to its end in a child process. */
export async function runTourflow(
  argv: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Promise<CliResult> {
  const process = await startTourflow(argv, options);
  const code = await process.exited;
  return { code, out: process.out(), err: process.err() };
}
