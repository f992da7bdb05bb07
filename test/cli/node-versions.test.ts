/**
 * tourflow on a Node.js it does not support (bin/supported-node.js), as on a machine whose own
 * Node is older (test/support/old-node.ts). Each command says so in one line and runs on the
 * Node.js 24 in the user's cache; without one and with fetching turned off it refuses, saying
 * how to get one. npm prints no engine warnings.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PINNED, SUPPORTED } from '../../bin/supported-node.js';
import { alive, cacheWithNode, oldNode, oldNodeEnv, oldNodeSkip } from '../support/old-node.ts';
import { pollUntil } from '../support/poll.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'tourflow.js');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** This environment without tourflow's settings, the old Node first on PATH, and `extra`. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('TOURFLOW_'));
  return { ...oldNodeEnv(Object.fromEntries(kept)), ...extra };
}

function run(command: string, args: string[], environment: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: ROOT, env: environment, encoding: 'utf8', timeout: 60_000 });
  return {
    code: result.status,
    out: result.stdout,
    err: result.stderr,
    lines: result.stderr.split('\n').filter(Boolean),
  };
}

const notSupported = `tourflow: Node.js ${oldNode.version} is not supported (tourflow needs ${SUPPORTED} or later, the Node.js 24 LTS line)`;

describe.skipIf(oldNodeSkip !== undefined)(
  `tourflow on Node.js ${oldNode.version}${oldNodeSkip ? ` (skipped: ${oldNodeSkip})` : ''}`,
  () => {
    it('says so in one line, then does its work on the Node.js 24 in the cache', () => {
      const cache = cacheWithNode();
      const { code, out, lines } = run(
        oldNode.node,
        [BIN, 'validate', 'definitions/playbooks/tour-setup.yaml'],
        env(cache.env),
      );
      expect({ code, out, lines }).toEqual({
        code: 0,
        out: 'ok definitions/playbooks/tour-setup.yaml\n',
        lines: [
          `${notSupported}; running on Node.js ${process.versions.node} from ${cache.dir}. Install Node.js 24 (for example \`nvm install 24\`) to use your own.`,
        ],
      });
      expect(cache.starts().filter((start) => start.includes(`${BIN} validate`))).toHaveLength(1);
    });

    it('refuses, saying how to get a supported Node, when none is cached and fetching is off', () => {
      const cache = mkdtempSync(path.join(os.tmpdir(), 'tourflow-node-cache-'));
      const { code, out, lines } = run(
        oldNode.node,
        [BIN, 'worker'],
        env({ XDG_CACHE_HOME: cache, TOURFLOW_NODE_DOWNLOAD: 'off' }),
      );
      expect({ code, out, lines }).toEqual({
        code: 2,
        out: '',
        lines: [
          `${notSupported}. Install Node.js 24 (for example \`nvm install 24\`) and run again, or unset TOURFLOW_NODE_DOWNLOAD to let tourflow fetch Node.js ${PINNED}.`,
        ],
      });
    });

    it('prints no npm engine warnings under npx', () => {
      const npx = path.join(path.dirname(oldNode.node), 'npx');
      const cache = cacheWithNode();
      // npm checks `engines` when npx links this folder into its cache: with an empty one, as the
      // first time. Offline and without scripts: the check without the network and the build.
      const npm = {
        npm_config_cache: mkdtempSync(path.join(os.tmpdir(), 'tourflow-npm-cache-')),
        npm_config_offline: 'true',
        npm_config_ignore_scripts: 'true',
      };
      const { code, out, lines } = run(npx, ['tourflow', '--version'], env({ ...cache.env, ...npm }));
      expect({ code, out, lines }).toEqual({
        code: 0,
        out: `${VERSION}\n`,
        lines: [expect.stringContaining(notSupported)],
      });
    });

    it("runs an npm script's command line on the Node.js 24 in the cache, with its arguments and exit code", () => {
      const cache = cacheWithNode();
      const line = 'node -e "console.log(process.version, JSON.stringify(process.argv.slice(1))); process.exit(3)"';
      const { code, out, lines } = run(
        oldNode.node,
        [path.join(ROOT, 'bin', 'supported-node.js'), line, "it's", 'a b'],
        env(cache.env),
      );
      expect({ code, out, lines }).toEqual({
        code: 3,
        out: `${process.version} ["it's","a b"]\n`,
        lines: [expect.stringContaining(notSupported)],
      });
    });

    it.each([
      ['SIGINT', 'the process', 0],
      ['SIGINT', 'its process group', 0],
      ['SIGTERM', 'the process', 0],
      ['SIGKILL', 'the process', null],
    ] as const)('ends the command it started on Node.js 24 on %s to %s', async (signal, to, exitCode) => {
      const cache = cacheWithNode();
      const argv = [BIN, 'sandbox', '--port', '0', '--auth-port', '0'];
      const parent = spawn(oldNode.node, argv, {
        cwd: ROOT,
        env: env(cache.env),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      const exited = new Promise<number | null>((resolve) => parent.once('exit', resolve));
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      try {
        await pollUntil(async () => out.includes('Ctrl-C stops.'), 'the sandbox to start', 30_000);
        const child = cache.pidOf(`${BIN} sandbox`);
        expect(child).toBeGreaterThan(0);
        process.kill(to === 'the process' ? (parent.pid ?? 0) : -(parent.pid ?? 0), signal);
        expect(await exited).toBe(exitCode);
        await pollUntil(async () => !alive(child), 'the command on Node.js 24 to end', 15_000);
      } finally {
        for (const pid of [cache.pidOf(`${BIN} sandbox`), parent.pid ?? 0])
          if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
      }
    });
  },
);

describe('tourflow on a supported Node.js', () => {
  it('says nothing about the Node version', () => {
    const { code, out, err } = run(process.execPath, [BIN, '--version'], process.env);
    expect({ code, out, err }).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });
});
