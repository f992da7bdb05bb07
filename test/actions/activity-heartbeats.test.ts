/**
 * Every activity heartbeats while it runs, not only batches: a call that takes longer than the
 * heartbeat timeout (a slow answer, a retry's backoff) keeps its activity alive, so that only a
 * killed worker's activity is taken away and retried elsewhere. A local activity cannot beat and
 * does not. A batch whose calls end without waiting for the network (answers from shared reads,
 * nothing to change) lets the heartbeat timer run between them. The activity context is a stand-in (the SDK's context storage holds it as it holds
 * the real one); the action is a stand-in that waits.
 */
import { packBatch } from '../../workflows/batch-input.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import { defaultPayloadConverter } from '@temporalio/common';
import { createActivities } from '../../activities/index.ts';
import { activityName, type ActionModule } from '../../activities/action.ts';
import { runBatch, type BatchRunner } from '../../activities/batch.ts';
import type { StepCall } from '../../activities/types.ts';
import { quickRetry, testCalls } from '../support/batch-calls.ts';
import { CompressionCodec } from '../../worker/codec.ts';

type Activity = (call: StepCall) => Promise<unknown>;

/** Activities of one stand-in action that runs `wait`. */
function activityOf(wait: () => Promise<unknown>): Activity {
  const module: ActionModule = {
    actions: { 'test.call': { run: async () => (await wait(), { output: {}, undo: [], describe: 'done' }) } },
    undo: {},
  };
  const activities = createActivities({ client: {} as never, outputDir: '' }, [module]) as unknown as Record<
    string,
    Activity
  >;
  return activities[activityName('test.call')]!;
}

function contextOf(
  info: { heartbeatTimeoutMs?: number; isLocal?: boolean },
  heartbeat: (details?: unknown) => void,
): Context {
  return {
    info: { heartbeatDetails: undefined, ...info },
    heartbeat,
    cancellationSignal: new AbortController().signal,
  } as unknown as Context;
}

describe('activity heartbeats', () => {
  it('come while a single call runs longer than the heartbeat timeout', async () => {
    let beaten: () => void = () => undefined;
    const beat = new Promise<void>((resolve) => (beaten = resolve));
    // The call ends only once a beat came while it ran (or fails after 5 s).
    const activity = activityOf(() =>
      Promise.race([beat, delay(5_000).then(() => Promise.reject(new Error('no heartbeat while the call ran')))]),
    );
    const context = contextOf({ heartbeatTimeoutMs: 200 }, () => beaten());
    await expect(asyncLocalStorage.run(context, () => activity(testCalls(1)[0]!))).resolves.toMatchObject({
      describe: 'done',
    });
  });

  it('do not come from a local activity', async () => {
    const beats: number[] = [];
    const activity = activityOf(() => delay(300));
    const context = contextOf({ heartbeatTimeoutMs: 200, isLocal: true }, () => beats.push(Date.now()));
    await asyncLocalStorage.run(context, () => activity(testCalls(1)[0]!));
    expect(beats).toEqual([]);
  });

  it('reach the SDK while a batch runs calls that end without waiting for the network', async () => {
    const busy: BatchRunner = {
      // A little work and an answer already at hand: no I/O between one call and the next.
      handlerFor: () => ({
        run: async () => {
          const until = performance.now() + 0.5;
          while (performance.now() < until);
          return { output: {}, undo: [], describe: 'done' };
        },
      }),
      contextFor: () => ({}) as never,
      toFailure: (error) => error,
    };
    // Keys long enough that each beat's details pass 1 MiB: the worker's codec compresses them
    // on the thread pool, as the SDK does before it hands a beat over.
    const calls = testCalls(3_000).map((call) => ({
      ...call,
      idempotencyKey: `${'k'.repeat(400)}/${call.itemKey}`,
    }));
    const codec = new CompressionCodec();
    const sent: number[] = [];
    const started = Date.now();
    const context = contextOf({ heartbeatTimeoutMs: 1_000 }, (details?: unknown) => {
      void codec.encode([defaultPayloadConverter.toPayload(details)]).then(() => sent.push(Date.now() - started));
    });
    const outcome = await asyncLocalStorage.run(context, () =>
      runBatch(busy, packBatch(calls, { stopOnFailure: true, retry: quickRetry(1) })),
    );
    const ran = Date.now() - started;
    expect(outcome.results).toHaveLength(calls.length);
    // Beats every 500 ms (half the heartbeat timeout) reached the SDK through the batch's 1.5 s of work.
    const during = sent.filter((at) => at < ran);
    const gaps = [...during, ran].map((at, i, all) => at - (i === 0 ? 0 : all[i - 1]!));
    expect(Math.max(...gaps), `beats handed over at ${sent.join(', ')} ms of ${ran} ms`).toBeLessThan(1_000);
  });
});
