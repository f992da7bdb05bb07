/**
 * The file tree the Dockerfile builds, made without Docker: each stage's WORKDIR, COPY, ENV and
 * RUN instructions are carried out in a folder of its own, with the image's absolute paths
 * (/app, /data, /home/node) mapped to folders of the test run. Two steps are shortcuts, both
 * said here: the build stage's `npm ci` links the clone's node_modules (installed by `npm ci`
 * from the same lockfile), and the runtime stage's `npm ci --omit=dev` is cached by lockfile
 * content, so a warm run does not install again. `chown` to the image's user is skipped: that
 * user does not exist on the host.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readDockerfile, ROOT, type DockerInstruction } from '../ops/docker-files.ts';
import { toHost, type HostMap } from './host-map.ts';

const run = promisify(execFile);

export interface ImageTree {
  /** The runtime stage's WORKDIR on the host. */
  workdir: string;
  /** The runtime stage's ENV, values mapped to the host. */
  env: Record<string, string>;
  /** ENTRYPOINT as argv (host paths). */
  entrypoint: string[];
}

export interface BuildImageOptions {
  /** Where the stages' folders go. */
  dir: string;
  /** Container paths of the image (`/data`, `/home/node`) → host folders; /app is added per stage. */
  paths: ReadonlyArray<readonly [string, string]>;
  /** Where the runtime stage's production node_modules are kept between runs. */
  cacheDir: string;
  log?: (line: string) => void;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function words(args: string): string[] {
  return args.split(/\s+/).filter(Boolean);
}

async function productionModules(
  workdir: string,
  command: string,
  cacheDir: string,
  log: (line: string) => void,
): Promise<void> {
  const lock = await readFile(path.join(workdir, 'package-lock.json'));
  const key = createHash('sha256').update(lock).update(command).digest('hex').slice(0, 16);
  // Named node_modules itself: Node looks for packages in folders of that name above a file.
  const cached = path.join(cacheDir, `modules-${key}`, 'node_modules');
  if (!(await exists(cached))) {
    log(`image: ${command} (cached afterwards by lockfile)`);
    await run('sh', ['-c', command], { cwd: workdir, maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
    await mkdir(path.dirname(cached), { recursive: true });
    await rm(`${cached}.tmp`, { recursive: true, force: true });
    await rename(path.join(workdir, 'node_modules'), `${cached}.tmp`);
    await rename(`${cached}.tmp`, cached);
  }
  await symlink(cached, path.join(workdir, 'node_modules'));
}

interface StageState {
  workdir: string;
  env: Record<string, string>;
  entrypoint: string[];
}

async function carryOut(
  instruction: DockerInstruction,
  state: StageState,
  stages: Map<string, string>,
  map: HostMap,
  options: BuildImageOptions,
): Promise<void> {
  const log = options.log ?? (() => undefined);
  const { keyword, args } = instruction;
  if (keyword === 'WORKDIR') {
    state.workdir = toHost(args, map);
    await mkdir(state.workdir, { recursive: true });
  } else if (keyword === 'ENV') {
    for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) state.env[name!] = toHost(value!, map);
  } else if (keyword === 'COPY') {
    const parts = words(args);
    const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
    const paths = parts.filter((p) => !p.startsWith('--'));
    const destination = path.resolve(state.workdir, toHost(paths.at(-1)!, map));
    for (const source of paths.slice(0, -1)) {
      const origin = from
        ? toHost(source, { ...map, paths: [['/app', stages.get(from) ?? '/nonexistent']] })
        : path.join(ROOT, source);
      const target =
        paths.length > 2 || destination.endsWith('/') || (await exists(destination))
          ? path.join(destination, path.basename(source))
          : destination;
      await mkdir(path.dirname(target), { recursive: true });
      await cp(origin, target, { recursive: true });
    }
  } else if (keyword === 'RUN') {
    const command = toHost(args, map);
    if (/^npm ci\b/.test(command) && !command.includes('--omit=dev')) {
      await symlink(path.join(ROOT, 'node_modules'), path.join(state.workdir, 'node_modules'));
    } else if (/^npm ci\b/.test(command)) {
      await productionModules(
        state.workdir,
        command.replace(/&&\s*npm cache clean --force/, '').trim(),
        options.cacheDir,
        log,
      );
    } else {
      const withoutChown = command.replace(/&&\s*chown\s+(-R\s+)?\S+\s+[^&]+/g, '');
      log(`image: RUN ${withoutChown.slice(0, 80)}`);
      await run('sh', ['-c', withoutChown], {
        cwd: state.workdir,
        env: { ...process.env, ...state.env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 15 * 60_000,
      });
    }
  } else if (keyword === 'ENTRYPOINT') {
    state.entrypoint = (JSON.parse(args) as string[]).map((arg) => toHost(arg, map));
  }
}

/** Builds the Dockerfile's stages into `options.dir` and returns the runtime stage. */
export async function buildImageTree(options: BuildImageOptions): Promise<ImageTree> {
  const instructions = readDockerfile();
  const stages = new Map<string, string>();
  let state: StageState | undefined;
  let map: HostMap | undefined;
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const stageDir = path.join(options.dir, instruction.stage || `stage-${stages.size}`);
      stages.set(instruction.stage, stageDir);
      map = { hosts: [], ports: new Map(), paths: [...options.paths, ['/app', stageDir]] };
      state = { workdir: stageDir, env: {}, entrypoint: [] };
      continue;
    }
    if (!state || !map) continue;
    await carryOut(instruction, state, stages, map, options);
  }
  if (!state) throw new Error('the Dockerfile has no stage');
  // The runtime stage's files are what the services run; its ENV is the containers' own.
  await writeFile(path.join(options.dir, 'built'), new Date().toISOString());
  return {
    workdir: state.workdir,
    env: state.env,
    entrypoint: state.entrypoint.map((arg) => (arg.startsWith('bin/') ? path.join(state.workdir, arg) : arg)),
  };
}
