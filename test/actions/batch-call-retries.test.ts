/**
 * A batch activity runs a call again itself, within its own attempt, after a failure worth
 * retrying: that second try may follow a write of the first whose answer was lost, so inside it
 * the call counts as a retry (`isRetry`), as in a new attempt of the activity. An update that
 * then finds its record already so keeps the undo prepared for it (`nothingWritten` adds no
 * `wroteNothing`), so a rollback still restores what the first try wrote.
 */
import { packBatch } from '../../workflows/batch-input.ts';
import { describe, expect, it } from 'vitest';
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import { runBatch, type BatchRunner } from '../../activities/batch.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { nothingWritten } from '../../activities/actions/step-support.ts';
import { quickRetry, testCalls } from '../support/batch-calls.ts';

describe('a call a batch runs again', () => {
  it('is a retry in its second try, and an update found already so there keeps its undo', async () => {
    const seen: boolean[] = [];
    const runner: BatchRunner = {
      handlerFor: () => ({
        run: async () => {
          seen.push(isRetry());
          // the first try writes, and its answer is lost: a failure worth trying again
          if (seen.length === 1) throw new Error('socket hang up');
          return { output: {}, undo: [], describe: 'already so: nothing written', ...nothingWritten() };
        },
      }),
      contextFor: () => ({}) as never,
      toFailure: (error) => error,
    };
    const context = {
      info: { attempt: 1, heartbeatTimeoutMs: undefined, heartbeatDetails: undefined },
      heartbeat: () => undefined,
      sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
      cancellationSignal: new AbortController().signal,
    } as unknown as Context;
    const outcome = await asyncLocalStorage.run(context, () =>
      runBatch(runner, packBatch(testCalls(1), { stopOnFailure: true, retry: quickRetry(3) })),
    );
    expect(seen).toEqual([false, true]);
    expect(outcome.results[0]?.outcome?.wroteNothing).toBeUndefined();
  });
});
