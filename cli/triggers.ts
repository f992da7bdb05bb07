/**
 * `tourflow triggers ...`: loads a playbook's triggers for `apply` (`triggers-apply.ts`), and
 * reads, pauses and removes the triggers of a tour's watcher. The tour a trigger names (by ID,
 * name or an input) is looked up through the API first: a tour that does not exist is the
 * user's mistake, exit 2.
 */
import { createHash } from 'node:crypto';
import {
  isGrpcServiceError,
  ServiceError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import { createApiClient, type ApiClient } from '../api/client/index.ts';
import { listOrganizations } from '../api/contract/organizations.ts';
import { getTourData, listTours } from '../api/contract/tours.ts';
import { compilePlaybookFile, formatErrors, planForRun, resolveInputs } from '../definitions/index.ts';
import { evaluateTemplate } from '../definitions/expressions.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import type { TriggeredPlan } from '../definitions/trigger-types.ts';
import {
  explainQuery,
  pauseTriggersUpdate,
  removeTriggersUpdate,
  watcherId,
  watcherStatusQuery,
  type InstalledTrigger,
  type WatcherStatus,
} from '../workflows/watcher-messages.ts';
import { ExitCode, UserError, type CliContext } from './context.ts';
import { withClient } from './connect.ts';
import type { TemporalFlags } from './options.ts';
import { readInputsFlag } from './playbook-input.ts';

export const WATCHER_WORKFLOW = 'tourWatcherWorkflow';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ApplyOptions extends TemporalFlags {
  input?: Record<string, string>;
  inputs?: string;
  poll?: string;
  /** How long to wait for the triggers to go live. @default 2m */
  wait?: string;
  dryRun?: boolean;
  json?: boolean;
}

/** A playbook's triggers grouped by the tour they watch, ready to install. */
export interface TourTriggers {
  tourId: string;
  triggers: InstalledTrigger[];
}

/** Compiles the playbook and resolves its triggers' tours and inputs. */
export async function loadTriggers(
  ctx: CliContext,
  file: string,
  options: ApplyOptions,
  api: ApiClient,
): Promise<{ plan: TriggeredPlan; tours: TourTriggers[] }> {
  const compiled = await compilePlaybookFile(file, { cwd: ctx.cwd });
  if (compiled.errors.length > 0 || !compiled.plan)
    throw new UserError(formatErrors(compiled.errors, compiled.sources));
  const plan = planForRun(compiled.plan) as TriggeredPlan;
  const triggers = plan.triggers ?? [];
  if (triggers.length === 0) throw new UserError(`${file} has no triggers: block; see "Triggers" in docs/playbooks.md`);
  const given = { ...(options.inputs ? await readInputsFlag(ctx, options.inputs) : {}), ...(options.input ?? {}) };
  // inputs a trigger gives each run, and the tour's ID, need not be given here
  const later = new Set(['tourId', ...triggers.flatMap((trigger) => Object.keys(trigger.inputs))]);
  const loose: Pick<Plan, 'inputs'> = {
    inputs: Object.fromEntries(
      Object.entries(plan.inputs).map(([name, input]) => [
        name,
        later.has(name) ? { ...input, required: false } : input,
      ]),
    ),
  };
  const resolved = resolveInputs(loose, given);
  if (resolved.errors.length > 0) throw new UserError(resolved.errors.join('\n'));
  const byTour = new Map<string, InstalledTrigger[]>();
  for (const trigger of triggers) {
    const named = evaluateTemplate(trigger.tour, { inputs: resolved.inputs });
    if (typeof named !== 'string' || named === '')
      throw new UserError(
        `trigger "${trigger.id}": its tour is ${JSON.stringify(named)}; give the input it reads (--input)`,
      );
    const tourId = await findTourId(api, named, trigger.id, ctx.signal);
    // a tour named by its name reaches the runs by its ID
    const byId = plan.inputs.tourId && (resolved.inputs.tourId === undefined || resolved.inputs.tourId === named);
    const inputs: JsonObject = { ...resolved.inputs, ...(byId ? { tourId } : {}) };
    const version = createHash('sha256')
      .update(JSON.stringify([trigger, plan.sourceHash, inputs]))
      .digest('hex')
      .slice(0, 16);
    const list = byTour.get(tourId) ?? [];
    list.push({ playbook: plan.name, trigger, plan, inputs, version });
    byTour.set(tourId, list);
  }
  return { plan, tours: [...byTour].map(([tourId, list]) => ({ tourId, triggers: list })) };
}

/** The ID of the tour a trigger names: an ID the caller can read, or the name of exactly one of its tours. */
async function findTourId(api: ApiClient, named: string, trigger: string, signal: AbortSignal): Promise<string> {
  if (UUID.test(named)) {
    try {
      await api.call(getTourData, {
        params: { tourId: named },
        query: { scheduleLimit: 1, venuesLimit: 1, accommodationLimit: 1, guestlistLimit: 1, bulletinsLimit: 1 },
        signal,
      });
      return named;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404 || status === 403)
        throw new UserError(`trigger "${trigger}": no tour ${named} (or it is not visible to this credential)`, {
          cause: error,
        });
      throw error;
    }
  }
  const found: string[] = [];
  for (const org of await api.call(listOrganizations, { signal })) {
    for (const membership of await api.call(listTours, { query: { org_id: org.id }, signal })) {
      if (
        membership.tour.name?.trim().toLowerCase() === named.trim().toLowerCase() &&
        membership.tour.is_deleted !== true
      )
        found.push(membership.tour.id);
    }
  }
  if (found.length === 0) throw new UserError(`trigger "${trigger}": no tour named "${named}"`);
  if (found.length > 1)
    throw new UserError(
      `trigger "${trigger}": ${found.length} tours are named "${named}" (${found.join(', ')}); name it by its ID`,
    );
  return found[0] as string;
}

