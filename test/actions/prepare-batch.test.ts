/**
 * A batch's undo preparations: read at most `PREPARATIONS_IN_FLIGHT` at once, not one after
 * another, and returned in the calls' order whatever order their reads finish in; after a
 * failed preparation no new one starts. Pure logic: the preparations are stand-ins.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { prepareBatch, type BatchRunner } from '../../activities/batch.ts';
import { PREPARATIONS_IN_FLIGHT } from '../../activities/actions/concurrency.ts';
import type { StepCall } from '../../activities/types.ts';
import type { UndoHandlerName } from '../../activities/undo-names.ts';

const calls = (count: number): StepCall[] =>
  Array.from({ length: count }, (_, i) => ({
    action: 'test.update',
    stepId: 'step',
    itemKey: String(i),
    args: { i },
    idempotencyKey: `key-${i}`,
    run: { workflowId: 'wf', playbook: 'test', now: '2027-01-01T00:00:00Z' },
  }));

function runner(prepare: (call: StepCall) => Promise<void>): BatchRunner {
  return {
    handlerFor: () => ({
      run: () => Promise.reject(new Error('not run here')),
      prepare: async (call) => {
        await prepare(call);
        return [
          {
            activity: 'testRestore' as string as UndoHandlerName,
            args: { i: (call.args as { i: number }).i },
            describe: `restore ${call.itemKey}`,
          },
        ];
      },
    }),
    contextFor: () => ({}) as never, // the stand-in preparations read nothing from it
    toFailure: (error) => error,
  };
}

describe('prepareBatch', () => {
  it(`prepares ${PREPARATIONS_IN_FLIGHT} calls at once and returns their undo in the calls' order`, async () => {
    let inFlight = 0;
    let most = 0;
    const undo = await prepareBatch(
      runner(async (call) => {
        most = Math.max(most, ++inFlight);
        await delay(30 - (Number(call.itemKey) % 7)); // later calls often finish first
        inFlight--;
      }),
      calls(45),
    );
    expect(most).toBe(PREPARATIONS_IN_FLIGHT);
    expect(undo.map((records) => records[0]?.describe)).toEqual(Array.from({ length: 45 }, (_, i) => `restore ${i}`));
  });

  it('starts no preparation after one fails, and throws its error', async () => {
    const started: number[] = [];
    const failing = prepareBatch(
      runner(async (call) => {
        started.push(Number(call.itemKey));
        await delay(5);
        if (call.itemKey === '2') throw new Error('the read was refused');
      }),
      calls(45),
    );
    await expect(failing).rejects.toThrow('the read was refused');
    expect(started.length).toBeLessThan(2 * PREPARATIONS_IN_FLIGHT);
  });
});
