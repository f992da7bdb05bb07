/**
 * Each error class of the contract, produced by the sandbox over real HTTP: what the client
 * raises, whether it is retryable, and the Temporal failure it becomes.
 */
import { getEventListeners } from 'node:events';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { Endpoints } from '../../api/contract/assumptions.ts';
import { listOrganizations } from '../../api/contract/organizations.ts';
import { noData } from '../../api/contract/shared.ts';
import { createTour, deleteTour, listTourUsers } from '../../api/contract/tours.ts';
import {
  ApiError,
  createApiClient,
  defineEndpoint,
  stepWaitLimit,
  toActivityFailure,
  withCallRetries,
  type TokenSource,
} from '../../api/client/index.ts';
import { configFor, tourBody, useSandboxClient } from './sandbox-helpers.ts';
import { FailureType } from '../../definitions/failure-types.ts';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('error classes against the sandbox', () => {
  const env = useSandboxClient();
  let key = 0;
  const nextKey = () => `errors-test-${++key}`;

  const nonRetryable: Array<[string, number, string, () => Promise<unknown>]> = [
    [
      '400 VALIDATION_ERROR',
      400,
      'VALIDATION_ERROR',
      () =>
        env.client.call(createTour, {
          body: tourBody(env.sandbox.credentials.orgId, { end_date: '2027-04-01' }),
          idempotencyKey: nextKey(),
        }),
    ],
    [
      '402 SUBSCRIPTION_REQUIRED',
      402,
      'SUBSCRIPTION_REQUIRED',
      () =>
        env.client.call(createTour, {
          body: tourBody(env.sandbox.credentials.orgs.noSubscription),
          idempotencyKey: nextKey(),
        }),
    ],
    [
      '404 TOUR_NOT_FOUND for a deleted tour',
      404,
      'TOUR_NOT_FOUND',
      async () => {
        const { id } = await env.client.call(createTour, {
          body: tourBody(env.sandbox.credentials.orgId),
          idempotencyKey: nextKey(),
        });
        await env.client.call(deleteTour, { params: { tourId: id } });
        return env.client.call(listTourUsers, { params: { tourId: id } });
      },
    ],
    [
      '405 METHOD_NOT_ALLOWED',
      405,
      'METHOD_NOT_ALLOWED',
      () => env.client.call(defineEndpoint({ ...Endpoints.listOrganizations, method: 'DELETE' }, { data: noData }), {}),
    ],
    [
      '413 PAYLOAD_TOO_LARGE',
      413,
      'PAYLOAD_TOO_LARGE',
      () =>
        env.client.call(createTour, {
          body: tourBody(env.sandbox.credentials.orgId, { image: 'x'.repeat(600 * 1024) }),
          idempotencyKey: nextKey(),
        }),
    ],
  ];

  it.each(nonRetryable)(
    '%s is not retryable and keeps its code as the failure type',
    async (_name, status, type, run) => {
      const error = await caught(run());
      expect(error.status).toBe(status);
      expect(error.type).toBe(type);
      expect(error.retryable).toBe(false);
      const failure = toActivityFailure(error);
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect(failure.type).toBe(type);
      expect(failure.nonRetryable).toBe(true);
      expect(failure.details).toEqual([{ status, endpoint: error.endpoint, code: error.code ?? null }]);
    },
  );

  it('403 INSUFFICIENT_SCOPE names the missing scope', async () => {
    const limited = env.sandbox.credentials.limited;
    const readOnly = createApiClient({
      config: configFor(env.sandbox, { ...limited, refreshToken: limited.refreshToken }),
    });
    try {
      const error = await caught(
        readOnly.call(createTour, { body: tourBody(env.sandbox.credentials.orgId), idempotencyKey: nextKey() }),
      );
      expect([error.status, error.code, error.retryable]).toEqual([403, 'INSUFFICIENT_SCOPE', false]);
      expect(error.message).toContain('tours.write');
      expect(error.message).toContain(
        'The partner credential (TOURFLOW_API_KEY) was not granted a scope this call needs.',
      );
      expect(error.endpoint).toBe('POST /v1/tours');
    } finally {
      await readOnly.close();
    }
  });

  it('403 from the gateway (bad key) has no code: the failure type is HTTP_403', async () => {
    const wrong = createApiClient({ config: configFor(env.sandbox, { apiKey: 'not-a-key' }) });
    try {
      const error = await caught(wrong.call(listOrganizations, {}));
      expect([error.status, error.code, error.type, error.retryable]).toEqual([403, undefined, 'HTTP_403', false]);
      expect(error.message).toBe(
        'GET /v1/organizations failed with 403: Forbidden. The API refused the API key or secret (TOURFLOW_API_KEY, TOURFLOW_API_SECRET): an unknown, revoked or expired key, or a secret that does not match it.',
      );
    } finally {
      await wrong.close();
    }
  });

  it('401 that survives the one refresh is not retryable', async () => {
    let refreshes = 0;
    const stale: TokenSource = {
      getAccessToken: async () => 'stale-token',
      refresh: async () => {
        refreshes += 1;
        return 'still-stale-token';
      },
      scopes: async () => undefined,
    };
    const stuck = createApiClient({ config: configFor(env.sandbox), tokenSource: stale });
    try {
      const error = await caught(stuck.call(listOrganizations, {}));
      expect([error.status, error.type, error.retryable]).toEqual([401, 'HTTP_401', false]);
      expect(error.message).toContain('The API refused the user token (missing, invalid or expired)');
      expect(refreshes).toBe(1);
    } finally {
      await stuck.close();
    }
  });

  it.each([500, 502] as const)('%i is retryable, and the opt-in retry gets through', async (status) => {
    env.sandbox.faults.add({ kind: 'status', status, match: { path: '^/v1/organizations$' }, times: 1 });
    const error = await caught(env.client.call(listOrganizations, {}));
    expect([error.status, error.retryable]).toEqual([status, true]);
    expect(toActivityFailure(error).nonRetryable).toBe(false);

    env.sandbox.faults.add({ kind: 'status', status, match: { path: '^/v1/organizations$' }, times: 2 });
    const retrying = createApiClient({
      config: configFor(env.sandbox),
      retry: { maximumAttempts: 3, initialIntervalMs: 20 },
    });
    try {
      expect((await retrying.call(listOrganizations, {})).length).toBeGreaterThan(0);
    } finally {
      await retrying.close();
    }
  });

  it('429 is retryable after Retry-After, which becomes the next retry delay', async () => {
    env.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 1,
      match: { path: '^/v1/organizations$' },
      times: 1,
    });
    const error = await caught(env.client.call(listOrganizations, {}));
    expect([error.status, error.retryable, error.retryAfterMs]).toEqual([429, true, 1000]);
    const failure = toActivityFailure(error);
    expect(failure.nonRetryable).toBe(false);
    expect(failure.nextRetryDelay).toBe(1000);

    env.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 1,
      match: { path: '^/v1/organizations$' },
      times: 1,
    });
    const delays: number[] = [];
    const retrying = createApiClient({
      config: configFor(env.sandbox),
      retry: { maximumAttempts: 3, initialIntervalMs: 10 },
      onRetry: ({ delayMs }) => delays.push(delayMs),
    });
    try {
      const started = Date.now();
      await retrying.call(listOrganizations, {});
      expect(delays).toEqual([1000]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await retrying.close();
    }
  });

  it('a Retry-After of 12 s is honoured in full under the default step policy, whose longest interval is 10 s', async () => {
    env.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 12,
      match: { path: '^/v1/organizations$' },
      times: 1,
    });
    const delays: number[] = [];
    const stop = new AbortController();
    const options = {
      maximumAttempts: 4,
      initialIntervalMs: 1000,
      backoffCoefficient: 2,
      maximumIntervalMs: 10_000,
      waitLimit: stepWaitLimit({ startToCloseTimeoutMs: 60_000 }),
    };
    const onRetry = ({ delayMs }: { delayMs: number }) => {
      delays.push(delayMs);
      stop.abort(new Error('the wait began')); // no need to sit through it
    };
    const running = withCallRetries({ options, onRetry }, () =>
      env.client.call(listOrganizations, { signal: stop.signal }),
    );
    await expect(running).rejects.toThrow('the wait began');
    expect(delays).toEqual([12_000]);
  });

  it('outside a step, a Retry-After past 120 s fails at once, saying how long the API asked to wait', async () => {
    env.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 150,
      match: { path: '^/v1/organizations$' },
      times: 1,
    });
    const retrying = createApiClient({ config: configFor(env.sandbox), retry: { maximumAttempts: 3 } });
    try {
      const started = Date.now();
      const error = await caught(retrying.call(listOrganizations, {}));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error.message).toBe(
        'GET /v1/organizations failed with 429 TOO_MANY_REQUESTS: Too many requests. The API asked to wait 150 s before trying again (Retry-After), ' +
          'more than the 120 s a call waits at most outside a step allows (120 s left): try again later.',
      );
      expect([error.status, error.type, error.attempts]).toEqual([429, 'TOO_MANY_REQUESTS', 1]);
    } finally {
      await retrying.close();
    }
  });

  it("gives up after the default policy's four attempts with backoff, keeping the last error", async () => {
    env.sandbox.faults.add({ kind: 'status', status: 500, match: { path: '^/v1/organizations$' } });
    const delays: number[] = [];
    const retrying = createApiClient({
      config: configFor(env.sandbox),
      retry: { initialIntervalMs: 10 },
      onRetry: ({ delayMs }) => delays.push(delayMs),
    });
    try {
      const error = await caught(retrying.call(listOrganizations, {}));
      expect(error.status).toBe(500);
      expect(delays).toEqual([10, 20, 40]);
    } finally {
      await retrying.close();
    }
  });

  it('a request past the whole-request timeout is a retryable TIMEOUT', async () => {
    env.sandbox.faults.add({ kind: 'latency', ms: 1500, match: { path: '^/v1/organizations$' }, times: 1 });
    const impatient = createApiClient({ config: configFor(env.sandbox), timeouts: { requestMs: 200 } });
    try {
      const error = await caught(impatient.call(listOrganizations, {}));
      expect([error.code, error.retryable, error.status]).toEqual([FailureType.TIMEOUT, true, undefined]);
      expect(toActivityFailure(error).type).toBe('TIMEOUT');
    } finally {
      await impatient.close();
    }
  });

  it('a refused connection is a retryable NETWORK_ERROR', async () => {
    const nowhere = createApiClient({ config: configFor(env.sandbox, { baseUrl: 'http://127.0.0.1:1' }) });
    try {
      const error = await caught(nowhere.call(listOrganizations, {}));
      expect([error.code, error.retryable]).toEqual([FailureType.NETWORK_ERROR, true]);
    } finally {
      await nowhere.close();
    }
  });

  it('a cancelled call rethrows the signal reason at once', async () => {
    env.sandbox.faults.add({ kind: 'latency', ms: 1500, match: { path: '^/v1/organizations$' }, times: 1 });
    const controller = new AbortController();
    const reason = new Error('activity cancelled');
    setTimeout(() => controller.abort(reason), 50);
    const started = Date.now();
    await expect(env.client.call(listOrganizations, { signal: controller.signal })).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('cancels every call in flight under one signal, with one listener on it while any is in flight', async () => {
    const calls = 20;
    env.sandbox.faults.add({ kind: 'latency', ms: 1500, match: { path: '^/v1/organizations$' }, times: calls });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const reason = new Error('activity cancelled');
      const running = Array.from({ length: calls }, () =>
        env.client.call(listOrganizations, { signal: controller.signal }),
      );
      setTimeout(() => controller.abort(reason), 50);
      for (const outcome of await Promise.allSettled(running)) expect(outcome).toEqual({ status: 'rejected', reason });
      // node warns once a signal has more than ten listeners
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
      // and calls that end leave no listener behind on a signal that lives on
      const living = new AbortController().signal;
      await Promise.all(Array.from({ length: 3 }, () => env.client.call(listOrganizations, { signal: living })));
      expect(getEventListeners(living, 'abort')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
