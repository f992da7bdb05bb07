/**
 * The `tourflow` CLI as a user runs it: a process of its own, with its exit code, its output,
 * and how long it took (killed at a deadline, so a hang fails the test instead of stalling it).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { builtIsFresh, TSX_LOADER } from './worker-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.resolve(import.meta.dirname, 'cli-main.ts');

export interface CliProcessRun {
  /** Exit code; null when the deadline killed it. */
  code: number | null;
  out: string;
  err: string;
  ms: number;
}

/** Runs `tourflow ...argv` (the compiled CLI when `dist/` is current, else the sources through tsx). */
export async function runCliProcess(argv: string[], options: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<CliProcessRun> {
  const command = (await builtIsFresh()) ? [path.join(ROOT, 'bin', 'tourflow.js')] : ['--import', TSX_LOADER, ENTRY];
  const started = Date.now();
  const child = spawn(process.execPath, [...command, ...argv], { cwd: ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (exit) => resolve(exit)));
  clearTimeout(timer);
  return { code, out, err, ms: Date.now() - started };
}
