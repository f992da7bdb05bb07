/**
 * Where a running `tourflow dev` is: a small JSON file per `dev` process, so that the other
 * commands, started in other terminals, find its Temporal server, Web UI, task queue and
 * sandbox without flags. A file whose process is gone is ignored (and removed by the next
 * `dev`): stale state is never followed.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopStaleServer } from './server-guard.ts';

/** What one `tourflow dev` records. */
export interface DevState {
  version: 1;
  pid: number;
  /** The machine it runs on: a state folder shared between machines names other hosts' devs. */
  host: string;
  startedAt: string;
  temporal: {
    address: string;
    namespace: string;
    taskQueue: string;
    /** Absent when the dev server runs without a Web UI. */
    uiUrl?: string;
    /** The Temporal dev server's process ID: a dev that is gone may have left it running. */
    serverPid?: number;
    /**
     * The payload keys this dev's worker uses when they were configured (not the local key): a
     * key file by its path, keys given in the environment copied to a key file (0600) in the
     * dev state folder, or `off`. The other commands take them unless their own settings name
     * keys (config.ts), so a second terminal needs no key settings.
     */
    encryption?: { keyFile?: string; activeKey?: string; off?: true };
    /** The local encryption key this dev's worker and Web UI codec use (worker/key-file.ts). */
    localKeyFile?: string;
  };
  api: {
    baseUrl: string;
    authUrl: string;
    /** The sandbox's credentials (JSON, mode 0600), as `tourflow sandbox --credentials-out` writes them. */
    credentialsFile: string;
  };
}

/** A dev state found on disk, with the file it came from. */
export interface FoundDevState {
  state: DevState;
  file: string;
}

/**
 * The folder of tourflow's state: `TOURFLOW_STATE_DIR`, else `$XDG_STATE_HOME/tourflow`,
 * else `~/.local/state/tourflow`.
 */
export function stateDir(env: NodeJS.ProcessEnv): string {
  if (env.TOURFLOW_STATE_DIR) return path.resolve(env.TOURFLOW_STATE_DIR);
  const base = env.XDG_STATE_HOME || path.join(env.HOME || os.homedir(), '.local', 'state');
  return path.join(base, 'tourflow');
}

/** The folder of dev state files. */
export function devStateDir(env: NodeJS.ProcessEnv): string {
  return path.join(stateDir(env), 'dev');
}

/** The state file of the dev process `pid`. */
export function devStateFile(env: NodeJS.ProcessEnv, pid = process.pid): string {
  return path.join(devStateDir(env), `dev-${pid}.json`);
}

/** Whether a process with this ID runs on this machine (one we may not signal counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseState(text: string): DevState | undefined {
  try {
    const state = JSON.parse(text) as Partial<DevState>;
    const ok =
      state.version === 1 &&
      typeof state.pid === 'number' &&
      typeof state.temporal?.address === 'string' &&
      typeof state.api?.baseUrl === 'string';
    return ok ? (state as DevState) : undefined;
  } catch {
    return undefined;
  }
}

/** Every readable dev state file, live or not. */
function readAll(dir: string): FoundDevState[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^dev-\d+\.json$/.test(name));
  } catch {
    return [];
  }
  const found: FoundDevState[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const state = parseState(readFileSync(file, 'utf8'));
      if (state) found.push({ state, file });
    } catch {
      // removed while we listed, or unreadable: not ours to follow
    }
  }
  return found;
}

function isLive(state: DevState): boolean {
  return state.host === os.hostname() && processAlive(state.pid);
}

/**
 * The most recently started `tourflow dev` that still runs on this machine, if any. Only an
 * environment that names a state folder (or a home) is looked in: one built from nothing, as
 * tests build theirs, never picks up a dev the machine happens to run.
 */
export function findDevState(env: NodeJS.ProcessEnv): FoundDevState | undefined {
  if (!env.TOURFLOW_STATE_DIR && !env.XDG_STATE_HOME && !env.HOME) return undefined;
  return readAll(devStateDir(env))
    .filter(({ state }) => isLive(state))
    .sort((a, b) => b.state.startedAt.localeCompare(a.state.startedAt))[0];
}

/**
 * Removes the state files of devs that are gone (and the credentials files they named beside
 * them), first stopping a Temporal dev server one of them left running (`stopStaleServer`).
 */
export async function removeStaleDevStates(env: NodeJS.ProcessEnv): Promise<void> {
  const dir = devStateDir(env);
  for (const { state, file } of readAll(dir)) {
    if (state.host !== os.hostname() || processAlive(state.pid)) continue;
    if (state.temporal.serverPid) await stopStaleServer(state.temporal.serverPid);
    rmSync(file, { force: true });
    if (path.dirname(state.api.credentialsFile) === dir) rmSync(state.api.credentialsFile, { force: true });
    rmSync(devKeysFile(env, state.pid), { force: true });
  }
}

/** Writes a file readable by its owner only, through a rename so readers never see half of it. */
export function writePrivateFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}

/** Where a dev keeps the keys it was given in the environment, for the other commands (0600). */
export function devKeysFile(env: NodeJS.ProcessEnv, pid = process.pid): string {
  return path.join(devStateDir(env), `dev-${pid}.keys.json`);
}

/** Records this dev's state; returns the file. */
export function writeDevState(env: NodeJS.ProcessEnv, state: DevState): string {
  const file = devStateFile(env, state.pid);
  writePrivateFile(file, `${JSON.stringify(state, null, 2)}\n`);
  return file;
}

/** The sandbox credentials a dev wrote, as far as the API settings take them. */
export interface DevCredentials {
  apiKey?: string;
  apiSecret?: string;
  accessToken?: string;
  refreshToken?: string;
  orgId?: string;
}

/** Reads the credentials file a dev state names; empty when it cannot be read. */
export function readDevCredentials(file: string): DevCredentials {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const text = (key: string) => (typeof parsed[key] === 'string' ? (parsed[key] as string) : undefined);
    return {
      apiKey: text('apiKey'),
      apiSecret: text('apiSecret'),
      accessToken: text('accessToken'),
      refreshToken: text('refreshToken'),
      orgId: text('orgId'),
    };
  } catch {
    return {};
  }
}
