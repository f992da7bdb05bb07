/**
 * The mistakes users make, command by command: an unreachable server, a wrong namespace, a
 * missing or unreadable file, bad flag values. Each message is pinned, and
 * none is a stack trace or "this is a bug".
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { loadConfig } from '../../worker/config.ts';
import { connectClient } from '../../worker/temporal.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GATE = path.resolve(import.meta.dirname, 'fixtures/gate.yaml');
const DIR = mkdtempSync(path.join(os.tmpdir(), 'tourflow-mistakes-'));
/** A port nothing listens on: connections to it are refused. */
const DEAD = '127.0.0.1:1';

writeFileSync(path.join(DIR, 'bad.yaml'), 'name: [unclosed\n');
mkdirSync(path.join(DIR, 'folder'));

interface Outcome {
  code: number;
  err: string;
}

/** Runs `tourflow ...argv` in the test folder, with only `env` for an environment. */
async function tourflow(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  const err: string[] = [];
  const code = await main({
    argv,
    env: { TOURFLOW_STATE_DIR: path.join(DIR, 'state'), XDG_CONFIG_HOME: path.join(DIR, 'config'), ...env },
    cwd: DIR,
    stdout: () => undefined,
    stderr: (text) => err.push(text),
    signal: new AbortController().signal,
  });
  return { code, err: err.join('\n') };
}

/** What changes between machines and runs: folders, ports. */
function normalise(text: string): string {
  return text
    .split(DIR)
    .join('<dir>')
    .split(ROOT)
    .join('<root>')
    .replace(/127\.0\.0\.1:\d{2,}/g, '127.0.0.1:<port>');
}

function expectNoCrash(outcome: Outcome): void {
  expect(outcome.err).not.toMatch(/this is a bug/);
  expect(outcome.err, 'a stack trace').not.toMatch(/\n\s+at /);
  expect(outcome.err).toMatch(/^error: /m);
}

