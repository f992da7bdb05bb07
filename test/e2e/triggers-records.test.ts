/**
 * Triggers on record events, on the real dev server and the sandbox over HTTP: a watcher
 * started by `tourflow triggers apply` sees bulletins created, changed and deleted through the
 * public API and starts exactly one run per event, which reads the event; what it skips,
 * `explain` says why. Polls every second; no sleeps, every wait polls with a deadline.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import { createBulletin, deleteBulletin, updateBulletin } from '../../api/contract/bulletins.ts';
import { watcherId, type WatcherStatus } from '../../workflows/watcher-messages.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, type TestStack, uniqueSeed } from '../support/stack.ts';
import { sandboxEnv } from '../support/worker-process.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-bulletins.yaml');

describe('triggers on record events', () => {
  let stack: TestStack;
  let api: ApiClient;
  let tourId: string;
  let dayId: number;
  const run = (argv: string[]) =>
    cli(argv, { taskQueue: stack.config.temporal.taskQueue, env: sandboxEnv(stack.sandbox.credentials) });

  beforeAll(async () => {
    stack = await startTestStack({ sandbox: { seed: uniqueSeed() } });
    api = createApiClient({ config: stack.config.api });
    const created = await stack.run(
      'create-tour.yaml',
      {
        name: 'Trigger Tour',
        timeZone: 'Europe/Berlin',
        days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }],
      },
      'trigger-tour',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    dayId = (created.result!.outputs.days as { id: number }[])[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await stack?.close();
  });

  /** The runs the trigger started, by their event kind, once they ended. */
  async function runsOf(): Promise<
    { workflowId: string; kind: string; recordId: string; changes: unknown; title?: string }[]
  > {
    const out = [];
    for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` })) {
      const result = await stack.client.workflow.getHandle(info.workflowId).result();
      out.push({
        workflowId: info.workflowId,
        ...(result.outputs as { kind: string; recordId: string; changes: unknown; title?: string }),
      });
    }
    return out;
  }

  it('starts one run per created, changed and deleted bulletin, each reading its event', async () => {
    const applied = await run(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s']);
    expect(applied.err).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.out).toContain(`live: any_bulletin on tour ${tourId}`);
    // applying the same file again changes nothing
    expect((await run(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s'])).code).toBe(0);

    await api.call(createBulletin, {
      body: { dayId, title: 'Doors at 19:00', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `test-bulletin-${tourId}`,
    });
    const first = await pollUntil(
      async () => ((await runsOf()).length === 1 ? runsOf() : undefined),
      'the run of the created bulletin',
    );
    expect(first.map((r) => r.kind)).toEqual(['created']);
    const id = first[0]!.recordId;

    // a change of a field the trigger does not watch starts nothing; a change of its title does
    await api.call(updateBulletin, { params: { bulletinId: id }, body: { body: 'only the body' } });
    await pollUntil(async () => {
      const decisions = JSON.parse((await run(['triggers', 'explain', tourId, '--json'])).out) as { reason?: string }[];
      return decisions.some((d) => d.reason === 'field not watched (body)');
    }, 'the body change skipped');
    await api.call(updateBulletin, { params: { bulletinId: id }, body: { title: 'Doors at 19:30' } });
    const changed = await pollUntil(async () => {
      const runs = await runsOf();
      return runs.some((r) => r.kind === 'changed') ? runs : undefined;
    }, 'the run of the changed title');
    expect(changed.find((r) => r.kind === 'changed')?.changes).toEqual({
      title: { before: 'Doors at 19:00', after: 'Doors at 19:30' },
    });

    await api.call(deleteBulletin, { params: { bulletinId: id } });
    const all = await pollUntil(async () => {
      const runs = await runsOf();
      return runs.some((r) => r.kind === 'deleted') ? runs : undefined;
    }, 'the run of the deleted bulletin');
    expect(all.map((r) => r.kind).sort()).toEqual(['changed', 'created', 'deleted']);

    // paused, a change is seen and skipped; resumed, the next one starts a run again
    expect((await run(['triggers', 'pause', tourId])).out).toBe(`triggers on tour ${tourId} paused`);
    await api.call(createBulletin, {
      body: { dayId, title: 'While paused', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `test-paused-${tourId}`,
    });
    await pollUntil(
      async () =>
        (JSON.parse((await run(['triggers', 'explain', tourId, '--json'])).out) as { reason?: string }[]).some(
          (d) => d.reason === 'paused',
        ),
      'the change skipped while paused',
    );
    expect((await run(['triggers', 'resume', tourId])).out).toBe(`triggers on tour ${tourId} resumed`);
    expect(await runsOf()).toHaveLength(3);
    const listed = await run(['triggers', 'list']);
    expect(listed.out).toContain(`tour ${tourId}: polls every 1 s`);
    expect(listed.out).toContain(
      'triggers-bulletins/any_bulletin: bulletins: created, changed, deleted (title) - started 3, skipped',
    );

    const explained = await run(['triggers', 'explain', tourId]);
    expect(explained.out).toMatch(/created bulletins \S+ {2}started trigger\//);
    const status = await run(['triggers', 'status', tourId, '--json']);
    const view = JSON.parse(status.out) as { stats: { started: number; callsLastPoll: number } };
    expect(view.stats.started).toBe(3);
    expect(view.stats.callsLastPoll).toBe(1);
  }, 120_000);

  it('does not start a trigger again for what its own run wrote', async () => {
    const file = path.resolve(import.meta.dirname, 'fixtures/triggers-own-writes.yaml');
    expect((await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '1s'])).code).toBe(0);
    await api.call(createBulletin, {
      body: { dayId, title: 'Soundcheck', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `test-own-${tourId}`,
    });
    const decisions = async () =>
      JSON.parse((await run(['triggers', 'explain', tourId, '--json'])).out) as {
        trigger: string;
        kind: string;
        recordId: string;
        outcome: string;
        reason?: string;
      }[];
    const created = await pollUntil(
      async () =>
        (await decisions()).find((d) => d.trigger === 'triggers-own-writes/mark_edited' && d.kind === 'created'),
      'the new bulletin seen',
    );
    await api.call(updateBulletin, { params: { bulletinId: created.recordId }, body: { title: 'Soundcheck 17:00' } });
    await pollUntil(
      async () =>
        (await decisions()).some(
          (d) => d.trigger === 'triggers-own-writes/mark_edited' && d.reason?.startsWith('own write'),
        ),
      "the run's own write skipped",
    );
    const ours = (await runsOf()).filter((r) => r.workflowId.includes('/triggers-own-writes/'));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ title: 'Soundcheck 17:00' });
    await run(['triggers', 'delete', tourId, '--playbook', 'triggers-own-writes']);
  }, 120_000);

  it('an edited trigger starts from the tour as it is: a change made before the edit never fires it', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tourflow-edit-'));
    const file = path.join(folder, 'edited.yaml');
    const version = (fields: string) => `apiVersion: tourflow/v1
name: triggers-edited
inputs:
  tourId: { type: string }
triggers:
  - id: edited
    tour: \${{ inputs.tourId }}
    on: { record: bulletins, events: [changed], fields: [${fields}] }
steps:
  - id: read
    action: bulletin.list
    with: { tourId: "\${{ inputs.tourId }}" }
outputs:
  title: \${{ event.record.title }}
`;
    await writeFile(file, version('body'));
    expect((await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '30s'])).code).toBe(0);
    await api.call(createBulletin, {
      body: { dayId, title: 'Before the edit', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `test-edit-${tourId}`,
    });
    const decisions = async () =>
      JSON.parse((await run(['triggers', 'explain', tourId, '--json'])).out) as {
        trigger: string;
        kind: string;
        recordId: string;
        version: string;
        reason?: string;
      }[];
    await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '1s']);
    const seen = await pollUntil(
      async () => (await decisions()).find((d) => d.trigger === 'triggers-edited/edited' && d.kind === 'created'),
      'the new bulletin seen',
    );
    // polls 30 s apart from the poll this apply wakes: retitled, then the trigger edited to
    // watch titles before any poll saw the change
    const polls = async () =>
      (JSON.parse((await run(['triggers', 'status', tourId, '--json'])).out) as { stats: { polls: number } }).stats
        .polls;
    const before = await polls();
    await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '30s']);
    // two polls: the one in flight when it came, if any, and the one it woke
    await pollUntil(async () => (await polls()) >= before + 2, 'the poll the apply woke', 45_000);
    await api.call(updateBulletin, {
      params: { bulletinId: seen.recordId },
      body: { title: 'Retitled before the edit' },
    });
    await writeFile(file, version('title'));
    expect((await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '30s'])).code).toBe(0);
    await api.call(updateBulletin, {
      params: { bulletinId: seen.recordId },
      body: { title: 'Retitled after the edit' },
    });
    await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '1s']);
    const fired = await pollUntil(async () => {
      const runs = (await runsOf()).filter((r) => r.workflowId.includes('/triggers-edited/'));
      return runs.length > 0 ? runs : undefined;
    }, 'the run of the change after the edit');
    expect(fired.map((r) => r.title)).toEqual(['Retitled after the edit']);
    // the retitle before the edit was the version before it's to judge, which watched only the body
    const now = (JSON.parse((await run(['triggers', 'status', tourId, '--json'])).out) as WatcherStatus).triggers.find(
      (t) => t.playbook === 'triggers-edited',
    )?.version;
    const judged = (await decisions()).filter(
      (d) => d.trigger === 'triggers-edited/edited' && d.recordId === seen.recordId && d.kind === 'changed',
    );
    expect(judged.map((d) => [d.reason, d.version === now])).toEqual([
      ['field not watched (title)', false],
      [undefined, true],
    ]);
    await run(['triggers', 'delete', tourId, '--playbook', 'triggers-edited']);
  }, 120_000);

  it('finds the tour by its name and gives the runs its ID', async () => {
    const applied = await run(['triggers', 'apply', FIXTURE, '--input', 'tourId=Trigger Tour', '--poll', '1s']);
    expect(applied.out).toContain(`live: any_bulletin on tour ${tourId}`);
    const history = await stack.client.workflow.getHandle(watcherId(tourId)).describe();
    expect(history.searchAttributes.TourId).toEqual([tourId]);
  });

  it('says what is wrong with a tour that does not exist, exit 2', async () => {
    const missing = await run(['triggers', 'apply', FIXTURE, '--input', 'tourId=00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('trigger "any_bulletin": no tour 00000000-0000-4000-8000-000000000000');
  });

  it('removes the triggers and ends the watcher', async () => {
    const removed = await run(['triggers', 'delete', tourId, '--playbook', 'triggers-bulletins']);
    expect(removed.out).toContain('nothing watches it any more');
    await stack.client.workflow.getHandle(watcherId(tourId)).result();
  }, 60_000);
});
