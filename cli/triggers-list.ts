/**
 * `tourflow triggers list`: every running watcher, each asked for its state at once. A watcher
 * that does not answer within a couple of seconds (no worker polls its task queue, a busy or
 * failing worker) does not cost the others their rows: it gets a row of what Temporal knows of
 * it without asking it (its tour and the triggers in its search attributes) and why it did not
 * answer.
 */
import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import { TOUR_ID, TRIGGER_ID } from '../workflows/search-attributes.ts';
import { watcherStatusQuery } from '../workflows/watcher-messages.ts';
import type { CliContext } from './context.ts';
import { withClient } from './connect.ts';
import type { TemporalFlags } from './options.ts';
import { WATCHER_WORKFLOW, withLag, type WatcherView } from './triggers.ts';

/** How long `list` waits for each watcher's answer. */
export const LIST_ANSWER_MS = 2_000;

/** A watcher that did not answer: what Temporal knows of it without asking it. */
export interface SilentWatcher {
  tourId: string;
  workflowId: string;
  /** `<playbook>/<trigger id>` of each trigger it serves, as its search attributes say. */
  triggerIds: string[];
  /** Why there are no live figures: "no worker is polling its task queue …", "no answer within 2 s …". */
  noAnswer: string;
}

export type ListedWatcher = WatcherView | SilentWatcher;

export function isSilent(view: ListedWatcher): view is SilentWatcher {
  return 'noAnswer' in view;
}

/** Every running watcher: its state, or what is known of it and why it did not answer. */
export async function list(ctx: CliContext, options: TemporalFlags): Promise<ListedWatcher[]> {
  return withClient(ctx, options, async (client, config) => {
    const runs: WorkflowExecutionInfo[] = [];
    for await (const run of client.workflow.list({
      query: `WorkflowType = '${WATCHER_WORKFLOW}' AND ExecutionStatus = 'Running'`,
    }))
      runs.push(run);
    const polls = new Map<string, Promise<number | null | undefined>>();
    const lastPoll = (taskQueue: string) => {
      if (!polls.has(taskQueue)) polls.set(taskQueue, lastPollAt(client, config.temporal.namespace, taskQueue));
      return polls.get(taskQueue)!;
    };
    return Promise.all(runs.map((run) => ask(client, run, lastPoll)));
  });
}

async function ask(
  client: Client,
  run: WorkflowExecutionInfo,
  lastPoll: (taskQueue: string) => Promise<number | null | undefined>,
): Promise<ListedWatcher> {
  const asked = Date.now();
  try {
    return withLag(
      await client.connection.withDeadline(asked + LIST_ANSWER_MS, () =>
        client.workflow.getHandle(run.workflowId, run.runId).query(watcherStatusQuery),
      ),
    );
  } catch (error) {
    return {
      tourId: tourOf(run),
      workflowId: run.workflowId,
      triggerIds: keywords(run, TRIGGER_ID),
      noAnswer: whyNot(error, run.taskQueue, asked, await lastPoll(run.taskQueue)),
    };
  }
}

/**
 * A worker's long poll lasts about a minute and a live worker starts the next at once: no poll
 * begun for longer than this means no worker.
 */
const POLL_SILENCE_MS = 70_000;

/**
 * Why a watcher did not answer a query sent at `asked`, given when a poll of its task queue
 * last began (null: the server knows of none in the last minutes; undefined: it did not say).
 * The error decides first: a query that failed (its handler threw, the server refused it) says
 * so; only one that ran out of time is explained by the task queue's polls.
 */
export function whyNot(error: unknown, taskQueue: string, asked: number, lastPoll: number | null | undefined): string {
  const none = `no worker is polling its task queue ${taskQueue}`;
  const silent = lastPoll === null || (lastPoll !== undefined && asked - lastPoll > POLL_SILENCE_MS);
  const code = grpcCode(error);
  // the server fails a query at once when no worker polled for a while
  if (silent) return none;
  if (code !== DEADLINE_EXCEEDED && code !== CANCELLED) return `the query failed: ${failure(error)}`;
  // a worker idle in a poll would have taken the query: one that began before it means none polls, or one is busy
  if (lastPoll !== undefined && lastPoll < asked)
    return `${none} (the last poll began ${Math.round((asked - lastPoll) / 1000)} s ago), or its worker is busy`;
  return `none within ${LIST_ANSWER_MS / 1000} s (a worker polls its task queue ${taskQueue}: busy or failing)`;
}

/** The gRPC code of an error, or of the error it wraps. */
function grpcCode(error: unknown): number | undefined {
  return (error as { code?: number }).code ?? ((error as Error).cause as { code?: number } | undefined)?.code;
}

/** An error's first line, with its cause's when it only wraps one ("Failed to query Workflow: …"), and its gRPC code. */
function failure(error: unknown): string {
  const firstLine = (e: unknown) => ((e as Error)?.message ?? String(e)).split('\n')[0] ?? '';
  const cause = (error as Error).cause;
  const code = grpcCode(error);
  const text = cause ? `${firstLine(error)}: ${firstLine(cause)}` : firstLine(error);
  return code === undefined ? text : `${text} (gRPC code ${code})`;
}

/** gRPC's DEADLINE_EXCEEDED: the query found no answer within the time it was given. */
const DEADLINE_EXCEEDED = 4;
/**
 * gRPC's CANCELLED: the list never cancels a query, but the server resets the stream when the
 * same deadline fires on its side first ("Call cancelled"): out of time too.
 */
const CANCELLED = 1;

/** When a poll of `taskQueue` for workflow tasks last began, as the server remembers (for a few minutes). */
async function lastPollAt(client: Client, namespace: string, taskQueue: string): Promise<number | null | undefined> {
  try {
    // taskQueueType 1: TASK_QUEUE_TYPE_WORKFLOW
    const { pollers } = await client.workflowService.describeTaskQueue({
      namespace,
      taskQueue: { name: taskQueue },
      taskQueueType: 1,
    });
    const times = (pollers ?? []).flatMap(({ lastAccessTime: at }) =>
      at ? [Number(at.seconds ?? 0) * 1000 + Math.floor((at.nanos ?? 0) / 1e6)] : [],
    );
    return times.length === 0 ? null : Math.max(...times);
  } catch {
    return undefined;
  }
}

function tourOf(run: WorkflowExecutionInfo): string {
  const memo = run.memo?.tourId;
  return typeof memo === 'string' ? memo : (keywords(run, TOUR_ID)[0] ?? run.workflowId);
}

function keywords(run: WorkflowExecutionInfo, name: string): string[] {
  const values = run.searchAttributes?.[name];
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}
