/**
 * Day one in several terminals: `tourflow dev` in one process; `run`, `status` and `runs` in
 * others, with no Temporal or tourflow settings in their environment, find it through the
 * state file it writes. The printed Web UI link opens, and the printed curl reads the tour the
 * run created. The dev takes free ports (the test run's own dev server may hold 7233), so the
 * commands can only have found it through its state.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCredentials } from '../../sandbox/index.ts';
import { pollUntil } from '../support/poll.ts';
import { cleanEnv, runTourflow, startTourflow, type CliProcess } from '../support/cli-process.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, '../../definitions/playbooks/create-tour.yaml');
const GATE = path.resolve(import.meta.dirname, '../cli/fixtures/gate.yaml');

/** The value printed after `label` on a line of its own. */
function printed(text: string, pattern: RegExp, what: string): string {
  const match = pattern.exec(text);
  if (!match?.[1]) throw new Error(`no ${what} in:\n${text}`);
  return match[1];
}

describe('tourflow dev and the commands that find it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tourflow-dev-'));
  const env = cleanEnv({ TOURFLOW_STATE_DIR: path.join(dir, 'state') });
  const key = `dev-${process.pid}`;
  const workflowId = `create-tour--${key}`;
  let dev: CliProcess;
  let banner: string;

  beforeAll(async () => {
    dev = await startTourflow(['dev', '--port', '0', '--ui-port', '0', '--api-port', '0', '--auth-port', '0'], {
      env,
      cwd: dir,
    });
    banner = await dev.waitForOut('Press Ctrl-C to stop.', 180_000);
  }, 200_000);

  afterAll(async () => {
    if (dev && dev.child.exitCode === null) {
      dev.child.kill('SIGINT');
      await dev.exited;
    }
  });

  it('prints where it runs, for tourflow and for other tools', () => {
    expect(banner).toMatch(/^ {2}export TEMPORAL_ADDRESS=127\.0\.0\.1:\d+$/m);
    expect(banner).toMatch(/^ {2}export TOURFLOW_UI_URL=http:\/\/127\.0\.0\.1:\d+$/m);
    const stateFile = printed(banner, /find this dev by themselves \((.+)\)\./, 'state file');
    expect(path.dirname(stateFile)).toBe(path.join(dir, 'state', 'dev'));
    const credentials = printed(banner, /in (\S+credentials\.json) \(mode 0600\)/, 'credentials file');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    // Payloads encrypted with the local key it made, in this environment's config folder (not the user's).
    const localKey = path.join(env.XDG_CONFIG_HOME!, 'tourflow', 'local-key.json');
    expect(banner).toContain(`payloads encrypted with key file ${localKey}`);
    expect(statSync(localKey).mode & 0o777).toBe(0o600);
  });

  it('runs a playbook, follows and lists it, opens its Web UI link and reads the tour with the printed curl', async () => {
    writeFileSync(
      path.join(dir, 'tour.yaml'),
      'name: Day One Tour\ndays:\n  - { date: 2027-04-01, city: Berlin, dayType: Show }\n',
    );
    const run = await runTourflow(['run', PLAYBOOK, '--inputs', 'tour.yaml', '--run-key', key], { env, cwd: dir });
    expect(run.err).not.toMatch(/this is a bug|\n\s+at /);
    expect(run.code, run.err).toBe(0);
    const tourId = printed(run.out, /tourId: "([0-9a-f-]{36})"/, 'tour ID');
    const link = printed(run.out, /^Web UI: (\S+)$/m, 'Web UI link');
    const uiUrl = printed(banner, /export TOURFLOW_UI_URL=(\S+)/, 'Web UI');
    expect(link).toBe(`${uiUrl}/namespaces/default/workflows/${workflowId}`);

    const status = await runTourflow(['status', workflowId], { env, cwd: dir });
    expect(status.code, status.err).toBe(0);
    expect(status.out).toContain(`create-tour completed (${workflowId})`);

    await pollUntil(
      async () => {
        const runs = await runTourflow(['runs', '--playbook', 'create-tour'], { env, cwd: dir });
        expect(runs.code, runs.err).toBe(0);
        return runs.out.includes(workflowId) && runs.out.includes('completed');
      },
      'the run to be listed',
      60_000,
      500,
    );

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);

    const curl = printed(banner, /^ {2}(curl .+)$/m, 'curl example').replace('<tour id>', tourId);
    const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
    const body = JSON.parse(stdout) as { data: { tour: { id: string; name: string } } };
    expect(body.data.tour).toMatchObject({ id: tourId, name: 'Day One Tour' });
  });

  it('a run stops waiting on Ctrl-C, says how to follow and cancel it, and cancel finds it', async () => {
    const id = `cli-gate--${key}`;
    const run = await startTourflow(['run', GATE, '--run-key', key], { env, cwd: dir });
    await pollUntil(async () => run.err().includes(`running ${id}`) || undefined, 'the run to start', 60_000);
    const interrupted = Date.now();
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(Date.now() - interrupted).toBeLessThan(3_000);
    expect(run.err()).toContain(
      `stopped waiting for ${id}; the run goes on.\nFollow it with \`tourflow status ${id}\``,
    );
    const cancel = await runTourflow(['cancel', id], { env, cwd: dir });
    expect(cancel.code, cancel.err).toBe(3);
  });

  it('stops on Ctrl-C and takes its state with it', async () => {
    dev.child.kill('SIGINT');
    expect(await dev.exited).toBe(0);
    expect(dev.err()).not.toMatch(/this is a bug|while stopping/);
    const stateDir = path.join(dir, 'state', 'dev');
    expect(existsSync(stateDir) ? readdirSync(stateDir) : []).toEqual([]);
  });
});

describe('tourflow dev --persist', () => {
  it('keeps working credentials across a restart', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tourflow-dev-persist-'));
    const env = cleanEnv({ TOURFLOW_STATE_DIR: path.join(dir, 'state') });
    const start = async () => {
      const dev = await startTourflow(
        ['dev', '--persist', 'keep', '--port', '0', '--ui-port', '0', '--api-port', '0', '--auth-port', '0'],
        { env, cwd: dir },
      );
      try {
        await dev.waitForOut('Press Ctrl-C to stop.', 180_000);
        return JSON.parse(
          readFileSync(path.join(dir, 'keep', 'sandbox-credentials.json'), 'utf8'),
        ) as SandboxCredentials;
      } finally {
        dev.child.kill('SIGINT');
        expect(await dev.exited).toBe(0);
      }
    };
    const first = await start();
    const dev = await startTourflow(
      ['dev', '--persist', 'keep', '--port', '0', '--ui-port', '0', '--api-port', '0', '--auth-port', '0'],
      { env, cwd: dir },
    );
    try {
      await dev.waitForOut('Press Ctrl-C to stop.', 180_000);
      expect(dev.out()).toContain(`export TOURFLOW_API_SECRET=${first.apiSecret}`);
      const baseUrl = printed(dev.out(), /export TOURFLOW_API_URL=(\S+)/, 'API URL');
      const answer = await fetch(`${baseUrl}/v1/organizations`, {
        headers: {
          'x-api-key': first.apiKey,
          'x-api-secret': first.apiSecret,
          authorization: `Bearer ${first.accessToken}`,
        },
      });
      expect(answer.status).toBe(200);
    } finally {
      dev.child.kill('SIGINT');
      await dev.exited;
    }
  }, 400_000);
});
