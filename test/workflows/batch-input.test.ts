/**
 * A batch activity's input carries its calls' shared parts once: the activity gets back every
 * call as the workflow made it, idempotency key included, so a batch sends the keys it always did.
 */
import { describe, expect, it } from 'vitest';
import type { StepCall } from '../../activities/types.ts';
import { RunKeys } from '../../workflows/keys.ts';
import { packBatch, unpackBatch } from '../../workflows/batch-input.ts';
import { quickRetry } from '../support/batch-calls.ts';

const run = {
  workflowId: 'tour-setup--spring',
  playbook: 'tour-setup',
  now: '2027-03-01T09:00:00Z',
  timeZone: 'Europe/Berlin',
};
const keys = new RunKeys(run.workflowId);

function call(stepId: string, itemKey: string, lastName: string): StepCall {
  const args = { tourId: 'b1f0', day: '2027-03-26', firstName: 'Pat', lastName, guests: 1 };
  return { action: 'guest.create', stepId, itemKey, args, idempotencyKey: keys.of(stepId, itemKey), run };
}

describe('batch input', () => {
  it('gives the activity every call as the workflow made it, each under its own idempotency key', () => {
    const calls = [call('guests', '0a1b', 'Ahn'), call('guests', '2c3d', 'Berg'), call('guests', '4e5f', 'Cruz')];
    const batch = packBatch(calls, { stopOnFailure: true, retry: quickRetry(2), lanes: 2 });
    expect(batch.shared).toEqual({ action: 'guest.create', stepId: 'guests', run, keyPrefix: keys.of('guests', null) });
    expect(batch.calls).toEqual(calls.map(({ itemKey, args }) => ({ itemKey, args })));
    expect(unpackBatch(batch)).toEqual(calls);
    expect(JSON.stringify(batch).length).toBeLessThan(JSON.stringify({ calls }).length);
  });

  it('refuses calls of two steps in one batch', () => {
    expect(() =>
      packBatch([call('guests', '0a1b', 'Ahn'), call('crew', '2c3d', 'Berg')], {
        stopOnFailure: true,
        retry: quickRetry(1),
      }),
    ).toThrow('the calls of a batch belong to one step of one run (step guests and crew)');
  });
});
