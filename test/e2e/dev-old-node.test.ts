/**
 * `tourflow dev` started on a Node.js tourflow does not support runs on the Node.js 24 in the
 * user's cache (bin/supported-node.js), as `npm start` does on a machine with Node 20, and
 * stops as it does on Node 24: a Ctrl-C in its terminal (SIGINT to the foreground process
 * group) reaches it once and it ends cleanly, exit 0, its Temporal dev server gone; `kill -9`
 * takes the dev server with it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DevState } from '../../worker/dev-state.ts';
import { isDevServerProcess } from '../../worker/server-guard.ts';
import { cleanEnv, watchTourflow } from '../support/cli-process.ts';
import { alive, cacheWithNode, oldNode, oldNodeEnv, oldNodeSkip } from '../support/old-node.ts';
import { pollUntil } from '../support/poll.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/tourflow.js');
const FREE_PORTS = ['--port', '0', '--ui-port', '0', '--api-port', '0', '--auth-port', '0'];

describe.skipIf(oldNodeSkip !== undefined)(
  `tourflow dev on Node.js ${oldNode.version}${oldNodeSkip ? ` (skipped: ${oldNodeSkip})` : ''}`,
  () => {
    it.each([
      ['a Ctrl-C', 'SIGINT', 0],
      ['kill -9', 'SIGKILL', null],
    ] as const)(
      'stops with its Temporal dev server on %s',
      async (_name, signal, exitCode) => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'tourflow-dev-old-node-'));
        const cache = cacheWithNode();
        const env = oldNodeEnv({ ...cleanEnv({ TOURFLOW_STATE_DIR: path.join(dir, 'state') }), ...cache.env });
        const parent = spawn(oldNode.node, [BIN, 'dev', ...FREE_PORTS], {
          cwd: dir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        const dev = watchTourflow(parent, 'tourflow dev');
        let serverPid = 0;
        try {
          await dev.waitForOut('Press Ctrl-C to stop.', 180_000);
          expect(
            dev
              .err()
              .split('\n')
              .filter((line) => line.includes('is not supported')),
          ).toHaveLength(1);
          const devPid = cache.pidOf(`${BIN} dev`);
          const state = JSON.parse(
            readFileSync(path.join(dir, 'state', 'dev', `dev-${devPid}.json`), 'utf8'),
          ) as DevState;
          serverPid = state.temporal.serverPid ?? 0;
          expect(isDevServerProcess(serverPid)).toBe(true);

          // A terminal sends Ctrl-C to its foreground process group: here the one `dev` was started in.
          process.kill(signal === 'SIGINT' ? -(parent.pid ?? 0) : (parent.pid ?? 0), signal);
          expect(await dev.exited).toBe(exitCode);
          await pollUntil(
            async () => !alive(devPid) && !isDevServerProcess(serverPid),
            'dev and its Temporal dev server to stop',
            30_000,
          );
        } finally {
          for (const pid of [cache.pidOf(`${BIN} dev`), serverPid, parent.pid ?? 0])
            if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
        }
      },
      300_000,
    );
  },
);
