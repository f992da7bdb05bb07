/**
 * Reads shared within one step: the tour's days are read once per step and worker, not once
 * per batch, and afresh after the time they may be old, or for another step; a bulk status
 * change and its undo preparation read the entries once between them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.ts';
import { batchActivityName } from '../../activities/action.ts';
import type { BatchCall, BatchOutcome, StepCall } from '../../activities/types.ts';
import { sharedIn, StepReads } from '../../activities/step-reads.ts';
import { rows, startHarness, type Harness } from './activity-harness.ts';

describe('StepReads', () => {
  it('gives each step its own reads, the same ones until they are too old', () => {
    let now = 0;
    const reads = new StepReads(1_000, () => now);
    const first = reads.of('run-1/guests');
    expect(reads.of('run-1/guests')).toBe(first);
    expect(reads.of('run-1/venues')).not.toBe(first);
    expect(reads.of('run-2/guests')).not.toBe(first);
    now = 999;
    expect(reads.of('run-1/guests')).toBe(first);
    now = 1_000;
    expect(reads.of('run-1/guests')).not.toBe(first);
  });
});

describe('reads shared within a step', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Counts the requests to `path` from now on: a latency rule of 0 ms uses one of its `times` for each. */
  const counting = (method: string, path: string) => {
    const id = h.sandbox.faults.add({ kind: 'latency', ms: 0, match: { method, path }, times: 1_000 });
    return () => 1_000 - (h.sandbox.faults.list().find((rule) => rule.id === id)?.times ?? 1_000);
  };

  it('read the tour once for all batches of the step, again for another step', async () => {
    const tour = await h.createTour('Step reads');
    const day = tour.days[0]!.date;
    const tourReads = counting('GET', '/data$');
    const activities = createActivities({ client: h.client, outputDir: h.outputDir, defaultOrg: h.sandbox.credentials.orgId }) as unknown as Record<
      string,
      (batch: BatchCall) => Promise<BatchOutcome>
    >;
    const addGuests = activities[batchActivityName('guest.create')]!;
    const batch = (stepId: string, names: string[]): BatchCall => ({
      calls: names.map((lastName): StepCall => ({
        ...h.stepCall('guest.create', { tourId: tour.id, day, firstName: 'Pat', lastName, guests: 1, pickup: 'Will Call' }, { stepId }),
        itemKey: lastName,
      })),
      stopOnFailure: true,
      retry: { initialIntervalMs: 10, backoffCoefficient: 2, maximumIntervalMs: 100, maximumAttempts: 2, nonRetryableErrorTypes: [] },
    });

    for (const outcome of [await addGuests(batch('guests', ['Ahn', 'Berg'])), await addGuests(batch('guests', ['Cruz', 'Dahl']))]) {
      expect(outcome.results.every((result) => result.outcome !== undefined)).toBe(true);
    }
    expect(tourReads()).toBe(1);
    await addGuests(batch('more-guests', ['Eze']));
    expect(tourReads()).toBe(2);
    expect(rows(h.snapshot(), 'guests').map((row: { lastName: string }) => row.lastName).sort()).toEqual(['Ahn', 'Berg', 'Cruz', 'Dahl', 'Eze']);
  });

  it('read the entries of a bulk status change once for its undo preparation and the call', async () => {
    const tour = await h.createTour('Shared entries');
    for (const [i, day] of tour.days.slice(0, 2).entries()) {
      for (const lastName of ['Ahn', 'Berg']) {
        await h.run('guest.create', { tourId: tour.id, day: day.date, firstName: 'Pat', lastName: `${lastName} ${i}`, guests: 2, pickup: 'Will Call' });
      }
    }
    const listReads = counting('GET', '/guestlist$');
    const args = { tourId: tour.id, status: 'Approved', select: { status: ['Pending'] } };
    const call = h.stepCall('guests.setStatus', args, { stepId: 'approve' });
    const [undo] = await h.prepare(call);
    expect(listReads()).toBe(tour.days.length);
    const outcome = await h.run('guests.setStatus', args, { stepId: 'approve', key: call.idempotencyKey });
    expect(listReads(), 'the call used the lists its preparation read').toBe(tour.days.length);
    // The undo puts back exactly the entries the call changed.
    const changed = (outcome.output as { entries: Array<{ id: number }> }).entries.map((entry) => entry.id);
    expect(changed).toHaveLength(4);
    expect(undo?.args).toMatchObject({ guestListIds: changed });
    // Another call of the step (another element, or another run) reads for itself.
    await h.run('guests.setStatus', { ...args, status: 'Declined' }, { stepId: 'approve' });
    expect(listReads()).toBe(2 * tour.days.length);
  });
});

describe('sharedIn', () => {
  it('reads once for every caller, and a caller whose shared read failed reads for itself', async () => {
    const shared = sharedIn(new Map());
    let loads = 0;
    const load = (outcome: 'ok' | 'fail') => () => {
      loads++;
      return outcome === 'ok' ? Promise.resolve(`read ${loads}`) : Promise.reject(new Error('cancelled'));
    };
    const first = shared('tour', load('fail'));
    const second = shared('tour', load('ok'));
    const third = shared('tour', load('ok'));
    await expect(first).rejects.toThrow('cancelled');
    // the waiting callers share one new read
    expect(await second).toBe('read 2');
    expect(await third).toBe('read 2');
    expect(await shared('tour', load('ok'))).toBe('read 2');
    expect(loads).toBe(2);
  });
});
