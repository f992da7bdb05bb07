/**
 * The tourflow side of the bench: one playbook run on Temporal, timed from the start request
 * to the result, and the histories it left (its own, its continuations' and its children's),
 * with the time each top-level step took, read from the run's own history.
 */
import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import { startRun, waitForOutcome } from '../cli/runs.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import type { RunResult } from '../workflows/messages.ts';
import { batchActivityName } from '../workflows/activity-names.ts';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** When a step started and ended, in milliseconds from the start of the run. */
export interface StepSpan {
  start: number;
  end: number;
}

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
  /** Top-level steps of the run: the span of their activities or child run. */
  steps: Record<string, StepSpan>;
}

export interface TemporalRun {
  wallMs: number;
  result: RunResult;
  workflowId: string;
}

/** Why a run is stuck: the last workflow task failure of its current execution, if any. */
async function stuckReason(client: Client, workflowId: string): Promise<string> {
  const events = (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
  const failed = events.findLast((e) => e.workflowTaskFailedEventAttributes)?.workflowTaskFailedEventAttributes;
  if (failed) return `its workflow task fails: ${failed.failure?.message ?? String(failed.cause)}`;
  return events.some((e) => e.workflowTaskTimedOutEventAttributes)
    ? 'its workflow tasks time out'
    : 'it is still running';
}

/** Starts a run of `plan` and waits for it, at most `deadlineMs`; throws unless it completed. */
export async function runOnTemporal(
  client: Client,
  taskQueue: string,
  plan: Plan,
  inputs: JsonObject,
  runKey: string,
  deadlineMs: number,
): Promise<TemporalRun> {
  const started = performance.now();
  const run = await startRun({ client, taskQueue, plan, inputs, runKey });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  const outcome = await Promise.race([waitForOutcome(run.handle), late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') {
    const reason = await stuckReason(client, run.workflowId);
    await run.handle.terminate('the bench gave up waiting');
    throw new Error(
      `the tourflow run ${run.workflowId} did not finish within ${Math.round(deadlineMs / 60_000)} min: ${reason}`,
    );
  }
  const wallMs = performance.now() - started;
  if (outcome.result?.status !== 'completed') {
    const reason = outcome.result?.error?.message ?? outcome.message ?? 'no result';
    throw new Error(
      `the tourflow run ${run.workflowId} did not complete (${outcome.result?.status ?? 'failed'}): ${reason}`,
    );
  }
  return { wallMs, result: outcome.result, workflowId: run.workflowId };
}

function eventMs(event: HistoryEvent): number {
  const time = event.eventTime;
  return time ? Number(String(time.seconds ?? 0)) * 1000 + (time.nanos ?? 0) / 1e6 : 0;
}

/** Accumulates step spans from the root run's histories (first run and continuations). */
class StepClock {
  readonly steps: Record<string, StepSpan> = {};
  private origin: number | undefined;
  private readonly scheduled = new Map<string, string>();

  constructor(
    private readonly rootId: string,
    private readonly stepOfActivity: Map<string, string>,
  ) {}

  private mark(step: string | undefined, at: number): void {
    if (!step || this.origin === undefined) return;
    const span = (this.steps[step] ??= { start: at - this.origin, end: at - this.origin });
    span.start = Math.min(span.start, at - this.origin);
    span.end = Math.max(span.end, at - this.origin);
  }

  read(runId: string, events: HistoryEvent[]): void {
    for (const event of events) {
      const at = eventMs(event);
      if (
        event.workflowExecutionStartedEventAttributes &&
        !event.workflowExecutionStartedEventAttributes.continuedExecutionRunId
      )
        this.origin = at;
      const scheduled = event.activityTaskScheduledEventAttributes;
      if (scheduled) {
        const step = this.stepOfActivity.get(scheduled.activityType?.name ?? '');
        this.scheduled.set(`${runId}/${String(event.eventId)}`, step ?? '');
        this.mark(step, at);
      }
      const closed = event.activityTaskCompletedEventAttributes ?? event.activityTaskFailedEventAttributes;
      if (closed) this.mark(this.scheduled.get(`${runId}/${String(closed.scheduledEventId)}`), at);
      const child =
        event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId ??
        event.childWorkflowExecutionCompletedEventAttributes?.workflowExecution?.workflowId;
      if (child?.startsWith(`${this.rootId}/`)) this.mark(child.slice(this.rootId.length + 1), at);
    }
  }
}

/** Activity type -> top-level step, for steps whose activity no other top-level step uses. */
function stepsByActivity(plan: Plan): Map<string, string> {
  const map = new Map<string, string>();
  const shared = new Set<string>();
  for (const step of plan.steps.filter((s) => s.kind !== 'control')) {
    for (const activity of [step.activity, batchActivityName(step.action)]) {
      if (map.has(activity)) shared.add(activity);
      map.set(activity, step.id);
    }
  }
  for (const activity of shared) map.delete(activity);
  return map;
}

/** The root run's executions on the task queue and its children's (`<root>/<step>`, nested). */
async function listExecutions(
  client: Client,
  taskQueue: string,
  rootId: string,
): Promise<Array<{ workflowId: string; runId: string; closed: boolean; started: number }>> {
  const executions = [];
  for await (const e of client.workflow.list({ query: `TaskQueue = '${taskQueue}'` })) {
    if (e.workflowId !== rootId && !e.workflowId.startsWith(`${rootId}/`)) continue;
    executions.push({
      workflowId: e.workflowId,
      runId: e.runId,
      closed: e.status.name !== 'RUNNING',
      started: e.startTime.getTime(),
    });
  }
  return executions.sort((a, b) => a.started - b.started);
}

/**
 * Reads the history of every execution of the root run on the task queue, once visibility
 * shows them all closed (it lags the histories by a moment), and the spans of its steps.
 */
export async function historyStats(
  client: Client,
  taskQueue: string,
  root: { workflowId: string; plan: Plan },
  deadlineMs = 15_000,
): Promise<HistoryStats> {
  const deadline = Date.now() + deadlineMs;
  let executions = await listExecutions(client, taskQueue, root.workflowId);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = await listExecutions(client, taskQueue, root.workflowId);
    const settled = again.length > 0 && again.every((e) => e.closed) && again.length === executions.length;
    executions = again;
    if (settled || Date.now() > deadline) break;
  }
  const clock = new StepClock(root.workflowId, stepsByActivity(root.plan));
  const stats: HistoryStats = {
    executions: executions.length,
    events: 0,
    largest: 0,
    workflowTasks: 0,
    activities: 0,
    steps: clock.steps,
  };
  for (const { workflowId, runId } of executions) {
    const events = (await client.workflow.getHandle(workflowId, runId).fetchHistory()).events ?? [];
    stats.events += events.length;
    stats.largest = Math.max(stats.largest, events.length);
    stats.workflowTasks += events.filter((e) => e.workflowTaskCompletedEventAttributes).length;
    stats.activities += events.filter((e) => e.activityTaskScheduledEventAttributes).length;
    if (workflowId === root.workflowId) clock.read(runId, events);
  }
  return stats;
}
