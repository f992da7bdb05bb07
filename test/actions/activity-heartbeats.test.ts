/**
 * Every activity heartbeats while it runs, not only batches: a call that takes longer than the
 * heartbeat timeout (a slow answer, a retry's backoff) keeps its activity alive, so that only a
 * killed worker's activity is taken away and retried elsewhere. A local activity cannot beat and
 * does not. The activity context is a stand-in (the SDK's context storage holds it as it holds
 * the real one); the action is a stand-in that waits.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import { createActivities } from '../../activities/index.ts';
import { activityName, type ActionModule } from '../../activities/action.ts';
import type { StepCall } from '../../activities/types.ts';
import { testCalls } from '../support/batch-calls.ts';

type Activity = (call: StepCall) => Promise<unknown>;

/** Activities of one stand-in action that runs `wait`. */
function activityOf(wait: () => Promise<unknown>): Activity {
  const module: ActionModule = {
    actions: { 'test.call': { run: async () => (await wait(), { output: {}, undo: [], describe: 'done' }) } },
    undo: {},
  };
  const activities = createActivities({ client: {} as never, outputDir: '' }, [module]) as unknown as Record<string, Activity>;
  return activities[activityName('test.call')]!;
}

function contextOf(info: { heartbeatTimeoutMs?: number; isLocal?: boolean }, heartbeat: () => void): Context {
  return { info: { heartbeatDetails: undefined, ...info }, heartbeat, cancellationSignal: new AbortController().signal } as unknown as Context;
}

describe('activity heartbeats', () => {
  it('come while a single call runs longer than the heartbeat timeout', async () => {
    let beaten: () => void = () => undefined;
    const beat = new Promise<void>((resolve) => (beaten = resolve));
    // The call ends only once a beat came while it ran (or fails after 5 s).
    const activity = activityOf(() => Promise.race([beat, delay(5_000).then(() => Promise.reject(new Error('no heartbeat while the call ran')))]));
    const context = contextOf({ heartbeatTimeoutMs: 200 }, () => beaten());
    await expect(asyncLocalStorage.run(context, () => activity(testCalls(1)[0]!))).resolves.toMatchObject({ describe: 'done' });
  });

  it('do not come from a local activity', async () => {
    const beats: number[] = [];
    const activity = activityOf(() => delay(300));
    const context = contextOf({ heartbeatTimeoutMs: 200, isLocal: true }, () => beats.push(Date.now()));
    await asyncLocalStorage.run(context, () => activity(testCalls(1)[0]!));
    expect(beats).toEqual([]);
  });
});