describe('user mistakes without a server', () => {
  let busy: Server;
  let busyPort: number;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => busy.close());

  it('an unreachable server: run, status and worker say so and how to fix it (exit 2)', async () => {
    const env = { TEMPORAL_ADDRESS: DEAD };
    const outcomes = await Promise.all([
      tourflow(['run', GATE], env),
      tourflow(['status', 'some-run'], env),
      tourflow(['worker'], env),
    ]);
    for (const outcome of outcomes) {
      expectNoCrash(outcome);
      expect(outcome.code).toBe(2);
      expect(outcome.err).toMatch(
        /^error: cannot reach Temporal at 127\.0\.0\.1:1 \(from TEMPORAL_ADDRESS\): .+\nStart a local server with `tourflow dev`/,
      );
    }
  });

  it.each<[string, string[], NodeJS.ProcessEnv?]>([
    ['run: a missing --inputs file', ['run', GATE, '--inputs', 'missing.yaml']],
    ['run: a folder as --inputs file', ['run', GATE, '--inputs', 'folder']],
    ['run: an --inputs file that is not YAML', ['run', GATE, '--inputs', 'bad.yaml']],
    ['run: a missing playbook', ['run', 'missing.yaml']],
    ['run: an --input without a value', ['run', GATE, '--input', 'label']],
    ['run: an input the playbook does not have', ['run', GATE, '--input', 'lable=x']],
    ['plan: a folder as playbook', ['plan', 'folder']],
    ['runs: a bad --limit', ['runs', '--limit', '0']],
    ['runs: a bad --status', ['runs', '--status', 'sleeping']],
    ['worker: a bad --max-concurrent-activities', ['worker', '--max-concurrent-activities', 'many']],
    ['worker: a --metrics-address that is not one', ['worker', '--metrics-address', 'worker:9464']],
    [
      'worker: a TOURFLOW_METRICS_ADDRESS that is not one',
      ['worker'],
      { TOURFLOW_METRICS_ADDRESS: 'http://localhost:9464/metrics' },
    ],
    ['dev: a bad --metrics-address', ['dev', '--metrics-address', '127.0.0.1']],
    ['dev: a bad --port', ['dev', '--port', 'eighty']],
    ['dev: a playbook that does not exist', ['dev', '--playbook', 'missing.yaml']],
    ['sandbox: a bad --port', ['sandbox', '--port', 'eighty']],
    ['sandbox: a --state file that is not one', ['sandbox', '--port', '0', '--auth-port', '0', '--state', 'bad.yaml']],
    ['codec-server: a port out of range', ['codec-server', '--port', '99999']],
    ['login: a bad --timeout', ['login', '--timeout', 'soon']],
    ['whoami: no API key and secret', ['whoami']],
    [
      'schedule backfill: a bad --from',
      ['schedule', 'backfill', 'some-schedule', '--from', 'yesterday', '--to', '2027-01-01T00:00:00Z'],
    ],
    [
      'schedule create: a bad --timezone',
      ['schedule', 'create', GATE, '--cron', '0 2 * * *', '--timezone', 'Mars/Base'],
    ],
    [
      'a Temporal CLI profile that does not exist',
      ['runs'],
      { TEMPORAL_PROFILE: 'staging', TEMPORAL_CONFIG_FILE: path.join(DIR, 'none.toml') },
    ],
    [
      'worker: a Temporal elsewhere without an encryption key',
      ['worker'],
      { TEMPORAL_ADDRESS: 'temporal.example:7233' },
    ],
    [
      'run: a Temporal elsewhere without an encryption key',
      ['run', GATE],
      { TEMPORAL_ADDRESS: 'temporal.example:7233' },
    ],
  ])('%s', async (_name, argv, env) => {
    const outcome = await tourflow(argv, env);
    expectNoCrash(outcome);
    expect({ code: outcome.code, err: normalise(outcome.err) }).toMatchSnapshot();
  });

  it('dev: a port in use', async () => {
    const outcome = await tourflow(['dev', '--port', String(busyPort)]);
    expectNoCrash(outcome);
    expect({ code: outcome.code, err: normalise(outcome.err).replace(String(busyPort), '<port>') })
      .toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "error: port <port> (--port) is in use; pick another, or 0 for a free one",
      }
    `);
  });
});

describe('user mistakes against a server', () => {
  const temporal = () => ({
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_NAMESPACE: inject('temporalNamespace'),
    TOURFLOW_ENCRYPTION_KEYS: inject('encryptionKeys'),
  });
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({});
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each<[string, string[], NodeJS.ProcessEnv?]>([
    ['status: a namespace the server does not have', ['status', 'some-run', '--namespace', 'no-such-namespace']],
    ['result: a run that does not exist', ['result', 'no-such-run']],
    ['approve: a run that does not exist', ['approve', 'no-such-run', 'confirm']],
    ['schedule describe: a schedule that does not exist', ['schedule', 'describe', 'no-such-schedule']],
    ['schedule create: a cron that is not one', ['schedule', 'create', GATE, '--cron', 'nightly']],
  ])('%s', async (_name, argv, env) => {
    const outcome = await tourflow(argv, { ...temporal(), ...env });
    expectNoCrash(outcome);
    expect({ code: outcome.code, err: normalise(outcome.err) }).toMatchSnapshot();
  });

  it('run: no worker on the task queue is said, not waited out in silence', async () => {
    const probe = path.join(DIR, 'no-worker.yaml');
    writeFileSync(
      probe,
      'apiVersion: tourflow/v1\nname: no-worker-probe\nsteps:\n  - id: wait\n    action: approval\n    with:\n      message: never\n',
    );
    const queue = `nobody-${process.pid}`;
    const out: string[] = [];
    const err: string[] = [];
    const code = await main({
      argv: ['run', probe, '--task-queue', queue, '--no-wait'],
      env: temporal(),
      cwd: DIR,
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
    });
    expect(code).toBe(0);
    expect(err.join('\n')).toBe(
      `no worker serves task queue ${queue} in default; the run waits until one does: start \`tourflow worker\` (or \`tourflow dev\`)`,
    );
    const client = await connectClient(loadConfig({ env: temporal() }).temporal);
    try {
      await client.workflow.getHandle(/^started (\S+)/.exec(out.join('\n'))![1]!).terminate('test over');
    } finally {
      await client.connection.close();
    }
  });

  it.each([
    ['a wrong API secret', { TOURFLOW_API_SECRET: 'tfs_wrong' }],
    ['an unknown API key', { TOURFLOW_API_KEY: 'tfk_unknown' }],
    [
      'a user token the API refuses, with no refresh token',
      { TOURFLOW_ACCESS_TOKEN: 'not-a-token', TOURFLOW_REFRESH_TOKEN: '' },
    ],
  ])('worker: %s is named at start', async (_name, wrong) => {
    const c = sandbox.credentials;
    const env = {
      ...temporal(),
      TOURFLOW_API_URL: c.baseUrl,
      TOURFLOW_AUTH_URL: c.authUrl,
      TOURFLOW_API_KEY: c.apiKey,
      TOURFLOW_API_SECRET: c.apiSecret,
      TOURFLOW_ACCESS_TOKEN: c.accessToken,
      TOURFLOW_REFRESH_TOKEN: c.refreshToken,
      ...wrong,
    };
    const outcome = await tourflow(['worker', '--task-queue', 'credentials-check'], env);
    expectNoCrash(outcome);
    expect({ code: outcome.code, err: normalise(outcome.err) }).toMatchSnapshot();
  });
});
