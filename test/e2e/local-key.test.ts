/**
 * A Temporal on this machine and no key settings, no `tourflow dev` ever run: `tourflow worker`
 * and `tourflow run` in their own terminals still encrypt every payload, with one local key that
 * the first of them creates (0600, in the config folder) and says where it is; whichever starts
 * first, the other finds the same key. Only `--no-encryption` stores a payload readable.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { cleanEnv, runTourflow, startTourflow, type CliProcess } from '../support/cli-process.ts';
import { countMarkers } from '../support/marker-scan.ts';
import { prebuiltBundle, sandboxEnv } from '../support/worker-process.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'fixtures/guests-by-name.yaml');
const tag = randomUUID().slice(0, 8);
const GUESTS = [`Zephyrine${tag}`, `Quorvath${tag}`];

interface RawPayload {
  metadata?: Record<string, Uint8Array>;
  data?: Uint8Array;
}

/** Every payload of a history, as Temporal holds it, but search attributes (which Temporal must read). */
function payloadsOf(value: unknown, found: RawPayload[] = []): RawPayload[] {
  if (!value || typeof value !== 'object' || value instanceof Uint8Array) return found;
  if (Array.isArray(value)) {
    for (const item of value) payloadsOf(item, found);
    return found;
  }
  const object = value as Record<string, unknown>;
  const metadata = object.metadata as Record<string, unknown> | undefined;
  if (metadata && metadata.encoding instanceof Uint8Array) found.push(object as RawPayload);
  for (const [key, item] of Object.entries(object)) if (key !== 'searchAttributes') payloadsOf(item, found);
  return found;
}

const encodingOf = (payload: RawPayload) => Buffer.from(payload.metadata!.encoding!).toString();

describe('payload encryption with no key configured, for a Temporal on this machine', () => {
  let sandbox: RunningSandbox;
  let raw: Client;
  let bundle: string;
  const workers: CliProcess[] = [];
  const inputs = path.join(mkdtempSync(path.join(os.tmpdir(), 'tourflow-local-key-')), 'guests.json');

  beforeAll(async () => {
    sandbox = await startSandbox({ autoApprove: true });
    raw = new Client({
      connection: await Connection.connect({ address: inject('temporalAddress') }),
      namespace: inject('temporalNamespace'),
    });
    bundle = await prebuiltBundle();
    writeFileSync(
      inputs,
      JSON.stringify({
        guests: GUESTS.map((lastName, i) => ({ date: '2027-06-01', firstName: `Guest${i}`, lastName })),
      }),
    );
  });
  afterAll(async () => {
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await raw?.connection.close();
    await sandbox?.close();
  });

  /** A new terminal: the test's Temporal, the sandbox, a home and config folder of its own, no key settings. */
  function terminal() {
    const home = mkdtempSync(path.join(os.tmpdir(), 'tourflow-home-'));
    const env = cleanEnv({
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_STATE_HOME: path.join(home, '.local', 'state'),
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_NAMESPACE: inject('temporalNamespace'),
      TOURFLOW_TASK_QUEUE: `local-key-${randomUUID()}`,
      TOURFLOW_WORKFLOW_BUNDLE: bundle,
      ...sandboxEnv(sandbox.credentials),
    });
    return { env, cwd: home, keyFile: path.join(home, '.config', 'tourflow', 'local-key.json') };
  }

  async function worker(env: NodeJS.ProcessEnv, cwd: string): Promise<CliProcess> {
    const started = await startTourflow(['worker'], { env, cwd });
    workers.push(started);
    await started.waitForOut('worker ready');
    return started;
  }

  /** The payloads of a run's history, read without any codec, and how often a guest's name shows in it. */
  async function history(workflowId: string) {
    const events = await raw.workflow.getHandle(workflowId).fetchHistory();
    const json = JSON.stringify(events, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
    );
    const names = Object.values(countMarkers(json, GUESTS)).reduce((sum, n) => sum + n, 0);
    return { payloads: payloadsOf(events), names };
  }

  const announced = (keyFile: string) => `created the payload encryption key ${keyFile}`;

  it('encrypts every payload when the worker starts first: it creates the key, the run uses it', async () => {
    const { env, cwd, keyFile } = terminal();
    const started = await worker(env, cwd);
    const run = await runTourflow(['run', PLAYBOOK, '--inputs', inputs, '--run-key', `first-worker-${tag}`], {
      env,
      cwd,
    });
    expect(run.code, run.err).toBe(0);
    expect(run.err).not.toContain('created the payload encryption key');
    const { payloads, names } = await history(`guests-by-name--first-worker-${tag}`);
    expect(payloads.length).toBeGreaterThan(10);
    expect(payloads.map(encodingOf).filter((encoding) => encoding !== 'binary/encrypted')).toEqual([]);
    expect(names, "guests' names in the history as Temporal holds it").toBe(0);
    expect(started.out() + started.err()).toContain(announced(keyFile));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // --no-encryption is the one way to a readable payload: this run's input is stored as it is.
    const plain = await runTourflow(
      ['run', PLAYBOOK, '--inputs', inputs, '--run-key', `plain-${tag}`, '--no-encryption', '--no-wait'],
      { env, cwd },
    );
    expect(plain.code, plain.err).toBe(0);
    const readable = await history(`guests-by-name--plain-${tag}`);
    expect(readable.payloads.map(encodingOf)).toContain('json/plain');
    expect(readable.names).toBeGreaterThan(0);
  }, 240_000);

  it('encrypts every payload when the run starts first: it creates the key, the worker started later uses it', async () => {
    const { env, cwd, keyFile } = terminal();
    const run = await runTourflow(['run', PLAYBOOK, '--inputs', inputs, '--run-key', `first-run-${tag}`, '--no-wait'], {
      env,
      cwd,
    });
    expect(run.code, run.err).toBe(0);
    const started = await worker(env, cwd);
    expect(started.out() + started.err()).not.toContain('created the payload encryption key');
    const result = await runTourflow(['result', `guests-by-name--first-run-${tag}`], { env, cwd });
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('completed');
    const { payloads, names } = await history(`guests-by-name--first-run-${tag}`);
    expect(payloads.length).toBeGreaterThan(10);
    expect(payloads.map(encodingOf).filter((encoding) => encoding !== 'binary/encrypted')).toEqual([]);
    expect(names, "guests' names in the history as Temporal holds it").toBe(0);
    expect(run.err).toContain(announced(keyFile));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  }, 240_000);
});
