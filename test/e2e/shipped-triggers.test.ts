/**
 * The shipped playbooks that start themselves, on the real dev server and the sandbox over
 * HTTP, installed with `tourflow triggers apply` and driven by changes made through the public
 * API: guest requests approved while their day is under the cap and a chat webhook (a real
 * local HTTP server) told about the rest; a day's running order changed, its sheet rendered
 * again and a bulletin posted; a load-in reminder at its moment before a show day. Watchers
 * poll every second; every wait polls with a deadline. Histories are kept unencrypted so that
 * the stack's closing scan can show the webhook's URL is in none of them. The tests run at once,
 * each on a tour of its own: the others run while the reminder waits for its whole minute.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import { listBulletins, type Bulletin } from '../../api/contract/bulletins.ts';
import { createGuest, listGuestlist } from '../../api/contract/guestlist.ts';
import { createScheduleItem, updateScheduleItem } from '../../api/contract/schedule.ts';
import { coversGroup } from '../actions/write-coverage.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { PLAYBOOKS, startTestStack, type TestStack, uniqueSeed } from '../support/stack.ts';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';
import { nextMinuteAhead } from '../support/trigger-stack.ts';
import { sandboxEnv } from '../support/worker-process.ts';

describe.concurrent('shipped playbooks started by their triggers', () => {
  let stack: TestStack;
  let api: ApiClient;
  let hook: WebhookServer;
  /** The tours whose triggers a test applied, and the playbook's name: the watchers end with the file. */
  const applied: { tourId: string; playbook: string }[] = [];
  const run = (argv: string[]) =>
    cli(argv, {
      taskQueue: stack.config.temporal.taskQueue,
      env: { ...sandboxEnv(stack.sandbox.credentials), TOURFLOW_ENCRYPTION: 'off' },
    });

  beforeAll(async () => {
    hook = await startWebhookServer();
    stack = await startTestStack({
      sandbox: { seed: uniqueSeed() },
      encryption: false,
      webhooks: { ops: hook.url('ops') },
    });
    api = createApiClient({ config: stack.config.api });
  }, 120_000);
  afterAll(async () => {
    // a watcher left running outlives the worker: on the server every test file shares, it would
    // answer no query, and `tourflow triggers list` there asks each watcher
    for (const { tourId, playbook } of applied)
      expect((await run(['triggers', 'delete', tourId, '--playbook', playbook])).code).toBe(0);
    await api?.close();
    await stack?.close();
    await hook?.close();
  });

  async function tour(
    name: string,
    date: string,
    timeZone = 'Europe/Berlin',
  ): Promise<{ tourId: string; dayId: number }> {
    const created = await stack.run(
      'create-tour.yaml',
      { name, timeZone, days: [{ date, city: 'Berlin', dayType: 'Show', timeZone }] },
      name.toLowerCase().replace(/\W+/g, '-'),
    );
    expect(created.result?.status, created.message).toBe('completed');
    return {
      tourId: created.result!.outputs.tourId as string,
      dayId: (created.result!.outputs.days as { id: number }[])[0]!.id,
    };
  }

  /** The outputs of the runs the tour's triggers started, once each has ended; fails on a run that did not complete. */
  async function runsOf(tourId: string): Promise<Record<string, unknown>[]> {
    const out = [];
    for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` })) {
      const result = (await stack.client.workflow.getHandle(info.workflowId).result()) as {
        status: string;
        outputs: Record<string, unknown>;
        error?: unknown;
      };
      expect(result.status, JSON.stringify(result.error)).toBe('completed');
      out.push(result.outputs);
    }
    return out;
  }

  async function bulletinsOf(tourId: string): Promise<Bulletin[]> {
    const out: Bulletin[] = [];
    for await (const row of api.paginate(listBulletins, { params: { tourId } })) out.push(row);
    return out;
  }

  async function apply(file: string, tourId: string, ...inputs: string[]): Promise<void> {
    applied.push({ tourId, playbook: path.basename(file, '.yaml') });
    const done = await run([
      'triggers',
      'apply',
      file,
      '--input',
      `tourId=${tourId}`,
      ...inputs.flatMap((i) => ['--input', i]),
      '--poll',
      '1s',
    ]);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
  }

  it('approve-guest-requests approves requests while the day is under its cap and tells the webhook about the rest', async () => {
    coversGroup('notifications');
    const { tourId, dayId } = await tour('Guest Requests Tour', '2027-03-27');
    await apply(path.join(PLAYBOOKS, 'approve-guest-requests.yaml'), tourId, 'cap=5', 'webhook=ops');

    const pending = await api.lookups.resolve('guestlistStatuses', 'Pending');
    const pickup = await api.lookups.resolve('pickupMethods', 'will call');
    for (const [n, party] of [2, 2, 3].entries()) {
      await api.call(createGuest, {
        body: {
          tour_id: tourId,
          day_id: dayId,
          firstName: `Guest${n}`,
          lastName: 'Requester',
          email: `guest${n}@example.com`,
          numberOfGuests: party,
          pickupMethodId: pickup,
          statusId: pending,
          passes: [],
        },
        idempotencyKey: `shipped-guest-${tourId}-${n}`,
      });
    }
    // the three requests arrive within the quiet period: one run decides them all
    const runs = await pollUntil(
      async () => ((await runsOf(tourId)).length > 0 ? runsOf(tourId) : undefined),
      'the run of the guest requests',
      60_000,
      500,
    );
    expect(runs).toEqual([{ approved: 2, leftPending: 1 }]);

    const statuses: string[] = [];
    for await (const row of api.paginate(listGuestlist, { params: { tourId, dayId } }))
      statuses.push(`${row.numberOfGuests} ${row.status?.type}`);
    expect(statuses.sort()).toEqual(['2 Approved', '2 Approved', '3 Pending']);
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0]!.body).toEqual({
      text: '1 guest request(s) on 2027-03-27 left pending: approving them would take the day past its cap of 5 approved guests (0 approved before this run, 2 request(s) approved now).',
    });
    // the playbook puts no guest's name or e-mail in the message
    expect(JSON.stringify(hook.requests[0]!.body)).not.toMatch(/Guest\d|Requester|example\.com/);
  }, 180_000);

  it('announce-schedule-changes renders the day sheet again and posts a bulletin once a burst of edits settles', async () => {
    const { tourId, dayId } = await tour('Running Order Tour', '2027-04-10');
    await apply(path.join(PLAYBOOKS, 'announce-schedule-changes.yaml'), tourId, 'folder=announced');

    const item = {
      tour_id: tourId,
      day_id: dayId,
      name: 'Doors',
      startTime: '19:00',
      startTimeTypeId: 1,
      timeZoneStart: 'Europe/Berlin',
      isEveryone: true,
    };
    const { id } = await api.call(createScheduleItem, { body: item, idempotencyKey: `shipped-item-${tourId}` });
    await api.call(updateScheduleItem, { params: { itemId: id }, body: { startTime: '19:30' } });
    const runs = await pollUntil(
      async () => ((await runsOf(tourId)).length > 0 ? runsOf(tourId) : undefined),
      'the run of the changed running order',
      60_000,
      500,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ date: '2027-04-10', sheets: 1 });

    const bulletins = await bulletinsOf(tourId);
    expect(bulletins.map((b) => [b.title, b.has_notification, b.day_id])).toEqual([
      ['Running order changed', true, dayId],
    ]);
    expect(bulletins[0]!.body).toMatch(
      /^The running order of 2027-04-10 changed \((created|changed): Doors\); the day sheet was rendered again/,
    );
    const sheet = path.join(stack.config.outputDir, 'announced', 'Running Order Tour');
    expect(existsSync(sheet), sheet).toBe(true);
  }, 180_000);

  it('load-in-reminder posts the load-in time at its moment two days before a show day', async () => {
    // the shipped playbook with its 09:00 moved to the next whole minute at least 20 s ahead (time
    // enough to make the tour and install the trigger), on a UTC day two days after it
    const moment = nextMinuteAhead(20_000);
    const at = moment.toISOString().slice(11, 16);
    const date = new Date(moment.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const text = await readFile(path.join(PLAYBOOKS, 'load-in-reminder.yaml'), 'utf8');
    expect(text).toContain('before: { days: 2, at: "09:00" }');
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tourflow-reminder-'));
    const file = path.join(folder, 'load-in-reminder.yaml');
    await writeFile(file, text.replace('at: "09:00"', `at: "${at}"`));

    const { tourId, dayId } = await tour('Load In Tour', date, 'UTC');
    const item = {
      tour_id: tourId,
      day_id: dayId,
      name: 'Load In',
      startTime: '14:00',
      startTimeTypeId: 1,
      timeZoneStart: 'UTC',
      isEveryone: true,
    };
    await api.call(createScheduleItem, { body: item, idempotencyKey: `shipped-load-in-${tourId}` });
    await apply(file, tourId);

    const runs = await pollUntil(
      async () => ((await runsOf(tourId)).length > 0 ? runsOf(tourId) : undefined),
      'the reminder',
      120_000,
      250,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(moment.getTime());
    expect(runs).toEqual([{ date, late: expect.any(Boolean), bulletinId: expect.any(String) }]);
    const bulletins = await bulletinsOf(tourId);
    expect(bulletins.map((b) => [b.title, b.body, b.is_pinned, b.has_notification])).toEqual([
      [`Load-in ${date}`, `Load-in on ${date} is at 14:00 (UTC).`, true, true],
    ]);
  }, 240_000);
});