/** An API client of the configured credential, for the CLI's own reads. */
export function apiClient(ctx: CliContext): ApiClient {
  return createApiClient({ config: ctx.config().api, retry: { maximumAttempts: 3 } });
}

/** Runs `fn` on a tour's watcher; a tour without one is the user's mistake. */
export async function onWatcher<T>(
  ctx: CliContext,
  tourId: string,
  options: TemporalFlags,
  fn: (client: Client, id: string) => Promise<T>,
): Promise<T> {
  return withClient(ctx, options, async (client) => {
    try {
      return await fn(client, watcherId(tourId));
    } catch (error) {
      if (error instanceof WorkflowNotFoundError || (error as { name?: string }).name === 'WorkflowNotFoundError')
        throw new UserError(`no triggers on tour ${tourId}: nothing watches it (tourflow triggers apply FILE)`, {
          cause: error,
        });
      throw error;
    }
  });
}

export async function status(
  ctx: CliContext,
  tourId: string,
  options: TemporalFlags & { json?: boolean },
): Promise<WatcherView> {
  return withLag(
    await onWatcher(ctx, tourId, options, (client, id) => client.workflow.getHandle(id).query(watcherStatusQuery)),
  );
}

/** A watcher's status as the CLI shows it: with the time since its last poll ended. */
export type WatcherView = WatcherStatus & {
  /** Milliseconds since the last poll ended, measured by the CLI (a query sees the workflow's clock as of its last task). */
  lagMs: number | null;
};

/** The status with its lag, measured now. */
export function withLag(view: WatcherStatus): WatcherView {
  return { ...view, lagMs: view.stats.lastPollMs === undefined ? null : Date.now() - view.stats.lastPollMs };
}

export async function explain(ctx: CliContext, tourId: string, options: TemporalFlags) {
  return onWatcher(ctx, tourId, options, (client, id) => client.workflow.getHandle(id).query(explainQuery));
}

export async function setPaused(
  ctx: CliContext,
  tourId: string,
  paused: boolean,
  options: TemporalFlags,
): Promise<WatcherStatus> {
  return updateWatcher(ctx, tourId, options, `tourflow triggers ${paused ? 'pause' : 'resume'} ${tourId}`, (handle) =>
    handle.executeUpdate(pauseTriggersUpdate, { args: [paused] }),
  );
}

export async function remove(
  ctx: CliContext,
  tourId: string,
  playbook: string,
  options: TemporalFlags,
): Promise<WatcherStatus> {
  return updateWatcher(ctx, tourId, options, `tourflow triggers delete ${tourId} --playbook ${playbook}`, (handle) =>
    handle.executeUpdate(removeTriggersUpdate, { args: [playbook] }),
  );
}

/** Sends `command`'s update to the tour's watcher: one Temporal refuses or does not answer is a message, not a crash. */
async function updateWatcher(
  ctx: CliContext,
  tourId: string,
  options: TemporalFlags,
  command: string,
  send: (handle: WorkflowHandle) => Promise<WatcherStatus>,
): Promise<WatcherStatus> {
  return onWatcher(ctx, tourId, options, async (client, id) => {
    try {
      return await send(client.workflow.getHandle(id));
    } catch (error) {
      throw watcherUpdateError(error, tourId, command) ?? error;
    }
  });
}

/** gRPC codes `connect.ts` explains itself: the server unreachable, the credentials refused. */
const CONNECTION_CODES = new Set([7, 14, 16]);

/**
 * The error `command` ends with when its update to the watcher failed or got no answer (a busy
 * server, the watcher closing a run for continue-as-new): exit 1 and what to do. Pause, resume and
 * delete set the watcher's state, so running them again is safe. Undefined for any other error.
 */
export function watcherUpdateError(error: unknown, tourId: string, command: string): UserError | undefined {
  const refused = error instanceof ServiceError && !CONNECTION_CODES.has(grpcCodeOf(error.cause) ?? -1);
  if (
    !refused &&
    !(error instanceof WorkflowUpdateFailedError || error instanceof WorkflowUpdateRPCTimeoutOrCancelledError)
  )
    return undefined;
  const cause = (error as Error).cause;
  const detail = isGrpcServiceError(cause)
    ? cause.details
    : cause instanceof Error
      ? cause.message
      : (error as Error).message;
  return new UserError(
    `the watcher of tour ${tourId} did not confirm the change (Temporal said: ${detail || (error as Error).message}); ` +
      `it may not have been made. Run it again: ${command} (tourflow triggers status ${tourId} shows the watcher's state)`,
    { exitCode: ExitCode.failed, cause: error },
  );
}

function grpcCodeOf(error: unknown): number | undefined {
  return isGrpcServiceError(error) ? error.code : undefined;
}
