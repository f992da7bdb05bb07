/**
 * `tourflow plan --live` of shipped playbooks on tours that have part of what they ask already,
 * compared with what their runs then do. update-stay-and-venue: a stay whose check-in is already
 * as asked is "nothing to do" and the run leaves it untouched (its record, `updatedAt` included,
 * as before), a venue whose capacity differs is a change the run makes. bulk-approve-guests: the
 * pending entries are the update the plan names and the run approves, the entries approved
 * already are left alone. Not one write request during any plan; planned again after the run,
 * neither playbook has anything left to change (exit 0).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedCall } from '../../workflows/messages.ts';
import { cli } from '../cli/support.ts';
import { PLAYBOOKS, startTestStack, uniqueSeed, type TestStack } from '../support/stack.ts';
import { ADLON_STAY } from '../support/tour-data.ts';
import { countWrites } from '../support/write-counter.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const APPROVED = 2; // the sandbox's guestlistStatuses: Pending 1, Approved 2, Declined 3

type Row = Record<string, unknown> & { id: number; tourId?: string; tour_id?: string };

describe('plan --live of the shipped playbooks, then their runs', () => {
  let stack: TestStack;
  let dir: string;
  let writes: () => number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-live-shipped-'));
    stack = await startTestStack({ sandbox: { seed: uniqueSeed() }, outputDir: dir });
    writes = countWrites(stack.sandbox);
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The live plan as `--json` prints it, its exit code, and that it wrote nothing. */
  async function livePlan(playbook: string, inputs: Record<string, string>) {
    const before = writes();
    const args = Object.entries(inputs).flatMap(([name, value]) => ['--input', `${name}=${value}`]);
    const run = await cli(['plan', '--live', path.join(PLAYBOOKS, playbook), ...args, '--json'], {
      cwd: dir,
      taskQueue: stack.config.temporal.taskQueue,
    });
    expect(writes() - before, 'write requests during the live plan').toBe(0);
    const { plans } = JSON.parse(run.out) as { plans: PlannedCall[] };
    return { code: run.code, plans, would: Object.fromEntries(plans.map((plan) => [plan.stepId, plan.would])) };
  }

  /** The rows of a sandbox table by ID. */
  const rows = (table: string): Map<number, Row> =>
    new Map(((stack.sandbox.snapshot() as Record<string, Row[]>)[table] ?? []).map((row) => [row.id, row]));

  async function newTour(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const tour = await stack.run('create-tour.yaml', {
      name,
      days: [
        { date: '2027-03-26', city: 'Berlin', dayType: 'Show' },
        { date: '2027-03-27', city: 'Berlin', dayType: 'Off' },
        { date: '2027-03-28', city: 'Hamburg', dayType: 'Show' },
      ],
      venues: [{ date: '2027-03-26', title: 'Uber Arena', category: 'Arena', capacity: 12000 }],
      stays: [ADLON_STAY],
      ...extra,
    });
    expect(tour.result?.status, tour.message).toBe('completed');
    return tour.result!.outputs.tourId as string;
  }

  it('update-stay-and-venue: the check-in already so is left untouched, the capacity changed as planned', async () => {
    await newTour('Shipped Stay And Venue');
    const inputs = {
      tour: 'Shipped Stay And Venue',
      stay: ADLON_STAY.title,
      checkInTime: ADLON_STAY.checkIn.time,
      venue: 'Uber Arena',
      capacity: '15000',
    };
    const plan = await livePlan('update-stay-and-venue.yaml', inputs);
    expect(plan.code).toBe(10);
    expect(plan.would).toEqual({ tour: 'read', stay: 'nothing', venue: 'change' });
    expect(plan.plans.find((entry) => entry.stepId === 'venue')?.changes).toEqual([
      { field: 'capacity', before: 12000, after: 15000 },
    ]);
    const stayId = plan.plans.find((entry) => entry.stepId === 'stay')!.output as { id: number };
    const venueId = plan.plans.find((entry) => entry.stepId === 'venue')!.output as { id: number };
    const stayBefore = rows('stays').get(stayId.id);
    expect(stayBefore).toBeDefined();

    const done = await stack.run('update-stay-and-venue.yaml', { ...inputs, capacity: 15000 });
    expect(done.result?.status, done.message).toBe('completed');
    expect(rows('stays').get(stayId.id), '"nothing to do": the stay as it was').toEqual(stayBefore);
    expect(rows('venues').get(venueId.id)?.capacity, '"change": the capacity as planned').toBe(15000);
    expect(done.result?.done.some((line) => line.startsWith(`stay: stay ${ADLON_STAY.title} already so`))).toBe(true);

    const again = await livePlan('update-stay-and-venue.yaml', inputs);
    expect(again.would).toEqual({ tour: 'read', stay: 'nothing', venue: 'nothing' });
    expect(again.code).toBe(0);
  }, 120_000);

  it('bulk-approve-guests: the pending entries are the update planned and made, the approved ones left alone', async () => {
    const tourId = await newTour('Shipped Bulk Approve');
    const guests = [
      ['p1', '2027-03-26', 'Pending'],
      ['p2', '2027-03-26', 'Pending'],
      ['a1', '2027-03-26', 'Approved'],
      ['p3', '2027-03-28', 'Pending'],
      ['a2', '2027-03-28', 'Approved'],
    ].map(([key, date, status], i) => ({ key, date, status, firstName: `Live${i}`, lastName: 'Plan', guests: 1 }));
    const added = await stack.run(path.join(FIXTURES, 'guests-with-status.yaml'), { tourId, guests });
    expect(added.result?.status, added.message).toBe('completed');
    const entries = () => [...rows('guests').values()].filter((row) => row.tourId === tourId);
    const before = entries();
    const approved = before.filter((row) => row.statusId === APPROVED);
    expect([before.length, approved.length]).toEqual([5, 2]);

    const plan = await livePlan('bulk-approve-guests.yaml', { tourId, confirm: 'false' });
    expect(plan.code).toBe(10);
    expect(plan.would).toEqual({ tour: 'read', select: 'read', decide: 'update' });
    expect(plan.plans.find((entry) => entry.stepId === 'select')?.output).toMatchObject({ count: 3 });
    expect(plan.plans.find((entry) => entry.stepId === 'decide')?.describe).toContain('3 entries back to Pending');

    const done = await stack.run('bulk-approve-guests.yaml', { tourId, confirm: false });
    expect(done.result?.status, done.message).toBe('completed');
    const after = new Map(entries().map((row) => [row.id, row]));
    // The three planned are approved now; the two approved already are untouched, updatedAt included.
    expect([...after.values()].filter((row) => row.statusId === APPROVED)).toHaveLength(5);
    for (const row of approved) expect(after.get(row.id)).toEqual(row);

    const again = await livePlan('bulk-approve-guests.yaml', { tourId, confirm: 'false' });
    expect(again.would).toEqual({ tour: 'read', select: 'read' });
    expect(again.code).toBe(0);
  }, 120_000);
});
