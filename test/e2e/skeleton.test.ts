/**
 * The walking skeleton: a YAML playbook runs end to end on the real Temporal dev server
 * against the sandbox over HTTP, and a repeated write with the same idempotency key creates
 * nothing new.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.ts';
import { createApiClient } from '../../api/client/index.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

type TourRow = { name: string; is_deleted?: boolean };

function liveTours(stack: TestStack): TourRow[] {
  const snapshot = stack.sandbox.snapshot({ normalise: true }) as { tours?: TourRow[] };
  return snapshot.tours ?? [];
}

describe('walking skeleton', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('runs the demo playbook and the tour exists in the sandbox', async () => {
    const outcome = await stack.run('demo.yaml', { name: 'Skeleton Tour' }, 'skeleton-1');
    expect(outcome.exitCode).toBe(0);
    expect(outcome.result?.status).toBe('completed');
    const tourId = outcome.result?.outputs.tourId;
    expect(typeof tourId).toBe('string');
    expect(liveTours(stack).filter((tour) => tour.name === 'Skeleton Tour')).toHaveLength(1);
  });

  it('running the same activity again with the same idempotency key leaves exactly one tour', async () => {
    const client = createApiClient({ config: stack.config.api });
    try {
      const activities = createActivities({
        client,
        outputDir: '/tmp',
        defaultOrg: stack.sandbox.credentials.orgId,
      }) as unknown as Record<string, (call: StepCall) => Promise<StepOutcome>>;
      const call: StepCall = {
        action: 'tour.create',
        stepId: 'tour',
        itemKey: null,
        idempotencyKey: 'skeleton-idempotency/tour',
        run: { workflowId: 'skeleton-idempotency', playbook: 'demo', now: '2027-03-01T00:00:00Z' },
        args: {
          name: 'Idempotent Tour',
          timeZone: 'Europe/Berlin',
          days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }],
        },
      };
      const first = await activities.tourCreate!(call);
      const second = await activities.tourCreate!(call);
      expect(second.output).toEqual(first.output);
      expect(liveTours(stack).filter((tour) => tour.name === 'Idempotent Tour')).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
