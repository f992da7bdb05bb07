/**
 * `tourflow triggers apply` answers, whatever the watcher's first read meets: on the real dev
 * server and the sandbox over HTTP, with workers of their own whose API is down, whose credential
 * the API refuses, or whose user may not read the tour, the command fails within seconds with the
 * API's error, exit 1, and the watcher it started is gone; a tour that does not exist is the
 * user's mistake, exit 2, and starts no watcher; a read that does not answer is given up after
 * `--wait`, saying what stays installed.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WorkflowNotFoundError } from '@temporalio/client';
import { sandboxApiConfig } from '../../sandbox/index.ts';
import type { ApiConfig } from '../../worker/config.ts';
import { loadConfig } from '../../worker/config.ts';
import { createWorker } from '../../worker/worker.ts';
import { watcherId } from '../../workflows/watcher-messages.ts';
import { adminPost, newTour } from '../client/sandbox-helpers.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { silentServer } from '../support/silent-server.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';
import { sandboxEnv } from '../support/worker-process.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-search.yaml');

describe('triggers apply when the first read fails', () => {
  let t: TriggerStack;
  let tourId: string;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    t = await startTriggerStack();
    ({ tourId } = await t.oneDayTour('Apply Errors Tour', `apply-errors-${randomUUID().slice(0, 8)}`));
  }, 120_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await t?.close();
  });

  /** A worker of its own on the test server, whose API settings differ from the sandbox's by `api`. */
  async function workerWith(api: Partial<ApiConfig>): Promise<string> {
    const taskQueue = `test-${randomUUID()}`;
    const config = loadConfig({
      env: {},
      overrides: {
        temporal: {
          address: inject('temporalAddress'),
          namespace: inject('temporalNamespace'),
          taskQueue,
          encryption: { keys: inject('encryptionKeys') },
        },
        api: { ...sandboxApiConfig(t.stack.sandbox.credentials), ...api },
        logLevel: 'ERROR',
      },
    });
    const { worker, close } = await createWorker({ config });
    const running = worker.run();
    closers.push(async () => {
      worker.shutdown();
      await running;
      await close();
    });
    return taskQueue;
  }

  /** `tourflow triggers apply` on the worker of `taskQueue`, timed. */
  async function applyOn(taskQueue: string, ...extra: string[]) {
    const started = Date.now();
    const run = await cli(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s', ...extra], {
      taskQueue,
      env: sandboxEnv(t.stack.sandbox.credentials),
    });
    return { ...run, ms: Date.now() - started };
  }

  /** The watcher the failed apply started has ended: no triggers are left on the tour. */
  async function expectNoWatcher(): Promise<void> {
    const status = await pollUntil(async () => {
      const described = await t.stack.client.workflow.getHandle(watcherId(tourId)).describe();
      return described.status.name === 'RUNNING' ? undefined : described.status.name;
    }, 'the watcher to end');
    expect(status).toBe('COMPLETED');
    // the next test starts a watcher of the same ID afresh
    await t.stack.client.workflow
      .getHandle(watcherId(tourId))
      .terminate()
      .catch(() => undefined);
  }

  it('fails with the network error when the API is down, and leaves no watcher', async () => {
    const closed = await freePort();
    const run = await applyOn(await workerWith({ baseUrl: `http://127.0.0.1:${closed}` }));
    expect(run.out).toBe('');
    expect(run.err).toContain(
      `error: the watcher's first read of tour ${tourId} (on the worker, with the worker's API credential) failed, so triggers-search's triggers were not applied: GET /v1/tours/:tourId/data got no response (ECONNREFUSED`,
    );
    expect(run.err).not.toContain('crashed');
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(30_000);
    await expectNoWatcher();
  }, 60_000);

  it('names the credential the API refused', async () => {
    const run = await applyOn(await workerWith({ apiSecret: 'not-the-secret' }));
    expect(run.err).toContain(
      `error: the watcher's first read of tour ${tourId} (on the worker, with the worker's API credential) failed`,
    );
    expect(run.err).toContain(
      'The API refused the API key or secret (TOURFLOW_API_KEY, TOURFLOW_API_SECRET): an unknown, revoked or expired key, or a secret that does not match it.',
    );
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(30_000);
    await expectNoWatcher();
  }, 60_000);

  it("says so when the worker's user may not read the tour", async () => {
    const creds = t.stack.sandbox.credentials;
    const other = await newTour(t.api, creds.orgId, 'Another Tour');
    const { userId } = await adminPost<{ userId: string }>(creds.baseUrl, `/tours/${other.tourId}/members`, {});
    const tokens = await adminPost<{ accessToken: string }>(creds.baseUrl, '/tokens', { userId });
    const run = await applyOn(await workerWith({ accessToken: tokens.accessToken, refreshToken: undefined }));
    expect(run.err).toContain(
      `error: the watcher's first read of tour ${tourId} (on the worker, with the worker's API credential) failed`,
    );
    expect(run.err).toMatch(
      /GET \/v1\/tours\/:tourId\/data failed with 403 Unauthorized: .*The signed-in user may not access this record\./,
    );
    expect(run.code).toBe(1);
    await expectNoWatcher();
  }, 60_000);

  it('gives up after --wait when the read does not answer, saying what stays installed', async () => {
    const silent = await silentServer();
    const run = await applyOn(await workerWith({ baseUrl: silent.url }), '--wait', '2s');
    expect(run.err).toContain(
      `error: triggers-search's triggers on tour ${tourId} are not live after 2 s: its first read has not finished.`,
    );
    expect(run.err).toContain(`tourflow triggers delete ${tourId} --playbook triggers-search removes them now`);
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(8_000);
    // the API answers at last (the connection drops): the read fails and the watcher ends
    await silent.close();
    await pollUntil(
      async () => {
        const described = await t.stack.client.workflow.getHandle(watcherId(tourId)).describe();
        return described.status.name !== 'RUNNING';
      },
      'the watcher to end once its read failed',
      60_000,
    );
  }, 90_000);

  it('is a usage error, exit 2, for a tour that does not exist, and starts no watcher', async () => {
    const missing = randomUUID();
    const byId = await cli(['triggers', 'apply', FIXTURE, '--input', `tourId=${missing}`], {
      taskQueue: t.stack.config.temporal.taskQueue,
      env: sandboxEnv(t.stack.sandbox.credentials),
    });
    expect(byId.err).toBe(
      `error: trigger "new_bulletin": no tour ${missing} (or it is not visible to this credential)`,
    );
    expect(byId.code).toBe(2);
    await expect(t.stack.client.workflow.getHandle(watcherId(missing)).describe()).rejects.toThrow(
      WorkflowNotFoundError,
    );
    const byName = await t.tourflow(['triggers', 'apply', FIXTURE, '--input', 'tourId=No Such Tour']);
    expect(byName.err).toBe('error: trigger "new_bulletin": no tour named "No Such Tour"');
    expect(byName.code).toBe(2);
  });
});

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
