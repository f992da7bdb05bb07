/**
 * Triggers survive Temporal itself going down: a Temporal dev server of this test's own, kept
 * in a SQLite file, is stopped at a random point of the watcher's polls (once with SIGTERM,
 * once killed with SIGKILL) and started again on the same file and port, while bulletins are
 * created, retitled and deleted through the API before it goes, while it is down and after it
 * returns. The watcher catches up on the net change: exactly one run per net event, none twice,
 * none missed; a bulletin retitled twice while Temporal was down is one change from its first
 * title to its last; one created and deleted while it was down starts nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import { createBulletin, deleteBulletin, updateBulletin } from '../../api/contract/bulletins.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';
import { loadConfig } from '../../worker/config.ts';
import { freePort, startDevServer, type DevServer } from '../../worker/dev-server.ts';
import { connectClient } from '../../worker/temporal.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { oneDayTourOn, seeded } from '../support/trigger-process.ts';
import { uniqueSeed } from '../support/stack.ts';
import {
  prebuiltBundle,
  startWorkerProcess,
  workerCommand,
  workerEnv,
  type WorkerProcess,
} from '../support/worker-process.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-bulletins.yaml');

interface Seen {
  kind: string;
  recordId: string;
  changes: unknown;
}

describe('triggers and a Temporal restart', () => {
  let folder: string;
  let port: number;
  let server: DevServer | undefined;
  let sandbox: RunningSandbox;
  let bundle: string;
  let api: ApiClient | undefined;
  const startServer = async () => {
    server = await startDevServer({ dbFilename: path.join(folder, 'temporal.db'), port, ui: false });
  };
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'tourflow-restart-'));
    port = await freePort();
    [sandbox, bundle] = await Promise.all([
      startSandbox({ autoApprove: true, seed: uniqueSeed() }),
      prebuiltBundle(),
      startServer(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await sandbox?.close();
    await server?.stop();
    if (bundle) await rm(bundle, { force: true });
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('starts exactly one run per net change across two restarts of Temporal', async () => {
    const taskQueue = `triggers-restart-${randomUUID()}`;
    const env = {
      ...workerEnv({ taskQueue, credentials: sandbox.credentials, bundle }),
      TEMPORAL_ADDRESS: server!.address,
      TEMPORAL_NAMESPACE: server!.namespace,
    };
    const config = loadConfig({ env });
    api = createApiClient({ config: config.api });
    const client: Client = await connectClient(config.temporal);
    const random = seeded(4_242);
    const worker: WorkerProcess = startWorkerProcess(env, await workerCommand());
    try {
      await worker.ready;
      const { tourId, dayId } = await oneDayTourOn(client, taskQueue, 'Restart Trigger Tour');
      const tourflow = (argv: string[]) => cli(argv, { taskQueue, env });
      const applied = await tourflow(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s']);
      expect(applied.code, applied.err).toBe(0);

      /** The runs the triggers should have started: one per net event. */
      const expected: Seen[] = [];
      let made = 0;
      const create = async (counted = true): Promise<string> => {
        made++;
        const title = `Bulletin ${made}`;
        const { bulletin_id: id } = await api!.call(createBulletin, {
          body: { dayId, title, body: 'x', isPinned: false, hasNotification: false },
          idempotencyKey: `${taskQueue}-${made}`,
        });
        if (counted) expected.push({ kind: 'created', recordId: String(id), changes: {} });
        titles.set(String(id), title);
        return String(id);
      };
      const titles = new Map<string, string>();
      const retitle = async (id: string, times: number) => {
        const before = titles.get(id)!;
        for (let n = 1; n <= times; n++) {
          titles.set(id, `${before} (${n})`);
          await api!.call(updateBulletin, { params: { bulletinId: id }, body: { title: titles.get(id)! } });
        }
        expected.push({ kind: 'changed', recordId: id, changes: { title: { before, after: titles.get(id) } } });
      };
      const remove = async (id: string, counted = true) => {
        await api!.call(deleteBulletin, { params: { bulletinId: id } });
        if (counted) expected.push({ kind: 'deleted', recordId: id, changes: {} });
      };
      const runs = async (): Promise<Seen[]> => {
        const out: Seen[] = [];
        for await (const info of client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` })) {
          const result = await client.workflow.getHandle(info.workflowId).result();
          out.push(result.outputs as unknown as Seen);
        }
        return out;
      };
      /** Waits until every expected run has ended; then every record's last event has been seen. */
      const caughtUp = () =>
        pollUntil(async () => (await runs()).length >= expected.length, `${expected.length} runs`, 30_000, 250);

      const settled: string[] = [];
      for (let n = 0; n < 6; n++) settled.push(await create());
      await caughtUp();

      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        const [changedBefore, changedWhileDown, deletedWhileDown] = settled.splice(0, 3) as [string, string, string];
        // before it goes: new bulletins and a retitle, then Temporal stops at a random point of a poll
        await create();
        await create();
        await retitle(changedBefore, 1);
        await new Promise((resolve) => setTimeout(resolve, random() * 1500)); // a random stop point, not a wait for state
        if (signal === 'SIGKILL' && server!.pid) process.kill(server!.pid, 'SIGKILL');
        await server!.stop();
        // while it is down: new bulletins, one retitled twice, one deleted, one created and deleted
        await create();
        await create();
        await retitle(changedWhileDown, 2);
        await remove(deletedWhileDown);
        await remove(await create(false), false);
        await startServer();
        await caughtUp();
      }
      // after it returned: new bulletins still start their runs
      await create();
      await create();
      await caughtUp();

      // a few more polls start nothing more
      const polls = async () =>
        (JSON.parse((await tourflow(['triggers', 'status', tourId, '--json'])).out) as { stats: { polls: number } })
          .stats.polls;
      const before = await polls();
      await pollUntil(async () => (await polls()) >= before + 3, 'three more polls', 30_000, 250);
      const order = (a: Seen, b: Seen) => `${a.recordId}/${a.kind}`.localeCompare(`${b.recordId}/${b.kind}`);
      expect((await runs()).sort(order)).toEqual(expected.sort(order));
      expect(expected).toHaveLength(6 + 2 * 7 + 2);
      await tourflow(['triggers', 'delete', tourId, '--playbook', 'triggers-bulletins']);
    } finally {
      await worker.kill('SIGTERM');
      await client.connection.close();
    }
  }, 120_000);
});
