/**
 * The undo of a write whose answer was lost (`undoReplayAndUndo`) replays the write under its
 * key and undoes what comes back; each undo it runs is keyed by the run and the place in its
 * saga, never by the undo's arguments. Two runs whose undos write back the same values within
 * the API's idempotency window both put the record back: the second is not answered with the
 * first's result. Against the sandbox over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityName, type ActionModule } from '../../activities/action.ts';
import { updateBulletin } from '../../api/contract/bulletins.ts';
import { createActivities } from '../../activities/index.ts';
import { actionModules } from '../../activities/modules.ts';
import type { StepCall } from '../../activities/types.ts';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { RunKeys } from '../../workflows/keys.ts';
import { quickRetry } from '../support/batch-calls.ts';
import { rows, startHarness, type Harness } from './activity-harness.ts';

/**
 * A write whose undo carries only the record and its old values (no key of the call), as the
 * write-back of any update does: two runs that change the record from the same state get undos
 * with equal arguments.
 */
const retitle: ActionModule = {
  actions: {
    'probe.retitle': {
      run: async (call, ctx) => {
        const { bulletinId, title, before } = call.args as {
          bulletinId: string;
          title: string;
          before: { title: string; body: string; isPinned: boolean };
        };
        await ctx.client.call(updateBulletin, {
          params: { bulletinId },
          body: { title },
          idempotencyKey: ctx.key(),
          signal: ctx.signal,
        });
        return {
          output: { id: bulletinId },
          undo: [
            {
              activity: 'bulletinWriteBack',
              args: { bulletinId, body: before },
              describe: `put bulletin ${bulletinId} back`,
            },
          ],
          describe: `retitled ${bulletinId}`,
        };
      },
    },
  },
  undo: {},
};

type Activity = (arg: unknown, meta?: unknown) => Promise<unknown>;

/** The store but for the flag the API sets on a bulletin once it was edited (a write-back leaves it set). */
const notEdited = (snapshot: StoreSnapshot): StoreSnapshot => ({
  ...snapshot,
  bulletins: rows(snapshot, 'bulletins').map((entry) => ({ ...entry, isEdited: false })),
});

describe('undos of writes whose answers were lost', () => {
  let h: Harness;
  let activities: Record<string, Activity>;
  beforeAll(async () => {
    h = await startHarness();
    activities = createActivities(
      { client: h.client, outputDir: h.outputDir, inputDir: h.inputDir, defaultOrg: h.sandbox.credentials.orgId },
      [...actionModules, retitle],
    ) as unknown as Record<string, Activity>;
  });
  afterAll(async () => {
    await h?.close();
  });

  /**
   * Two runs change the same bulletin from the same state, each losing the answer, and roll back
   * through `undoReplayAndUndo` (with the saga's key of the undo when `saga` is set).
   */
  async function twoRuns(tourName: string, runs: string[], saga: boolean) {
    const tour = await h.createTour(tourName);
    const bulletinId = (
      (await h.run('bulletin.create', { tourId: tour.id, day: '2027-03-27', title: 'Bus call', body: 'Lobby 9:00' }))
        .output as { id: string }
    ).id;
    const before = h.snapshot();
    const args = {
      bulletinId,
      title: 'Bus call moved',
      before: { title: 'Bus call', body: 'Lobby 9:00', isPinned: false },
    };
    for (const run of runs) {
      const keys = new RunKeys(run);
      const call: StepCall = h.stepCall('probe.retitle', args, { key: keys.of('retitle', null), stepId: 'retitle' });
      h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'PUT', path: '^/v1/bulletins/' }, times: 1 });
      await expect(activities[activityName('probe.retitle')]!(call)).rejects.toThrow();
      expect(rows(h.snapshot(), 'bulletins').find((row) => String(row.id) === bulletinId)?.title).toBe(
        'Bus call moved',
      );
      // as the saga runs it: keyed by the run's key seed and the undo's place in the saga
      const meta = saga ? { idempotencyKey: keys.of('undo', '0.0'), retry: quickRetry(3) } : undefined;
      await activities.undoReplayAndUndo!({ call }, meta);
      expect(notEdited(h.snapshot()), run).toEqual(notEdited(before));
    }
  }

  it('two runs that write back the same values each put the record back', async () => {
    await twoRuns('Replayed undos', ['run-a', 'run-b'], true);
  });

  it('outside a workflow, the undos of two calls are keyed by each call', async () => {
    await twoRuns('Replayed undos, no saga', ['script-a', 'script-b'], false);
  });
});
