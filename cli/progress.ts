/**
 * Reading runs from the terminal: finding a run by its workflow ID (once `connect.ts` has
 * connected), asking for its progress and printing how it ended. Shared by `runs`, `status`, `result`, `cancel`, `approve`, `pause`, `resume`
 * and the schedule commands, which load it when they act.
 */
import {
  WorkflowUpdateFailedError,
  type Client,
  type WorkflowExecutionDescription,
  type WorkflowHandle,
} from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { progressQuery, type RunProgress } from '../workflows/messages.ts';
import { UserError, type CliContext } from './context.ts';
import { PLAYBOOK_WORKFLOW, progressLines, runStatusText } from './progress-text.ts';
import { renderResult } from './render.ts';
import type { RunOutcome } from './runs.ts';

// The text of runs lives in progress-text.ts, which loads without the Temporal client.
export { formatDuration, formatInZone, progressLines } from './progress-text.ts';
export { withClient } from './connect.ts';

/** A run found by its workflow ID. */
export interface FoundRun {
  handle: WorkflowHandle;
  description: WorkflowExecutionDescription;
}

/** The run with this workflow ID (its latest execution), or a `UserError` if there is none. */
export async function findRun(client: Client, workflowId: string): Promise<FoundRun> {
  const handle = client.workflow.getHandle(workflowId);
  try {
    const description = await handle.describe();
    if (description.type !== PLAYBOOK_WORKFLOW) {
      throw new UserError(`"${workflowId}" is a ${description.type} workflow, not a tourflow run`);
    }
    return { handle, description };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) {
      throw new UserError(`no run named "${workflowId}"; list recent runs with \`tourflow runs\``, { cause: error });
    }
    throw error;
  }
}

/** Fails with a `UserError` unless the run is still open: `verb` says what could not be done. */
export function requireOpen(run: FoundRun, verb: string): void {
  if (run.description.status.name === 'RUNNING') return;
  throw new UserError(
    `run "${run.description.workflowId}" has ended (${runStatusText(run.description)}); nothing to ${verb}`,
  );
}

/**
 * Whether any worker has polled the task queue for workflow tasks lately (the server
 * remembers pollers for a few minutes). Undefined when the server does not say.
 */
export async function hasWorker(client: Client, namespace: string, taskQueue: string): Promise<boolean | undefined> {
  try {
    // taskQueueType 1: TASK_QUEUE_TYPE_WORKFLOW
    const answer = await client.workflowService.describeTaskQueue({
      namespace,
      taskQueue: { name: taskQueue },
      taskQueueType: 1,
    });
    return (answer.pollers?.length ?? 0) > 0;
  } catch {
    return undefined;
  }
}

/** How long a progress query may take: longer means no worker is serving the run. */
const QUERY_TIMEOUT_MS = 5_000;

/** The run's progress, or undefined when no worker answers in time (or `signal` fires). */
export async function queryProgress(handle: WorkflowHandle, signal?: AbortSignal): Promise<RunProgress | undefined> {
  const { connection } = handle.client;
  const query = () => connection.withDeadline(Date.now() + QUERY_TIMEOUT_MS, () => handle.query(progressQuery));
  try {
    return await (signal ? connection.withAbortSignal(signal, query) : query());
  } catch {
    return undefined;
  }
}

/**
 * What can be said of a closed run that left no report (terminated, timed out, or failed
 * outside the playbook): its state, why, and each step's last state as the workflow answers
 * the progress query (when a worker is there to answer).
 */
async function closedRunReport(
  handle: WorkflowHandle,
  outcome: RunOutcome,
): Promise<{ lines: string[]; json: Record<string, unknown> }> {
  const description = await handle.describe().catch(() => undefined);
  const status = description ? runStatusText(description) : 'failed';
  const progress = await queryProgress(handle);
  const lines = [
    `${handle.workflowId} ${status}${outcome.message ? `: ${outcome.message}` : ''}`,
    ...(progress ? progressLines(progress, handle.workflowId, false).slice(1) : []),
  ];
  const json = {
    workflowId: handle.workflowId,
    status,
    ...(outcome.message ? { error: outcome.message } : {}),
    ...(progress ? { steps: progress.steps } : {}),
  };
  return { lines, json };
}

/**
 * Prints a finished run the way `run` does: the result report, or its JSON (`--json`), and
 * sets the exit code scripts rely on (0 done, 1 failed, 3 rolled back).
 */
export async function printOutcome(
  ctx: CliContext,
  handle: WorkflowHandle,
  outcome: RunOutcome,
  json: boolean | undefined,
): Promise<void> {
  ctx.setExitCode(outcome.exitCode);
  if (outcome.result) {
    ctx.out(json ? JSON.stringify(outcome.result, null, 2) : renderResult(outcome.result).join('\n'));
    return;
  }
  const report = await closedRunReport(handle, outcome);
  ctx.out(json ? JSON.stringify(report.json, null, 2) : report.lines.join('\n'));
}

/**
 * Sends one of the run's updates (`pause`, `resume`, `approve`) and returns the progress the
 * workflow answers with. The workflow's validator rejects an update that makes no sense now
 * (approving a step that is not waiting): its message is the user's to read, not a crash.
 */
export async function updateRun(
  run: FoundRun,
  verb: string,
  send: (handle: WorkflowHandle) => Promise<RunProgress>,
): Promise<RunProgress> {
  requireOpen(run, verb);
  try {
    return await send(run.handle);
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError)
      throw new UserError(`cannot ${verb}: ${error.cause?.message ?? error.message}`, { cause: error });
    throw error;
  }
}
