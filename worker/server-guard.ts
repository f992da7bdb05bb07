/**
 * A Temporal dev server that dies with the process that started it. The server (a Go binary)
 * cannot be told to watch its parent, and Linux's parent-death signal needs native code; so a
 * small Node guard sits between them: it starts the server, reads its own stdin, a pipe from
 * the parent, and stops the server when that pipe ends. The kernel closes the pipe however the
 * parent ends (`kill -9` included), so the server goes too. The guard forwards SIGTERM and
 * SIGINT, exits with the server's exit code, and prints the server's process ID on its first
 * line of output, which the dev state records (`serverPid`) for the next `tourflow dev` to
 * clean up should the guard itself have been killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** How long the server has to stop after SIGTERM before it is killed. */
export const SERVER_STOP_GRACE_MS = 10_000;

/** The guard, run by `node -e` with the server's command line as its arguments. */
const GUARD = `
const { spawn } = require('node:child_process');
const [command, ...args] = process.argv.slice(1);
const server = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
  setTimeout(() => server.kill('SIGKILL'), ${SERVER_STOP_GRACE_MS}).unref();
};
server.on('spawn', () => process.stdout.write(server.pid + '\\n'));
server.on('error', (error) => { process.stderr.write(String(error) + '\\n'); process.exit(1); });
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
process.stdin.on('end', () => stop('SIGTERM'));
process.stdin.on('error', () => stop('SIGTERM'));
process.stdin.resume();
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
`;

/** A guarded server: the guard's process, and the server's ID once the guard has printed it. */
export interface GuardedServer {
  guard: ChildProcess;
  serverPid: Promise<number | undefined>;
}

/** Starts `command args` under a guard tied to this process (stderr is the server's). */
export function spawnGuarded(command: string, args: readonly string[]): GuardedServer {
  const guard = spawn(process.execPath, ['-e', GUARD, command, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const serverPid = new Promise<number | undefined>((resolve) => {
    let out = '';
    guard.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^(\d+)\n/.exec(out);
      if (line) resolve(Number(line[1]));
    });
    guard.once('exit', () => resolve(undefined));
  });
  return { guard, serverPid };
}

/**
 * Whether process `pid` is a Temporal dev server (`server start-dev` on its command line), read
 * from `/proc`: a recorded ID whose process is gone may have been given to another program,
 * which must not be signalled. False where `/proc` is not there.
 */
export function isDevServerProcess(pid: number): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.includes('server') && argv.includes('start-dev');
  } catch {
    return false;
  }
}

/** Stops a dev server left running by a `tourflow dev` that is gone: SIGTERM, then SIGKILL. */
export async function stopStaleServer(pid: number, deadlineMs = SERVER_STOP_GRACE_MS): Promise<void> {
  if (!isDevServerProcess(pid)) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + deadlineMs;
  // Bounded: a process we may not signal (another user's) is left as it is.
  while (isDevServerProcess(pid) && Date.now() < deadline + 5_000) {
    if (Date.now() > deadline) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
