/**
 * The client inside a Temporal activity context: a cancelled activity aborts its HTTP call at
 * once, and API errors leave the activity as failures typed by the API's code.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { listOrganizations } from '../../api/contract/organizations.ts';
import { listTourUsers } from '../../api/contract/tours.ts';
import { withActivityFailures } from '../../api/client/index.ts';
import { useSandboxClient } from './sandbox-helpers.ts';

describe('inside an activity', () => {
  const env = useSandboxClient();

  it('a cancelled activity stops waiting for the API at once', async () => {
    env.sandbox.faults.add({ kind: 'latency', ms: 3000, match: { path: '^/v1/organizations$' }, times: 1 });
    const activity = new MockActivityEnvironment();
    const started = Date.now();
    const running = activity.run(() =>
      withActivityFailures(() => env.client.call(listOrganizations, { signal: Context.current().cancellationSignal })),
    );
    setTimeout(() => activity.cancel(), 100);
    await expect(running).rejects.toBeInstanceOf(CancelledFailure);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an API error leaves the activity as a failure typed by the API code', async () => {
    const activity = new MockActivityEnvironment();
    const failure = await activity
      .run(() =>
        withActivityFailures(() =>
          env.client.call(listTourUsers, { params: { tourId: '00000000-0000-4000-8000-00000000dead' } }),
        ),
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'TOUR_NOT_FOUND', nonRetryable: true });
  });

  it('a 429 leaves it retryable with the server-given delay', async () => {
    env.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 3,
      match: { path: '^/v1/organizations$' },
      times: 1,
    });
    const activity = new MockActivityEnvironment();
    const failure = await activity
      .run(() => withActivityFailures(() => env.client.call(listOrganizations, {})))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ type: 'TOO_MANY_REQUESTS', nonRetryable: false, nextRetryDelay: 3000 });
  });
});
