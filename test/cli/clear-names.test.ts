/** Names Temporal stores unencrypted (workflow IDs from run keys, schedule IDs) hold no e-mail address. */
import { describe, expect, it } from 'vitest';
import { workflowIdFor } from '../../cli/runs.ts';
import { scheduleIdFor } from '../../cli/schedule-checks.ts';
import type { Plan } from '../../definitions/plan-types.ts';

const plan = { name: 'tour-setup' } as Plan;

describe('names stored in the clear', () => {
  it('takes run keys and schedule names without personal data', () => {
    expect(workflowIdFor(plan, 'spring-2027')).toBe('tour-setup--spring-2027');
    expect(scheduleIdFor('render-day-sheets', { name: 'nightly' })).toBe('tourflow-render-day-sheets-nightly');
  });

  it('refuses an e-mail address in a run key or a schedule name, saying why', () => {
    expect(() => workflowIdFor(plan, 'guests-of-ada.lindholm@example.com')).toThrow(
      'run key "guests-of-ada.lindholm@example.com" holds an e-mail address; Temporal stores run keys unencrypted, so keep personal data out of them',
    );
    expect(() => scheduleIdFor('render-day-sheets', { id: 'sheets-for-ben@example.org' })).toThrow(
      /^schedule name "sheets-for-ben@example.org" holds an e-mail address/,
    );
  });
});
