/**
 * tourflow on a Node.js it does not support (bin/supported-node.js), as on a machine whose own
 * Node is older: the Node found on PATH after the one running these tests (Node 20 on the
 * development machines). Each command says so in one line and runs on the Node.js 24 in the
 * user's cache; without one and with fetching turned off it refuses, saying how to get one.
 * The cache here holds a stand-in that runs this test's own Node and notes each start, so no
 * test downloads Node.js.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PINNED, SUPPORTED, cachedNode, isSupported } from '../../bin/supported-node.js';
import { pollUntil } from '../support/poll.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'tourflow.js');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The first `node` on PATH that is not a supported one, with its version. */
function unsupportedNode(): { node: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const node = path.join(dir, 'node');
    if (!dir || !existsSync(node)) continue;
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim().slice(1);
    if (version && !isSupported(version)) return { node: realpathSync(node), version };
  }
  return undefined;
}

const old = unsupportedNode();
const standIn = cachedNode({}).pkg ? undefined : `the npm registry has no Node.js package for ${process.platform}-${process.arch}`;
const skipped = old ? standIn : `no Node.js older than ${SUPPORTED} on PATH`;

/** A cache folder whose fetched Node.js runs this one, noting the process ID and arguments of each start. */
function cacheWithNode(): { env: NodeJS.ProcessEnv; dir: string; starts: () => string[] } {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'tourflow-node-cache-'));
  const target = cachedNode({ XDG_CACHE_HOME: cache });
  const log = path.join(cache, 'starts.log');
  mkdirSync(path.dirname(target.bin ?? ''), { recursive: true });
  writeFileSync(target.bin ?? '', `#!/bin/sh\necho "$$ $*" >> '${log}'\nexec '${process.execPath}' "$@"\n`);
  chmodSync(target.bin ?? '', 0o755);
  const starts = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  return { env: oldNodeEnv({ XDG_CACHE_HOME: cache }), dir: target.dir, starts };
}

/** This environment with the old Node first on PATH, without tourflow's settings. */
function oldNodeEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('TOURFLOW_') && !name.startsWith('npm_'));
  const PATH = [path.dirname(old?.node ?? ''), ...(process.env.PATH ?? '').split(path.delimiter)].join(path.delimiter);
  return { ...Object.fromEntries(kept), PATH, ...extra };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr, lines: result.stderr.split('\n').filter(Boolean) };
}

const notSupported = (version: string) =>
  `tourflow: Node.js ${version} is not supported (tourflow needs ${SUPPORTED} or later, the Node.js 24 LTS line)`;

describe.skipIf(skipped !== undefined)(`tourflow on Node.js ${old?.version ?? '(none)'}${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  const version = old?.version ?? '';

  it('says so in one line, then does its work on the Node.js 24 in the cache', () => {
    const cache = cacheWithNode();
    const { code, out, lines } = run(old?.node ?? '', [BIN, 'validate', 'definitions/playbooks/tour-setup.yaml'], cache.env);
    expect({ code, out, lines }).toEqual({
      code: 0,
      out: 'ok definitions/playbooks/tour-setup.yaml\n',
      lines: [`${notSupported(version)}; running on Node.js ${process.versions.node} from ${cache.dir}. Install Node.js 24 (for example \`nvm install 24\`) to use your own.`],
    });
    expect(cache.starts().filter((start) => start.includes(`${BIN} validate`))).toHaveLength(1);
  });

  it('refuses, saying how to get a supported Node, when none is cached and fetching is off', () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'tourflow-node-cache-'));
    const { code, out, lines } = run(old?.node ?? '', [BIN, 'worker'], oldNodeEnv({ XDG_CACHE_HOME: cache, TOURFLOW_NODE_DOWNLOAD: 'off' }));
    expect({ code, out, lines }).toEqual({
      code: 2,
      out: '',
      lines: [`${notSupported(version)}. Install Node.js 24 (for example \`nvm install 24\`) and run again, or unset TOURFLOW_NODE_DOWNLOAD to let tourflow fetch Node.js ${PINNED}.`],
    });
  });

  it('prints no npm engine warnings under npx', () => {
    const npx = path.join(path.dirname(old?.node ?? ''), 'npx');
    const cache = cacheWithNode();
    // npm checks `engines` when npx links this folder into its cache: with an empty one, as the
    // first time. Offline and without scripts: the check without the network and the build.
    const npm = { npm_config_cache: mkdtempSync(path.join(os.tmpdir(), 'tourflow-npm-cache-')), npm_config_offline: 'true', npm_config_ignore_scripts: 'true' };
    const { code, out, lines } = run(npx, ['tourflow', '--version'], { ...cache.env, ...npm });
    expect({ code, out, lines }).toEqual({ code: 0, out: `${VERSION}\n`, lines: [expect.stringContaining(notSupported(version))] });
  });

  it("runs an npm script's command line on the Node.js 24 in the cache, with its arguments and exit code", () => {
    const cache = cacheWithNode();
    const line = 'node -e "console.log(process.version, JSON.stringify(process.argv.slice(1))); process.exit(3)"';
    const { code, out, lines } = run(old?.node ?? '', [path.join(ROOT, 'bin', 'supported-node.js'), line, "it's", 'a b'], cache.env);
    expect({ code, out, lines }).toEqual({ code: 3, out: `${process.version} ["it's","a b"]\n`, lines: [expect.stringContaining(notSupported(version))] });
  });

  it('ends the command it started on Node.js 24 when it is killed, SIGKILL included', async () => {
    const cache = cacheWithNode();
    const parent = spawn(old?.node ?? '', [BIN, 'sandbox', '--port', '0', '--auth-port', '0'], { cwd: ROOT, env: cache.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    parent.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await pollUntil(async () => out.includes('Tour API sandbox ready.'), 'the sandbox to start', 30_000);
    const child = Number(cache.starts().find((start) => start.includes(`${BIN} sandbox`))?.split(' ')[0]);
    expect(child).toBeGreaterThan(0);
    parent.kill('SIGKILL');
    try {
      await pollUntil(async () => !alive(child), 'the command on Node.js 24 to end', 15_000);
    } finally {
      if (alive(child)) process.kill(child, 'SIGKILL');
    }
  });
});

describe('tourflow on a supported Node.js', () => {
  it('says nothing about the Node version', () => {
    const { code, out, err } = run(process.execPath, [BIN, '--version'], process.env);
    expect({ code, out, err }).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
