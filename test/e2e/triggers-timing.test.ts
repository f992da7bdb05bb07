/**
 * Triggers over time, on the real dev server and the sandbox over HTTP: a time event seconds
 * ahead (a duration before its day's start) fires once, at its moment, woken by the moment and
 * not by a poll; a burst of edits inside a debounce's quiet period starts exactly one run, which
 * sees the last state; the dry run reads the tour once and starts nothing. No sleeps.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import { createBulletin, updateBulletin } from '../../api/contract/bulletins.ts';
import { watcherId } from '../../workflows/watcher-messages.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, type TestStack, uniqueSeed } from '../support/stack.ts';
import { beforeDayStart, dayStartingAfterTenMinutes, secondsAhead } from '../support/trigger-stack.ts';
import { sandboxEnv } from '../support/worker-process.ts';

const DEBOUNCED = `apiVersion: tourflow/v1
name: triggers-debounced
inputs:
  tourId: { type: string }
triggers:
  - id: retitled
    tour: \${{ inputs.tourId }}
    on: { record: bulletins, events: [changed] }
    debounce: { quiet: 4s, max: 1m, key: event.recordId }
steps:
  - id: read
    action: bulletin.list
    with: { tourId: "\${{ inputs.tourId }}" }
outputs:
  title: \${{ event.record.title }}
`;

function reminder(before: string): string {
  return `apiVersion: tourflow/v1
name: triggers-reminder
inputs:
  tourId: { type: string }
triggers:
  - id: soon
    tour: \${{ inputs.tourId }}
    on: { before: "${before}", dayType: Show }
steps:
  - id: read
    action: bulletin.list
    with: { tourId: "\${{ inputs.tourId }}" }
outputs:
  at: \${{ event.at }}
  dayId: \${{ event.dayId }}
  kind: \${{ event.kind }}
`;
}

describe('triggers over time', () => {
  let stack: TestStack;
  let api: ApiClient;
  let folder: string;
  const run = (argv: string[]) =>
    cli(argv, { taskQueue: stack.config.temporal.taskQueue, env: sandboxEnv(stack.sandbox.credentials) });

  beforeAll(async () => {
    stack = await startTestStack({ sandbox: { seed: uniqueSeed() } });
    api = createApiClient({ config: stack.config.api });
    folder = await mkdtemp(path.join(os.tmpdir(), 'tourflow-triggers-'));
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await stack?.close();
  });

  async function tour(name: string, date: string): Promise<{ tourId: string; dayId: number }> {
    const created = await stack.run(
      'create-tour.yaml',
      { name, timeZone: 'UTC', days: [{ date, city: 'Berlin', dayType: 'Show', timeZone: 'UTC' }] },
      name.toLowerCase().replace(/\W+/g, '-'),
    );
    expect(created.result?.status, created.message).toBe('completed');
    return {
      tourId: created.result!.outputs.tourId as string,
      dayId: (created.result!.outputs.days as { id: number }[])[0]!.id,
    };
  }

  async function outputsOf(tourId: string): Promise<Record<string, unknown>[]> {
    const out = [];
    for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` })) {
      out.push((await stack.client.workflow.getHandle(info.workflowId).result()).outputs as Record<string, unknown>);
    }
    return out;
  }

  it('fires a time event once at its moment seconds ahead; the dry run names it and starts nothing', async () => {
    const date = dayStartingAfterTenMinutes();
    const { tourId, dayId } = await tour('Reminder Tour', date);
    // seconds ahead: time enough for the dry run and the install to come before it
    const moment = secondsAhead(10_000);
    const file = path.join(folder, 'reminder.yaml');
    await writeFile(file, reminder(beforeDayStart(date, moment)));

    const dry = await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--dry-run']);
    expect(dry.err).toBe('');
    expect(dry.out).toBe(
      `soon on tour ${tourId}: starts nothing now; next: ${date} at ${moment.toISOString()} (1 API calls per poll)`,
    );
    await expect(stack.client.workflow.getHandle(watcherId(tourId)).describe()).rejects.toThrow();

    // polls 10 minutes apart: the watcher wakes at the moment it knows from its last read
    expect((await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '10m'])).code).toBe(0);
    const fired = await pollUntil(
      async () => {
        const outputs = await outputsOf(tourId);
        return outputs.length > 0 ? outputs : undefined;
      },
      'the time event',
      60_000,
      250,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(moment.getTime());
    expect(Date.now()).toBeLessThan(moment.getTime() + 20_000);
    expect(fired).toEqual([{ at: moment.toISOString(), dayId, kind: 'time' }]);
    // once: later polls start nothing more
    const polls = JSON.parse((await run(['triggers', 'status', tourId, '--json'])).out).stats.polls as number;
    await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '1s']);
    await pollUntil(
      async () =>
        (JSON.parse((await run(['triggers', 'status', tourId, '--json'])).out).stats.polls as number) >= polls + 3,
      'three more polls',
    );
    expect(await outputsOf(tourId)).toHaveLength(1);
    await run(['triggers', 'delete', tourId, '--playbook', 'triggers-reminder']);
  }, 120_000);

  it('starts one run for a burst of edits in the quiet period, seeing the last title', async () => {
    const { tourId, dayId } = await tour('Debounce Tour', '2027-03-27');
    const file = path.join(folder, 'debounced.yaml');
    await writeFile(file, DEBOUNCED);
    await api.call(createBulletin, {
      body: { dayId, title: 'Title 0', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `debounce-${tourId}`,
    });
    expect((await run(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '1s'])).code).toBe(0);
    const listed = JSON.parse((await run(['triggers', 'explain', tourId, '--json'])).out) as unknown[];
    expect(listed).toEqual([]);
    const { listBulletins } = await import('../../api/contract/bulletins.ts');
    const bulletinId = (await api.call(listBulletins, { params: { tourId } }))[0]!.id;
    for (let n = 1; n <= 50; n++)
      await api.call(updateBulletin, { params: { bulletinId }, body: { title: `Title ${n}` } });
    const outputs = await pollUntil(
      async () => {
        const found = await outputsOf(tourId);
        return found.length > 0 ? found : undefined;
      },
      'the debounced run',
      60_000,
      500,
    );
    expect(outputs).toEqual([{ title: 'Title 50' }]);
    const view = JSON.parse((await run(['triggers', 'status', tourId, '--json'])).out) as {
      pending: number;
      stats: { polls: number; started: number };
    };
    await pollUntil(
      async () =>
        (JSON.parse((await run(['triggers', 'status', tourId, '--json'])).out).stats.polls as number) >=
        view.stats.polls + 3,
      'three more polls',
    );
    expect(await outputsOf(tourId)).toHaveLength(1);
    await run(['triggers', 'delete', tourId, '--playbook', 'triggers-debounced']);
  }, 120_000);
});
