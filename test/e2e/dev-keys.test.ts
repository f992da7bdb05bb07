/**
 * A `tourflow dev` given its payload keys in the environment: `run` and `result` in a second
 * terminal, whose environment names no key, read and write its runs with those keys. The keys
 * reach them through a 0600 key file in the dev state folder (never the state file itself),
 * removed when dev stops.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DevState } from '../../worker/dev-state.ts';
import { cleanEnv, runTourflow, startTourflow } from '../support/cli-process.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, '../../definitions/playbooks/create-tour.yaml');
const FREE_PORTS = ['--port', '0', '--ui-port', '0', '--api-port', '0', '--auth-port', '0'];

describe('tourflow dev with keys in its environment', () => {
  it('lets run and result in another terminal use its keys without repeating them', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tourflow-dev-keys-'));
    const key = randomBytes(32).toString('base64');
    const terminal = cleanEnv({ TOURFLOW_STATE_DIR: path.join(dir, 'state') });
    const dev = await startTourflow(['dev', ...FREE_PORTS], {
      env: { ...terminal, TOURFLOW_ENCRYPTION_KEYS: `dev-key:${key}` },
      cwd: dir,
    });
    const keysFile = path.join(dir, 'state', 'dev', `dev-${dev.child.pid}.keys.json`);
    try {
      const banner = await dev.waitForOut('Press Ctrl-C to stop.', 180_000);
      expect(banner).toContain('payloads encrypted with TOURFLOW_ENCRYPTION_KEYS');
      const stateText = readFileSync(path.join(dir, 'state', 'dev', `dev-${dev.child.pid}.json`), 'utf8');
      expect(stateText).not.toContain(key);
      expect((JSON.parse(stateText) as DevState).temporal.encryption).toEqual({ keyFile: keysFile });
      expect(statSync(keysFile).mode & 0o777).toBe(0o600);

      writeFileSync(
        path.join(dir, 'tour.yaml'),
        'name: Keyed Tour\ndays:\n  - { date: 2027-05-01, city: Bonn, dayType: Show }\n',
      );
      const run = await runTourflow(['run', PLAYBOOK, '--inputs', 'tour.yaml', '--run-key', 'keyed'], {
        env: terminal,
        cwd: dir,
      });
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(/tourId: "[0-9a-f-]{36}"/);
      const result = await runTourflow(['result', 'create-tour--keyed'], { env: terminal, cwd: dir });
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain('completed');
    } finally {
      dev.child.kill('SIGINT');
      await dev.exited;
    }
    expect(existsSync(keysFile)).toBe(false);
  }, 300_000);
});
