/**
 * Reads shared within one step: the tour's days are read once per step and worker, not once
 * per batch, and afresh after the time they may be old, or for another step. What a call
 * changes (a bulk status change's entries) is read once by its undo preparation and handed to
 * the call's first attempt; never to a retry, whose earlier attempt may have written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateGuestlistDayConfig } from '../../api/contract/guestlist.ts';
import type { BatchOutcome, StepCall } from '../../activities/types.ts';
import { Handovers, sharedIn, StepReads } from '../../activities/step-reads.ts';
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
    // a batch of the step's calls, each keyed `step-reads-<pid>/<step>/<last name>`
    const addGuests = (stepId: string, names: string[]): Promise<BatchOutcome> =>
      h.batch(
        names.map((lastName): StepCall => ({
          ...h.stepCall(
            'guest.create',
            { tourId: tour.id, day, firstName: 'Pat', lastName, guests: 1, pickup: 'Will Call' },
            { stepId, key: `step-reads-${process.pid}/${stepId}` },
          ),
          itemKey: lastName,
        })),
        {
          initialIntervalMs: 10,
          backoffCoefficient: 2,
          maximumIntervalMs: 100,
          maximumAttempts: 2,
          nonRetryableErrorTypes: [],
        },
      );

    for (const outcome of [await addGuests('guests', ['Ahn', 'Berg']), await addGuests('guests', ['Cruz', 'Dahl'])]) {
      expect(outcome.results.every((result) => result?.outcome !== undefined)).toBe(true);
    }
    expect(tourReads()).toBe(1);
    await addGuests('more-guests', ['Eze']);
    expect(tourReads()).toBe(2);
    expect(
      rows(h.snapshot(), 'guests')
        .map((row: { lastName: string }) => row.lastName)
        .sort(),
    ).toEqual(['Ahn', 'Berg', 'Cruz', 'Dahl', 'Eze']);
  });

  it("hand a bulk status change's entries from its undo preparation to its first attempt only", async () => {
    const tour = await h.createTour('Retried approval');
    const day = tour.days[0]!;
    for (const lastName of ['Ahn', 'Berg']) {
      await h.run('guest.create', {
        tourId: tour.id,
        day: day.date,
        firstName: 'Pat',
        lastName,
        guests: 2,
        pickup: 'Will Call',
      });
    }
    await h.client.call(updateGuestlistDayConfig, { params: { tourId: tour.id, dayId: day.id }, body: { dayCap: 6 } });
    const listReads = counting('GET', '/guestlist$');
    const args = { tourId: tour.id, status: 'Approved', select: { status: ['Pending'] } };
    const call = h.stepCall('guests.setStatus', args, { stepId: 'approve' });
    expect(await h.prepare(call)).toHaveLength(1);
    const daysRead = listReads();
    expect(daysRead).toBe(tour.days.length);
    expect(
      (await h.run('guests.setStatus', args, { stepId: 'approve', key: call.idempotencyKey })).output,
    ).toMatchObject({ count: 2, totalGuests: 4 });
    // The entries come from the preparation; only the capped day's list is read again, for the
    // cap check's count right before the write.
    expect(listReads()).toBe(daysRead + 1);
    // The same call again, as a retry after its write: it reads afresh, nothing is left to
    // change, and the four guests it approved are not counted against the cap a second time.
    expect(
      (await h.run('guests.setStatus', args, { stepId: 'approve', key: call.idempotencyKey })).output,
    ).toMatchObject({ count: 0 });
    expect(listReads()).toBe(2 * daysRead + 1);
  });

  it("leave a retried attempt reading afresh even when its preparation's read is still there", async () => {
    const tour = await h.createTour('Second attempt');
    const day = tour.days[0]!;
    await h.run('guest.create', {
      tourId: tour.id,
      day: day.date,
      firstName: 'Pat',
      lastName: 'Ahn',
      guests: 2,
      pickup: 'Will Call',
    });
    const args = { tourId: tour.id, status: 'Approved', select: { status: ['Pending'] } };
    const call = h.stepCall('guests.setStatus', args, { stepId: 'approve' });
    const worker = h.otherWorker();
    expect(await worker.prepare(call)).toHaveLength(1);
    // The first attempt ran on another worker and approved the entry; the second runs here.
    expect(
      (await h.run('guests.setStatus', args, { stepId: 'approve', key: call.idempotencyKey })).output,
    ).toMatchObject({ count: 1 });
    const listReads = counting('GET', '/guestlist$');
    const second = await worker.secondAttempt(call);
    expect(second.output).toMatchObject({ count: 0 });
    expect(listReads()).toBe(tour.days.length);
  });
});

describe('Handovers', () => {
  it('gives a kept read once, and drops it once too old', async () => {
    let now = 0;
    const handovers = new Handovers(1_000, () => now);
    handovers.keep('call-1 entries', Promise.resolve('read 1'));
    expect(await handovers.take('call-1 entries')).toBe('read 1');
    expect(handovers.take('call-1 entries')).toBeUndefined();
    handovers.keep('call-2 entries', Promise.resolve('read 2'));
    now = 1_000;
    expect(handovers.take('call-2 entries')).toBeUndefined();
  });

  it('does not keep a failed read', async () => {
    const handovers = new Handovers();
    const failed = Promise.reject(new Error('cancelled'));
    handovers.keep('call-1 entries', failed);
    await expect(failed).rejects.toThrow('cancelled');
    expect(handovers.take('call-1 entries')).toBeUndefined();
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
