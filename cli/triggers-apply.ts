/**
 * `tourflow triggers apply FILE`: installs a playbook's triggers in the watcher of each tour
 * they name (update-with-start: the watcher is started if it does not run) and answers once they
 * are live. When the watcher's first read fails (the API down, a credential the API refuses, a
 * tour the worker may not read), the watcher puts the playbook's triggers back as they were and
 * the command fails with the read's error; when no answer comes within `--wait`, it says what is
 * installed and how to remove it.
 */
import { WithStartWorkflowOperation, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { durationMs } from '../definitions/triggers.ts';
import {
  applyTriggersUpdate,
  watcherId,
  watcherStatusQuery,
  type InstalledTrigger,
  type WatcherStatus,
} from '../workflows/watcher-messages.ts';
import { triggerSearchAttributes } from '../workflows/search-attributes.ts';
import type { Config } from '../worker/config.ts';
import { ExitCode, UserError, type CliContext } from './context.ts';
import { withClient } from './connect.ts';
import { apiClient, loadTriggers, WATCHER_WORKFLOW, type ApplyOptions } from './triggers.ts';

/** How long `apply` waits for the triggers to go live unless `--wait` says. */
export const DEFAULT_APPLY_WAIT = '2m';
/** How long it then asks the watcher why. */
const STATUS_WAIT_MS = 2_000;

/** `triggers apply FILE`: installs the triggers and answers once each watcher has them live. */
export async function apply(ctx: CliContext, file: string, options: ApplyOptions): Promise<void> {
  const api = apiClient(ctx);
  try {
    const { plan, tours } = await loadTriggers(ctx, file, options, api);
    if (options.dryRun) {
      const { dryRun } = await import('./triggers-dry-run.ts');
      await dryRun(ctx, api, tours, options.json);
      return;
    }
    const pollMs = options.poll ? checkedDuration('--poll', options.poll) : undefined;
    const waitMs = checkedDuration('--wait', options.wait ?? DEFAULT_APPLY_WAIT);
    await withClient(ctx, options, async (client, config) => {
      const done: string[] = [];
      for (const { tourId, triggers } of tours) {
        const status = await applyOne(client, config, { tourId, playbook: plan.name, triggers, pollMs, waitMs }, done);
        const live = status.triggers.filter((t) => t.playbook === plan.name).map((t) => t.id);
        ctx.out(
          `live: ${live.join(', ')} on tour ${tourId} (watcher ${watcherId(tourId)}, polls every ${Math.round(status.pollMs / 1000)} s)`,
        );
        done.push(tourId);
      }
    });
  } finally {
    await api.close();
  }
}

interface OneTour {
  tourId: string;
  playbook: string;
  triggers: InstalledTrigger[];
  pollMs?: number;
  waitMs: number;
}

/** Applies one tour's triggers; a read that fails or an answer that does not come is the command's error. */
async function applyOne(client: Client, config: Config, one: OneTour, done: string[]): Promise<WatcherStatus> {
  const { tourId, playbook, triggers, pollMs, waitMs } = one;
  const start = new WithStartWorkflowOperation(WATCHER_WORKFLOW, {
    workflowId: watcherId(tourId),
    taskQueue: config.temporal.taskQueue,
    args: [{ tourId, pollMs: pollMs ?? 60_000 }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    memo: { tourId },
    searchAttributes: triggerSearchAttributes(
      tourId,
      triggers.map(({ trigger }) => `${playbook}/${trigger.id}`),
    ),
    staticSummary: `watches tour ${tourId} for triggers`,
  });
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), waitMs);
  const elsewhere = done.length > 0 ? ` (live on tour ${done.join(', ')})` : '';
  try {
    return await client.withAbortSignal(deadline.signal, () =>
      client.workflow.executeUpdateWithStart(applyTriggersUpdate, {
        args: [playbook, triggers, pollMs],
        startWorkflowOperation: start,
      }),
    );
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError)
      throw new UserError(`${error.cause?.message ?? error.message}${elsewhere}`, {
        exitCode: ExitCode.failed,
        cause: error,
      });
    if (!deadline.signal.aborted) throw error;
    // a read still running holds the watcher's task, and a query waits for it: ask briefly
    const view = await client
      .withAbortSignal(AbortSignal.timeout(STATUS_WAIT_MS), () =>
        client.workflow.getHandle(watcherId(tourId)).query(watcherStatusQuery),
      )
      .catch(() => undefined);
    const why = view?.stats.lastError
      ? `its last read failed: ${view.stats.lastError}`
      : 'its first read has not finished';
    throw new UserError(
      `${playbook}'s triggers on tour ${tourId} are not live after ${Math.round(waitMs / 1000)} s: ${why}${elsewhere}. ` +
        `They stay installed: they go live with the watcher's first good read, or are removed if that read fails ` +
        `(tourflow triggers status ${tourId}); tourflow triggers delete ${tourId} --playbook ${playbook} removes them now`,
      { exitCode: ExitCode.failed, cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

function checkedDuration(flag: string, text: string): number {
  try {
    return durationMs(text);
  } catch {
    throw new UserError(`${flag}: expected a duration like "30s", "1m" or "5m", not "${text}"`);
  }
}
