/**
 * `kill -9` of `tourflow dev` leaves no Temporal dev server behind: the server runs under a
 * guard that stops it when the dev's pipe closes. A server that was left anyway (recorded in a
 * dead dev's state) is stopped by the next `tourflow dev`, which then starts as usual.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DevState } from '../../worker/dev-state.ts';
import { freePort } from '../../worker/dev-server.ts';
import { isDevServerProcess } from '../../worker/server-guard.ts';
import { findTemporalCli } from '../../worker/temporal-cli.ts';
import { pollUntil } from '../support/poll.ts';
import { cleanEnv, startTourflow } from '../support/cli-process.ts';

const FREE_PORTS = ['--port', '0', '--ui-port', '0', '--api-port', '0', '--auth-port', '0'];

describe('tourflow dev killed with SIGKILL', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tourflow-dev-kill-'));
  const env = cleanEnv({ TOURFLOW_STATE_DIR: path.join(dir, 'state') });
  const devDir = path.join(dir, 'state', 'dev');
  const stateFiles = () => readdirSync(devDir).filter((name) => /^dev-\d+\.json$/.test(name));

  it('takes its Temporal dev server with it, and the next dev stops a server a dead dev left and starts', async () => {
    const first = await startTourflow(['dev', ...FREE_PORTS], { env, cwd: dir });
    await first.waitForOut('Press Ctrl-C to stop.', 180_000);
    const stateFile = path.join(devDir, `dev-${first.child.pid}.json`);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as DevState;
    const serverPid = state.temporal.serverPid!;
    expect(isDevServerProcess(serverPid)).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    await pollUntil(
      async () => !isDevServerProcess(serverPid),
      'the dev server to stop after its dev was killed',
      20_000,
    );

    // A server left running by a dead dev (started here without a guard), named in its state.
    const cli = await findTemporalCli();
    const port = await freePort();
    const stale = spawn(
      cli.path!,
      ['server', 'start-dev', '--headless', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'error'],
      { stdio: 'ignore' },
    );
    let second: Awaited<ReturnType<typeof startTourflow>> | undefined;
    try {
      await pollUntil(async () => isDevServerProcess(stale.pid!), 'the stale server to start', 20_000);
      writeFileSync(stateFile, JSON.stringify({ ...state, temporal: { ...state.temporal, serverPid: stale.pid } }));

      second = await startTourflow(['dev', ...FREE_PORTS], { env, cwd: dir });
      await second.waitForOut('Press Ctrl-C to stop.', 180_000);
      expect(isDevServerProcess(stale.pid!)).toBe(false);
      expect(stateFiles()).toEqual([`dev-${second.child.pid}.json`]);
    } finally {
      stale.kill('SIGKILL');
      if (second && second.child.exitCode === null) {
        second.child.kill('SIGINT');
        await second.exited;
      }
    }
  }, 300_000);
});
