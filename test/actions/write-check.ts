/**
 * The checks every write action gets against the sandbox: its answer is lost once after the
 * commit and the next attempt with the same key ends the same way (no second record, no
 * failure), what it did is in the store, and its prepared undo brings the store back to the
 * snapshot taken before the step.
 */
import { expect } from 'vitest';
import type { StepOutcome } from '../../activities/types.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { failureOf, type Harness } from './activity-harness.ts';

export interface WriteMatch {
  method: string;
  /** Regular expression of the path the write goes to. */
  path: string;
}

/**
 * Runs the step as the workflow does (undo prepared first), losing the write's answer once.
 * `documented` takes out of both snapshots a difference the undo is documented to leave.
 */
export async function checkWrite(
  h: Harness,
  action: string,
  args: JsonValue,
  write: WriteMatch,
  after: (snapshot: StoreSnapshot, outcome: StepOutcome) => void,
  documented: (snapshot: StoreSnapshot) => StoreSnapshot = (snapshot) => snapshot,
): Promise<StepOutcome> {
  const before = h.snapshot();
  const call = h.stepCall(action, args);
  const prepared = await h.prepare(call);
  h.sandbox.faults.add({ kind: 'dropAfterCommit', match: write, times: 1 });
  const lost = await failureOf(h.run(action, args, { key: call.idempotencyKey }));
  expect(lost.nonRetryable, lost.message).toBe(false);
  expect(h.sandbox.faults.list(), `${action}: the answer of ${write.method} ${write.path} was not lost`).toEqual([]);
  const outcome = await h.run(action, args, { key: call.idempotencyKey });
  after(h.snapshot(), outcome);
  // the undo the workflow keeps: the prepared one, else (a create's) the one the outcome returns
  await h.undo(prepared.length > 0 ? prepared : outcome.undo);
  expect(documented(h.snapshot())).toEqual(documented(before));
  return outcome;
}

/** A venue (Uber Arena) and a stay (Hotel Adlon) on the tour's first day, for the edits of their fields and contacts. */
export async function createVenueAndStay(h: Harness, tourId: string): Promise<{ venueId: number; stayId: number }> {
  const venue = await h.run('venue.create', { tourId, day: '2027-03-27', title: 'Uber Arena', category: 'Arena' });
  const stay = await h.run('stay.create', {
    tourId,
    title: 'Hotel Adlon',
    location: { address: 'Unter den Linden 77, Berlin', lat: 52.5163, lng: 13.3805 },
    timeZone: 'Europe/Berlin',
    checkIn: { date: '2027-03-27', time: '15:00' },
    checkOut: { date: '2027-03-29', time: '11:00' },
  });
  return { venueId: (venue.output as { id: number }).id, stayId: (stay.output as { id: number }).id };
}
