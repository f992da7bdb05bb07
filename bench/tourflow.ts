/**
 * The tourflow side of the bench: one playbook run on Temporal, timed from the start request
 * to the result, and the histories it left (its own, its continuations' and its children's).
 */
import type { Client } from '@temporalio/client';
import { startRun, waitForOutcome } from '../cli/runs.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import type { RunResult } from '../workflows/messages.ts';

/** The histories of every execution on a task queue. */
export interface HistoryStats {
  /** Workflow executions: the run, its continuations (continue-as-new) and child runs. */
  executions: number;
  /** Events summed over all executions. */
  events: number;
  /** Events of the longest single history. */
  largest: number;
  /** Workflow tasks completed, over all executions: each one is a round trip to the worker. */
  workflowTasks: number;
  /** Activities scheduled, over all executions. */
  activities: number;
}

export interface TemporalRun {
  wallMs: number;
  result: RunResult;
  workflowId: string;
}

/** Starts a run of `plan` and waits for it; throws unless it completed. */
export async function runOnTemporal(client: Client, taskQueue: string, plan: Plan, inputs: JsonObject, runKey: string): Promise<TemporalRun> {
  const started = performance.now();
  const run = await startRun({ client, taskQueue, plan, inputs, runKey });
  const outcome = await waitForOutcome(run.handle);
  const wallMs = performance.now() - started;
  if (outcome.result?.status !== 'completed') {
    const reason = outcome.result?.error?.message ?? outcome.message ?? 'no result';
    throw new Error(`the tourflow run ${run.workflowId} did not complete (${outcome.result?.status ?? 'failed'}): ${reason}`);
  }
  return { wallMs, result: outcome.result, workflowId: run.workflowId };
}

/**
 * Counts the history events of every execution on the task queue, once visibility shows them
 * all closed (it lags the histories by a moment).
 */
export async function historyStats(client: Client, taskQueue: string, deadlineMs = 15_000): Promise<HistoryStats> {
  const deadline = Date.now() + deadlineMs;
  let previous = -1;
  for (;;) {
    const executions: Array<{ workflowId: string; runId: string; closed: boolean }> = [];
    for await (const execution of client.workflow.list({ query: `TaskQueue = '${taskQueue}'` })) {
      executions.push({ workflowId: execution.workflowId, runId: execution.runId, closed: execution.status.name !== 'RUNNING' });
    }
    const settled = executions.length > 0 && executions.every((e) => e.closed) && executions.length === previous;
    if (settled || Date.now() > deadline) {
      const stats: HistoryStats = { executions: executions.length, events: 0, largest: 0, workflowTasks: 0, activities: 0 };
      for (const { workflowId, runId } of executions) {
        const events = (await client.workflow.getHandle(workflowId, runId).fetchHistory()).events ?? [];
        stats.events += events.length;
        stats.largest = Math.max(stats.largest, events.length);
        stats.workflowTasks += events.filter((e) => e.workflowTaskCompletedEventAttributes).length;
        stats.activities += events.filter((e) => e.activityTaskScheduledEventAttributes).length;
      }
      return stats;
    }
    previous = executions.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
