/**
 * `tourflow plan --live` on the dev server: it reads the tour through the worker and writes
 * nothing (every write request the sandbox sees is counted), and the run that follows does
 * what it said: each "create" is created, each "change" changed, each "nothing to do" left as
 * it was. An ambiguous date is a "fail" with the run's own text. tour-setup, which makes a new
 * tour, plans every record as a create and writes nothing either.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedCall } from '../../workflows/messages.ts';
import { cli, type CliRun } from '../cli/support.ts';
import { PLAYBOOKS, startTestStack, type TestStack } from '../support/stack.ts';
import { countWrites } from '../support/write-counter.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

interface LivePlan {
  summary: string;
  plans: PlannedCall[];
}

describe('plan --live', () => {
  let stack: TestStack;
  let dir: string;
  let writes: () => number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-live-plan-'));
    stack = await startTestStack({ outputDir: dir });
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The tour's venues in the sandbox's store. */
  const venuesOf = (tourId: string) =>
    (
      (stack.sandbox.snapshot().venues ?? []) as {
        title: string;
        capacity?: number | null;
        notes?: string | null;
        tourId?: string;
      }[]
    ).filter((venue) => venue.tourId === tourId);

  const tf = (args: string[]): Promise<CliRun> => cli(args, { cwd: dir, taskQueue: stack.config.temporal.taskQueue });

  async function livePlan(file: string, inputs: string[]): Promise<{ run: CliRun; plan: LivePlan }> {
    const before = writes?.() ?? 0;
    const run = await tf(['plan', '--live', file, ...inputs.flatMap((input) => ['--input', input]), '--json']);
    expect(writes() - before, 'write requests during the live plan').toBe(0);
    return { run, plan: JSON.parse(run.out) as LivePlan };
  }

  it('says what the run would do on a tour that has some of it already, writes nothing, and the run does just that', async () => {
    const days = [
      { date: '2027-03-26', city: 'Berlin', dayType: 'Show' },
      { date: '2027-03-28', city: 'Hamburg', dayType: 'Show' },
    ];
    const tour = await stack.run('create-tour.yaml', {
      name: 'Live Plan Tour',
      days,
      venues: [{ date: '2027-03-26', title: 'Uber Arena', category: 'Arena', capacity: 12000 }],
      stays: [],
    });
    expect(tour.result?.status, tour.message).toBe('completed');
    const tourId = tour.result!.outputs.tourId as string;
    writes = countWrites(stack.sandbox);
    const file = path.join(FIXTURES, 'live-plan.yaml');
    const { run, plan } = await livePlan(file, [`tourId=${tourId}`]);
    expect(run.code, run.err).toBe(10);
    const would = Object.fromEntries(plan.plans.map((entry) => [entry.stepId, entry.would]));
    expect(would).toEqual({
      capacity: 'nothing',
      notes: 'change',
      club: 'create',
      club_notes: 'update',
      venues: 'read',
    });
    expect(plan.plans.find((entry) => entry.stepId === 'notes')!.changes).toEqual([
      { field: 'notes', before: null, after: 'Load-in by the back door' },
    ]);
    expect(plan.plans.find((entry) => entry.stepId === 'club_notes')!.describe).toBe(
      'venue.update: depends on a record this run would create',
    );
    expect(plan.summary).toBe('1 to create, 1 to change, 1 to update, 1 nothing to do, 1 reads');

    const arenaBefore = venuesOf(tourId).find((venue) => venue.title === 'Uber Arena');
    const done = await stack.run(file, { tourId });
    expect(done.result?.status, done.message).toBe('completed');
    const venues = venuesOf(tourId);
    const arena = venues.find((venue) => venue.title === 'Uber Arena');
    // "nothing to do": the capacity is as it was; "change": the notes as planned; "create": the club is there.
    expect(arena?.capacity).toBe(arenaBefore?.capacity);
    expect(arena?.notes).toBe('Load-in by the back door');
    expect(venues.filter((venue) => venue.title === 'Docks')).toHaveLength(1);
    expect(done.result?.done).toContain('capacity: venue Uber Arena already so (capacity): nothing written');

    // Planned again, the tour now holds what was asked, but the club is made anew by each run.
    const again = await livePlan(file, [`tourId=${tourId}`]);
    expect(Object.fromEntries(again.plan.plans.map((entry) => [entry.stepId, entry.would]))).toMatchObject({
      capacity: 'nothing',
      notes: 'nothing',
      club: 'create',
    });
  }, 120_000);

  it('an ambiguous date is a fail with the text the run gives, exit 1', async () => {
    const tour = await stack.run('create-tour.yaml', {
      name: 'Doubled',
      days: [
        { date: '2027-03-26', city: 'Berlin', dayType: 'Show' },
        { date: '2027-03-28', city: 'Hamburg', dayType: 'Show' },
        { date: '2027-03-28', city: 'Altona', dayType: 'Travel' },
      ],
      venues: [{ date: '2027-03-26', title: 'Uber Arena', category: 'Arena', capacity: 12000 }],
      stays: [],
    });
    const tourId = tour.result?.outputs.tourId as string;
    expect(tourId, tour.message).toBeTypeOf('string');
    writes ??= countWrites(stack.sandbox);
    const file = path.join(FIXTURES, 'live-plan.yaml');
    const { run, plan } = await livePlan(file, [`tourId=${tourId}`]);
    expect(run.code).toBe(1);
    const club = plan.plans.find((entry) => entry.stepId === 'club')!;
    expect(club.would).toBe('fail');
    const failed = await stack.run(file, { tourId });
    expect(failed.result?.error?.message).toBe(`step club (venue.create) failed: ${club.error!.message}`);
  }, 120_000);

  it('tour-setup makes a new tour: every record a create, nothing written', async () => {
    writes ??= countWrites(stack.sandbox);
    const { run, plan } = await livePlan(path.join(PLAYBOOKS, 'tour-setup.yaml'), [`sheetsFolder=${dir}`]);
    expect(plan.plans.filter((entry) => entry.would === 'fail')).toEqual([]);
    expect(run.code, run.out).toBe(10);
    expect(plan.plans.find((entry) => entry.stepId === 'create/tour')).toMatchObject({ would: 'create' });
    // Every venue and stay it would create, the run creates.
    const planned = (stepId: string) =>
      plan.plans.filter((entry) => entry.stepId === stepId && entry.would === 'create').length;
    const done = await stack.run('tour-setup.yaml', { sheetsFolder: dir });
    expect(done.result?.status, done.message).toBe('completed');
    const tourId = done.result!.outputs.tourId as string;
    const store = stack.sandbox.snapshot() as Record<string, { tourId?: string }[]>;
    const onTour = (table: string) => (store[table] ?? []).filter((row) => row.tourId === tourId).length;
    expect(planned('create/venues')).toBe(onTour('venues'));
    expect(planned('create/stays')).toBe(onTour('stays'));
    expect(planned('guests')).toBe(onTour('guests'));
    expect(planned('guests')).toBeGreaterThan(0);
  }, 120_000);
});
