/**
 * How often a batch heartbeats: every 5 s at most, the first one 5 s in, so that a batch does
 * not encode its outcomes once a call; but within half its heartbeat timeout, so that a step
 * with a short timeout is not timed out while its calls go well, also while one call takes
 * longer than the timeout, carrying the outcomes so far. The activity context is a
 * stand-in (the SDK's context storage holds it as it holds the real one); the calls are real promises.
 */
import { packBatch } from '../../workflows/batch-input.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import { runBatch, type BatchRunner } from '../../activities/batch.ts';
import type { BatchCall } from '../../activities/types.ts';
import { quickRetry, testCalls } from '../support/batch-calls.ts';

function runner(callMs: number): BatchRunner {
  return {
    handlerFor: () => ({
      run: async () => {
        await delay(callMs);
        return { output: {}, undo: [], describe: 'done' };
      },
    }),
    contextFor: () => ({}) as never, // the stand-in calls read nothing from it
    toFailure: (error) => error,
  };
}

function batch(size: number): BatchCall {
  return packBatch(testCalls(size), { stopOnFailure: true, retry: quickRetry(1) });
}

/** Runs a batch in a stand-in activity context; returns the times of its heartbeats. */
async function beatsOf(heartbeatTimeoutMs: number | undefined, calls: number, callMs: number): Promise<number[]> {
  const times: number[] = [];
  const start = Date.now();
  const context = {
    info: { heartbeatTimeoutMs, heartbeatDetails: undefined },
    heartbeat: () => times.push(Date.now() - start),
    cancellationSignal: new AbortController().signal,
  } as unknown as Context;
  const outcome = await asyncLocalStorage.run(context, () => runBatch(runner(callMs), batch(calls)));
  expect(outcome.results).toHaveLength(calls);
  return times;
}

describe('batch heartbeats', () => {
  it('come within half the heartbeat timeout when that is short', async () => {
    const times = await beatsOf(200, 12, 25);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...gaps, times[0]!)).toBeLessThan(200);
  });

  it('keep coming while a call waits, carrying the outcomes so far', async () => {
    let beaten: (details: { outcomes: unknown[] }) => void = () => undefined;
    const beat = new Promise<{ outcomes: unknown[] }>((resolve) => (beaten = resolve));
    // The second call ends only once a beat came while it ran (or fails after 5 s).
    const waiting: BatchRunner = {
      ...runner(1),
      handlerFor: () => ({
        run: async (call) => {
          if (call.itemKey === '1')
            await Promise.race([
              beat,
              delay(5_000).then(() => Promise.reject(new Error('no heartbeat while the call ran'))),
            ]);
          return { output: {}, undo: [], describe: 'done' };
        },
      }),
    };
    const context = {
      info: { heartbeatTimeoutMs: 200, heartbeatDetails: undefined },
      heartbeat: (details: { outcomes: unknown[] }) => beaten(structuredClone(details)),
      cancellationSignal: new AbortController().signal,
    } as unknown as Context;
    const outcome = await asyncLocalStorage.run(context, () => runBatch(waiting, batch(3)));
    expect(outcome.results.every((result) => result?.outcome)).toBe(true);
    expect((await beat).outcomes.map(Boolean)).toEqual([true, false, false]);
  });

  it('come no more than once in 5 s when the timeout allows, and not at all in a shorter batch', async () => {
    expect(await beatsOf(60_000, 12, 5)).toHaveLength(0);
    expect(await beatsOf(undefined, 12, 5)).toHaveLength(0);
  });
});
