/** How `plan --live` prints a plan: a line per call, changes under it, the summary, and its exit code. */
import { describe, expect, it } from 'vitest';
import { liveExitCode, liveLines } from '../../cli/live-plan.ts';
import type { PlannedCall } from '../../workflows/messages.ts';

const nothing: PlannedCall = {
  stepId: 'capacity',
  would: 'nothing',
  describe: 'venue Uber Arena (7) is already as asked (capacity)',
  output: { id: 7 },
};
const change: PlannedCall = {
  stepId: 'notes',
  would: 'change',
  describe: 'change venue Uber Arena (7) (notes)',
  changes: [{ field: 'notes', before: null, after: 'Back door' }],
  output: { id: 7 },
};
const fail: PlannedCall = {
  stepId: 'guests',
  element: 'guests.csv row 11',
  would: 'fail',
  describe: 'guest.create would fail: Tour Spring has no day 2027-04-01',
  error: { type: 'UNKNOWN_DAY', message: 'Tour Spring has no day 2027-04-01' },
  output: null,
};

describe('plan --live output', () => {
  it('prints each call, each change as before → after, and counts them', () => {
    expect(liveLines([nothing, change, fail])).toEqual([
      'capacity: nothing: venue Uber Arena (7) is already as asked (capacity)',
      'notes: change: change venue Uber Arena (7) (notes)',
      '    notes: null → "Back door"',
      'guests guests.csv row 11: fail: guest.create would fail: Tour Spring has no day 2027-04-01',
      '1 to change, 1 nothing to do, 1 would fail',
    ]);
  });

  it('exits 0 with nothing to change, 10 with changes, 1 when a call would fail', () => {
    expect(liveExitCode([nothing])).toBe(0);
    expect(liveExitCode([nothing, change])).toBe(10);
    expect(liveExitCode([change, fail])).toBe(1);
  });
});
