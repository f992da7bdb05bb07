/**
 * Installs the components of the production stack (docker-compose.yml) without Docker, into a
 * cache outside the clone, at the versions the compose file pins:
 *
 * - the Temporal server and its SQL tool: `go install go.temporal.io/server/cmd/server@v<tag>`
 *   and `…/cmd/tools/sql` (the tag of `temporalio/server` and `temporalio/admin-tools`); the
 *   schema files come with the module's source;
 * - the Temporal Web UI server: `go install github.com/temporalio/ui-server/v2/cmd/server@v<tag>`
 *   (the tag of `temporalio/ui`), its config template with the module's source;
 * - PostgreSQL: Debian's `postgresql` package (apt-get, as root), run from its own binaries.
 *
 * A warm cache is reused: only what is missing is built. The cache is
 * `$TOURFLOW_STACK_CACHE`, else `${XDG_CACHE_HOME:-~/.cache}/tourflow/stack`.
 * Run alone it installs and prints what it found: `node --import tsx scripts/install-stack.ts`.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isExecutable } from '../worker/temporal-cli.ts';

const run = promisify(execFile);

export const TEMPORAL_SERVER_MODULE = 'go.temporal.io/server';
export const UI_SERVER_MODULE = 'github.com/temporalio/ui-server/v2';

export interface StackVersions {
  /** `1.31.0`: the tag of the compose file's `temporalio/server` image. */
  temporal: string;
  /** `1.31.0`: the tag of `temporalio/admin-tools` (the SQL tool). */
  adminTools: string;
  /** `2.49.1`: the tag of `temporalio/ui`. */
  ui: string;
}

export interface StackComponents {
  temporalServer: string;
  sqlTool: string;
  /** `schema/` of the server module: `postgresql/v12/temporal/versioned`… */
  schemaDir: string;
  /** The server module's source (its embedded config template is `common/config/…`). */
  temporalSource: string;
  uiServer: string;
  /** The UI server module's source: `config/docker.yaml` is read from here. */
  uiSource: string;
  /** Folder of PostgreSQL's binaries (initdb, pg_ctl, postgres, psql, pg_isready). */
  postgresBin: string;
  /** Major version of that PostgreSQL. */
  postgresMajor: number;
}

export interface InstallOptions {
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export function stackCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TOURFLOW_STACK_CACHE) return env.TOURFLOW_STACK_CACHE;
  return path.join(env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), '.cache'), 'tourflow', 'stack');
}

async function goInstall(
  gobin: string,
  packages: string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<void> {
  await mkdir(gobin, { recursive: true });
  log(`stack: go install ${packages.join(' ')} (several minutes on a cold cache)`);
  const started = Date.now();
  await run('go', ['install', ...packages], {
    env: { ...env, GOBIN: gobin, GOFLAGS: `${env.GOFLAGS ?? ''} -buildvcs=false`.trim() },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 30 * 60_000,
  });
  log(`stack: built in ${Math.round((Date.now() - started) / 1000)} s`);
}

async function moduleDir(module: string, version: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run('go', ['mod', 'download', '-json', `${module}@${version}`], {
    env,
    cwd: os.tmpdir(),
    maxBuffer: 16 * 1024 * 1024,
  });
  const dir = (JSON.parse(stdout) as { Dir?: string }).Dir;
  if (!dir) throw new Error(`go mod download gave no folder for ${module}@${version}`);
  return dir;
}

async function findPostgres(): Promise<{ bin: string; major: number } | undefined> {
  const root = '/usr/lib/postgresql';
  let majors: number[] = [];
  try {
    majors = (await readdir(root)).map(Number).filter((n) => Number.isInteger(n));
  } catch {
    return undefined;
  }
  for (const major of majors.sort((a, b) => b - a)) {
    const bin = path.join(root, String(major), 'bin');
    if (await isExecutable(path.join(bin, 'initdb'))) return { bin, major };
  }
  return undefined;
}

async function installPostgres(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  if (process.getuid?.() !== 0)
    throw new Error('PostgreSQL is not installed and this is not root: run `sudo apt-get install postgresql`.');
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  for (const args of [
    ['update', '-qq', ...lockWait],
    ['install', '-y', '-qq', '--no-install-recommends', ...lockWait, 'postgresql'],
  ]) {
    log(`stack: apt-get ${args.join(' ')}`);
    await run('apt-get', args, { env: aptEnv, maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
  }
}

/** Installs what is missing and returns where every component is. */
export async function installStack(versions: StackVersions, options: InstallOptions = {}): Promise<StackComponents> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const cache = options.cacheDir ?? stackCacheDir(env);
  if (versions.temporal !== versions.adminTools) {
    throw new Error(
      `temporalio/server ${versions.temporal} and temporalio/admin-tools ${versions.adminTools} differ: the SQL tool is built from the server's module, so pin both to one version`,
    );
  }
  const temporalVersion = `v${versions.temporal}`;
  const uiVersion = `v${versions.ui}`;

  const temporalBin = path.join(cache, 'bin', `temporal-${temporalVersion}`);
  const temporalServer = path.join(temporalBin, 'server');
  const sqlTool = path.join(temporalBin, 'sql');
  if (!(await isExecutable(temporalServer)) || !(await isExecutable(sqlTool))) {
    await goInstall(
      temporalBin,
      [
        `${TEMPORAL_SERVER_MODULE}/cmd/server@${temporalVersion}`,
        `${TEMPORAL_SERVER_MODULE}/cmd/tools/sql@${temporalVersion}`,
      ],
      env,
      log,
    );
  }
  const uiBin = path.join(cache, 'bin', `ui-${uiVersion}`);
  const uiServer = path.join(uiBin, 'server');
  if (!(await isExecutable(uiServer)))
    await goInstall(uiBin, [`${UI_SERVER_MODULE}/cmd/server@${uiVersion}`], env, log);

  let postgres = await findPostgres();
  if (!postgres) {
    await installPostgres(env, log);
    postgres = await findPostgres();
    if (!postgres)
      throw new Error('apt-get installed postgresql, but /usr/lib/postgresql/<major>/bin/initdb is missing');
  }

  const temporalSource = await moduleDir(TEMPORAL_SERVER_MODULE, temporalVersion, env);
  return {
    temporalServer,
    sqlTool,
    schemaDir: path.join(temporalSource, 'schema'),
    temporalSource,
    uiServer,
    uiSource: await moduleDir(UI_SERVER_MODULE, uiVersion, env),
    postgresBin: postgres.bin,
    postgresMajor: postgres.major,
  };
}

async function cli(): Promise<void> {
  const { readComposeStack, serviceOf } = await import('../test/stack/compose-stack.ts');
  const stack = readComposeStack();
  const versions = {
    temporal: serviceOf(stack, 'temporal').version,
    adminTools: serviceOf(stack, 'temporal-schema').version,
    ui: serviceOf(stack, 'temporal-ui').version,
  };
  process.stdout.write(`${JSON.stringify(await installStack(versions), null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await cli();
