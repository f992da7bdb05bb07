/**
 * Records the histories the replay test replays: runs every shipped playbook on the dev server
 * against the sandbox (demo and tour-setup with their default inputs, tour-setup's children
 * with it; tag-items, update-stay-and-venue and room-crew on tour-setup's tour; edit-tour on a
 * tour of its own) and two long `forEach` lists that run in batches (four lanes, one per
 * activity; eight lanes, two per activity), and saves each run's history, child runs included.
 * Runs only through `npm run record-histories`, which replaces every recorded history.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findTemporalCli } from '../../worker/temporal-cli.ts';
import { createApiClient } from '../../api/client/index.ts';
import { createGuest } from '../../api/contract/guestlist.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startWebhookServer } from '../support/webhook-server.ts';

const DIR = path.resolve(import.meta.dirname, 'histories');
const run = promisify(execFile);
const RECORD = process.env.TOURFLOW_RECORD_HISTORIES === '1';

describe.runIf(RECORD)('record histories of the shipped playbooks', () => {
  it('records one history per run', async () => {
    const outputDir = path.join(os.tmpdir(), `tourflow-record-${process.pid}`);
    // Recorded unencrypted: the committed histories read without a key.
    const hook = await startWebhookServer();
    const stack = await startTestStack({ outputDir, encryption: false, webhooks: { ops: hook.url('ops') } });
    try {
      const playbooks = (await readdir(path.resolve(import.meta.dirname, '../../definitions/playbooks'))).filter((f) =>
        f.endsWith('.yaml'),
      );
      await mkdir(DIR, { recursive: true });
      for (const file of await readdir(DIR)) await rm(path.join(DIR, file));
      const recorded = new Set<string>();
      const record = async (file: string, inputs: Record<string, unknown> = {}) => {
        const outcome = await stack.run(file, inputs, 'recorded');
        expect(outcome.exitCode, `${file}: ${outcome.message ?? ''}`).toBe(0);
        recorded.add(path.basename(file));
        return outcome.result!.outputs;
      };
      await record('demo.yaml');
      await record('tour-setup.yaml');
      for (const child of [
        'create-tour.yaml',
        'apply-schedule-templates.yaml',
        'assign-rooms.yaml',
        'bulk-approve-guests.yaml',
        'render-day-sheets.yaml',
      ])
        recorded.add(child);
      const tour = 'Spring Run 2027 (demo)';
      await record('tag-items.yaml', { tour, item: 'Soundcheck', tag: 'Production' });
      await record('update-stay-and-venue.yaml', {
        tour,
        stay: 'Hotel Oranienburger',
        checkInTime: '13:00',
        venue: 'Velodrom',
        capacity: 13000,
      });
      await record('room-crew.yaml', {
        tour,
        stay: 'Hotel Reeperbahn',
        crew: [{ name: 'Sam Rivera' }, { name: 'Priya Natarajan' }, { name: 'Marcus Chen' }],
      });
      const { tourId, days } = await record('create-tour.yaml', {
        name: 'Edit Run',
        days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }],
      });
      const fixtures = await stack.run(
        path.resolve(import.meta.dirname, '../e2e/fixtures/edit-fixtures.yaml'),
        { tourId, day: '2027-03-27' },
        'edit-fixtures',
      );
      expect(fixtures.exitCode, fixtures.message).toBe(0);
      const [itemId, dropItemId, restoreItemId] = fixtures.result!.outputs.ids as number[];
      await record('edit-tour.yaml', {
        tourId,
        day: '2027-03-27',
        itemId,
        start: '15:00',
        end: '16:30',
        location: 'Club stage',
        tag: 'Crew',
        tagName: 'Crew only',
        template: 'Show Day',
        templateName: 'Club Day',
        dropItemId,
        restoreItemId,
      });
      // playbooks with triggers, started as their watcher starts them: the event as their input
      const dayId = (days as { id: number }[])[0]!.id;
      const event = (
        trigger: string,
        kind: string,
        resource: string,
        recordId: number,
        extra: Record<string, unknown>,
      ) => ({
        trigger,
        kind,
        resource,
        tourId,
        recordId: String(recordId),
        dayId,
        date: '2027-03-27',
        record: {},
        changes: {},
        detectedAt: '2027-03-20T09:00:00.000Z',
        ...extra,
      });
      const guestIds = await pendingGuests(stack, tourId as string, dayId, [2, 2, 3]);
      await record('approve-guest-requests.yaml', {
        tourId,
        cap: 3,
        event: event('guest_requests', 'created', 'guests', guestIds[2]!, {
          record: { status: 'Pending', guests: 3, dayId },
        }),
      });
      await record('announce-schedule-changes.yaml', {
        tourId,
        event: event('running_order', 'changed', 'scheduleItems', itemId!, {
          record: { name: 'Soundcheck', dayId },
          changes: { startTime: { before: '15:00', after: '15:30' } },
        }),
      });
      await record('load-in-reminder.yaml', {
        tourId,
        event: event('two_days_before', 'time', 'days', dayId, {
          at: '2027-03-25T08:00:00.000Z',
          late: false,
          dayName: 'Berlin',
          dayType: 'Show',
          timeZone: 'Europe/Berlin',
        }),
      });
      expect(hook.requests, 'approve-guest-requests told the webhook about the request left pending').toHaveLength(1);
      expect([...recorded].sort(), 'every shipped playbook has a recorded history').toEqual(playbooks.sort());
      const names = Array.from({ length: 200 }, (_, i) => `Recorded ${String(i).padStart(3, '0')}`);
      for (const fixture of ['batched-tags.yaml', 'grouped-tags.yaml']) {
        const batched = await stack.run(
          path.resolve(import.meta.dirname, '../e2e/fixtures', fixture),
          { names },
          'recorded',
        );
        expect(batched.exitCode, `${fixture}: ${batched.message ?? ''}`).toBe(0);
      }
      // The Temporal CLI writes histories in the JSON form replay reads.
      const cli = await findTemporalCli({ log: () => undefined });
      for await (const execution of stack.client.workflow.list({
        query: `TaskQueue = '${stack.config.temporal.taskQueue}'`,
      })) {
        const { stdout } = await run(
          cli.path,
          [
            'workflow',
            'show',
            '--output',
            'json',
            '--address',
            stack.config.temporal.address,
            '--namespace',
            stack.config.temporal.namespace,
            '--workflow-id',
            execution.workflowId,
            '--run-id',
            execution.runId,
          ],
          { maxBuffer: 64 * 1024 * 1024 },
        );
        if (execution.workflowId.startsWith('edit-fixtures-')) continue;
        const name = execution.workflowId.replace(/[^A-Za-z0-9._-]+/g, '_');
        await writeFile(path.join(DIR, `${name}.json`), stdout);
      }
    } finally {
      await stack.close();
      await hook.close();
      await rm(outputDir, { recursive: true, force: true });
    }
  }, 300_000);
});

/** Guest requests of these party sizes, pending, on the day: made through the API, as a promoter's would be. */
async function pendingGuests(stack: TestStack, tourId: string, dayId: number, parties: number[]): Promise<number[]> {
  const api = createApiClient({ config: stack.config.api });
  try {
    const pending = await api.lookups.resolve('guestlistStatuses', 'Pending');
    const pickup = await api.lookups.resolve('pickupMethods', 'will call');
    const ids: number[] = [];
    for (const [n, party] of parties.entries()) {
      const body = {
        tour_id: tourId,
        day_id: dayId,
        firstName: `Guest${n}`,
        lastName: 'Recorded',
        numberOfGuests: party,
        pickupMethodId: pickup,
        statusId: pending,
        passes: [],
      };
      ids.push((await api.call(createGuest, { body, idempotencyKey: `recorded-guest-${n}` })).id);
    }
    return ids;
  } finally {
    await api.close();
  }
}
