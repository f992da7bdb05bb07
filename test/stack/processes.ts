/**
 * The stack's processes: each service a child process whose output goes to a log file of the
 * test run, stopped the way Docker stops a container (the stop signal, then SIGKILL at the end
 * of the grace period), and one-shot services run to their end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface ProcessOptions {
  cwd: string;
  env: Record<string, string>;
  /** Folder of the log files (`<name>.log`). */
  logDir: string;
  /** Run as this user instead (PostgreSQL refuses root): `setpriv` execs, so the PID is the program's. */
  user?: string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  name: string;
  pid: number;
  logFile: string;
  exited: Promise<Exit>;
  /** Whether it is still running. */
  running(): boolean;
  /** Sends `signal`, then SIGKILL after `graceMs`; resolves with how it ended and how long it took. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Exit & { ms: number; killed: boolean }>;
  /** What it printed so far. */
  output(): Promise<string>;
}

function argvFor(argv: string[], user: string | undefined): string[] {
  if (!user || process.getuid?.() !== 0) return argv;
  return ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--init-groups', '--', ...argv];
}

/** Starts a long-running service. */
export function startProcess(name: string, argv: string[], options: ProcessOptions): ServiceProcess {
  const logFile = path.join(options.logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const [command, ...args] = argvFor(argv, options.user);
  const child: ChildProcess = spawn(command!, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let done = false;
  const exited = new Promise<Exit>((resolve) => {
    child.once('error', (error) => {
      log.write(`\n[stack] could not start: ${error.message}\n`);
      done = true;
      resolve({ code: 127, signal: null });
    });
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return {
    name,
    pid: child.pid ?? -1,
    logFile,
    exited,
    running: () => !done,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      const started = Date.now();
      if (done) return { ...(await exited), ms: 0, killed: false };
      child.kill(signal);
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return { ...exit, ms: Date.now() - started, killed };
    },
    output: () => readFile(logFile, 'utf8').catch(() => ''),
  };
}

/** Runs a one-shot service to its end; rejects with its output when it fails. */
export async function runToEnd(
  name: string,
  argv: string[],
  options: ProcessOptions & { timeoutMs?: number },
): Promise<string> {
  const service = startProcess(name, argv, options);
  const timer = setTimeout(() => void service.stop('SIGKILL'), options.timeoutMs ?? 300_000);
  const exit = await service.exited;
  clearTimeout(timer);
  const output = await service.output();
  if (exit.code !== 0) throw new Error(`${name} exited with ${exit.code ?? exit.signal}:\n${output.slice(-4000)}`);
  return output;
}

/** Whether something accepts TCP connections at host:port (what `nc -z` checks). */
export function acceptsConnections(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Runs a healthcheck argv once: true when it exits 0. `nc -z host port` is checked natively. */
export async function healthy(argv: string[], options: ProcessOptions): Promise<boolean> {
  if (argv[0] === 'nc' && argv[1] === '-z') return acceptsConnections(argv[2] ?? '127.0.0.1', Number(argv[3]));
  const check = startProcess(`${path.basename(options.logDir)}-healthcheck`, argv, {
    ...options,
    logDir: options.logDir,
  });
  const timer = setTimeout(() => void check.stop('SIGKILL'), 10_000);
  const exit = await check.exited;
  clearTimeout(timer);
  return exit.code === 0;
}
