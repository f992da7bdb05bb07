/**
 * A 403 during a run names the credential the API refused, in the run's result: a worker with
 * a read-only credential creating a tour fails with the missing scope and what to change.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

describe('a credential the API refuses during a run', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ readOnly: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('fails the step with the refused credential named', async () => {
    const outcome = await stack.run(
      'create-tour.yaml',
      { name: 'Refused', days: [{ date: '2027-05-01', city: 'Berlin', dayType: 'Show' }] },
      `refused-${randomUUID().slice(0, 8)}`,
    );
    expect(outcome.result?.status).toBe('rolledBack');
    expect(outcome.result?.error).toMatchObject({ stepId: 'tour', type: 'INSUFFICIENT_SCOPE' });
    expect(outcome.result?.error?.message).toContain(
      'POST /v1/tours failed with 403 INSUFFICIENT_SCOPE: Missing required scope: tours.write',
    );
    expect(outcome.result?.error?.message).toContain(
      'The partner credential (TOURFLOW_API_KEY) was not granted a scope this call needs.',
    );
  });
});
