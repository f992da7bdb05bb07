/**
 * A batch activity that runs several lanes side by side: never more calls in flight than its
 * lanes, results in list order, no call started after a refusal, a failure reported only once
 * the calls in flight have finished, and a retry that skips what the last attempt reported
 * done. The activity context is a stand-in (the SDK's context storage holds it as it holds the
 * real one); the calls are real promises.
 */
import { packBatch } from '../../workflows/batch-input.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ApplicationFailure, asyncLocalStorage, type Context } from '@temporalio/activity';
import { runBatch, type BatchRunner } from '../../activities/batch.ts';
import type { BatchCall, BatchOutcome, BatchResult, StepCall } from '../../activities/types.ts';
import { quickRetry, testCalls } from '../support/batch-calls.ts';

interface Recorder {
  started: number[];
  finished: number[];
  maxInFlight: number;
}

/** Calls that take `ms` each; `refuse` and `fail` name the indices the API refuses or that keep failing. */
function runner(recorder: Recorder, { ms = 5, refuse = -1, fail = -1 } = {}): BatchRunner {
  let inFlight = 0;
  return {
    handlerFor: () => ({
      run: async (call: StepCall) => {
        const index = Number(call.itemKey);
        recorder.started.push(index);
        inFlight++;
        recorder.maxInFlight = Math.max(recorder.maxInFlight, inFlight);
        try {
          await delay(index === fail || index === refuse ? 1 : ms);
          if (index === refuse)
            throw ApplicationFailure.create({
              type: 'VALIDATION_FAILED',
              message: 'name is too long',
              nonRetryable: true,
            });
          if (index === fail)
            throw ApplicationFailure.create({ type: 'SERVER_ERROR', message: 'server error', nonRetryable: false });
          recorder.finished.push(index);
          return { output: { index }, undo: [], describe: `call ${index}` };
        } finally {
          inFlight--;
        }
      },
    }),
    contextFor: () => ({}) as never, // the stand-in calls read nothing from it
    toFailure: (error) => error,
  };
}

function batch(size: number, lanes: number | undefined, stopOnFailure = true): BatchCall {
  return packBatch(testCalls(size), { stopOnFailure, retry: quickRetry(2), ...(lanes === undefined ? {} : { lanes }) });
}

/** Runs a batch in a stand-in activity context that starts with `heartbeatDetails`; returns its outcome and heartbeats. */
async function run(
  r: BatchRunner,
  call: BatchCall,
  heartbeatDetails?: unknown,
): Promise<{ outcome?: BatchOutcome; error?: unknown; beats: unknown[] }> {
  const beats: unknown[] = [];
  const context = {
    info: { heartbeatTimeoutMs: 60_000, heartbeatDetails },
    heartbeat: (details: unknown) => beats.push(structuredClone(details)),
    cancellationSignal: new AbortController().signal,
    sleep: (ms: number) => delay(ms),
  } as unknown as Context;
  try {
    return { outcome: await asyncLocalStorage.run(context, () => runBatch(r, call)), beats };
  } catch (error) {
    return { error, beats };
  }
}

const indexOf = (result: BatchResult | null | undefined) =>
  (result?.outcome?.output as { index: number } | undefined)?.index;
const fresh = (): Recorder => ({ started: [], finished: [], maxInFlight: 0 });

describe('a batch activity with several lanes', () => {
  it('keeps its lanes busy, never more calls in flight, and returns the results in list order', async () => {
    const recorder = fresh();
    const { outcome } = await run(runner(recorder), batch(20, 3));
    expect(recorder.maxInFlight).toBe(3);
    expect(recorder.started).toEqual(Array.from({ length: 20 }, (_, i) => i)); // started in list order
    expect(outcome!.results.map(indexOf)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('runs one call at a time without lanes, as batches of older runs did', async () => {
    const recorder = fresh();
    await run(runner(recorder), batch(6, undefined));
    expect(recorder.maxInFlight).toBe(1);
  });

  it('starts no call after a refusal; the calls in flight finish and keep their results', async () => {
    const recorder = fresh();
    const { outcome } = await run(runner(recorder, { ms: 20, refuse: 4 }), batch(12, 3));
    expect(Math.max(...recorder.started)).toBeLessThanOrEqual(6); // 4 refused while 3 more were at most in flight
    const results = outcome!.results;
    expect(results[4]?.failed).toMatchObject({ type: 'VALIDATION_FAILED', message: 'name is too long' });
    for (const index of recorder.finished) expect(indexOf(results[index])).toBe(index);
    for (let i = 0; i < 12; i++) if (!recorder.started.includes(i)) expect(results[i]).toBeNull();
  });

  it('goes on past a refusal when the step continues on failure', async () => {
    const recorder = fresh();
    const { outcome } = await run(runner(recorder, { refuse: 4 }), batch(12, 3, false));
    expect(outcome!.results.filter((result) => result?.outcome)).toHaveLength(11);
  });

  it('fails only once the calls in flight have finished, and heartbeats what they did for the retry', async () => {
    const recorder = fresh();
    const { error, beats } = await run(runner(recorder, { ms: 30, fail: 1 }), batch(9, 3));
    expect((error as ApplicationFailure).message).toBe('server error');
    expect((error as ApplicationFailure).nonRetryable).toBe(true); // its retries ran out inside the batch
    const inFlight = recorder.started.filter((index) => index !== 1);
    expect(recorder.finished.sort()).toEqual(inFlight.sort());
    const last = beats.at(-1) as { keys: string[]; outcomes: (BatchResult | null)[] };
    for (const index of recorder.finished) expect(indexOf(last.outcomes[index])).toBe(index);
  });

  it('skips on a retry the calls the last attempt reported done', async () => {
    const recorder = fresh();
    const keys = Array.from({ length: 8 }, (_, i) => `key/${i}`);
    const done = (index: number): BatchResult => ({
      outcome: { output: { index, earlier: true }, undo: [], describe: `call ${index}` },
    });
    const reported = [done(0), null, done(2), done(3), null, null, done(6), null];
    const { outcome } = await run(runner(recorder), batch(8, 2), { keys, outcomes: reported });
    expect(recorder.started.sort()).toEqual([1, 4, 5, 7]);
    expect(outcome!.results.map(indexOf)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect((outcome!.results[6]?.outcome?.output as { earlier?: boolean }).earlier).toBe(true);
  });

  it('resumes from the heartbeat of a worker from before several lanes per batch (the calls done, in order)', async () => {
    const recorder = fresh();
    const done = (index: number): BatchResult => ({
      outcome: { output: { index }, undo: [], describe: `call ${index}` },
    });
    await run(runner(recorder), batch(5, 2), { keys: ['key/0', 'key/1'], results: [done(0), done(1)] });
    expect(recorder.started.sort()).toEqual([2, 3, 4]);
  });

  it('runs every call again when the reported calls are not its own', async () => {
    const recorder = fresh();
    await run(runner(recorder), batch(3, 2), {
      keys: ['other-0'],
      outcomes: [{ outcome: { output: {}, undo: [], describe: 'x' } }],
    });
    expect(recorder.started.sort()).toEqual([0, 1, 2]);
  });
});
