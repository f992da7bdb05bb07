/**
 * A Node.js older than tourflow supports, as a machine's own Node may be (Node 20 on the
 * development machines): the first `node` on PATH that is not supported. `cacheWithNode` makes
 * a user cache whose fetched Node.js (bin/supported-node.js) is a stand-in that runs the tests'
 * own Node and notes each start, so no test downloads Node.js.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUPPORTED, cachedNode, isSupported } from '../../bin/supported-node.js';

function unsupportedNode(): { node: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const node = path.join(dir, 'node');
    if (!dir || !existsSync(node)) continue;
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim().slice(1);
    if (version && !isSupported(version)) return { node: realpathSync(node), version };
  }
  return undefined;
}

const found = unsupportedNode();
/** The old Node's path and version ("20.20.2"); empty when there is none (the tests skip). */
export const oldNode = found ?? { node: '', version: '' };
/** Why tests on the old Node are skipped, or undefined when they run. */
export const oldNodeSkip = !found
  ? `no Node.js older than ${SUPPORTED} on PATH`
  : cachedNode({}).pkg
    ? undefined
    : `the npm registry has no Node.js package for ${process.platform}-${process.arch}`;

/** `env` with the old Node first on PATH, without npm's settings. */
export function oldNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = Object.entries(env).filter(([name]) => !name.startsWith('npm_'));
  return { ...Object.fromEntries(kept), PATH: [path.dirname(oldNode.node), env.PATH ?? ''].join(path.delimiter) };
}

export interface NodeCache {
  /** XDG_CACHE_HOME naming the cache. */
  env: { XDG_CACHE_HOME: string };
  /** The fetched Node's folder, as tourflow names it. */
  dir: string;
  /** The stand-in's starts: "<process id> <arguments>". */
  starts(): string[];
  /** The process ID of the start whose arguments hold `text`. */
  pidOf(text: string): number;
}

export function cacheWithNode(): NodeCache {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'tourflow-node-cache-'));
  const target = cachedNode({ XDG_CACHE_HOME: cache });
  const bin = target.bin ?? path.join(cache, 'node');
  const log = path.join(cache, 'starts.log');
  mkdirSync(path.dirname(bin), { recursive: true });
  writeFileSync(bin, `#!/bin/sh\necho "$$ $*" >> '${log}'\nexec '${process.execPath}' "$@"\n`);
  chmodSync(bin, 0o755);
  const starts = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  const pidOf = (text: string) =>
    Number(
      starts()
        .find((start) => start.includes(text))
        ?.split(' ')[0],
    );
  return { env: { XDG_CACHE_HOME: cache }, dir: target.dir, starts, pidOf };
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
