/**
 * How fast and how often a trigger reacts (`npm run bench:triggers`): the time from an API write
 * to the start of its run, writes at random moments of a few polls; and a burst of edits inside
 * a debounce's quiet period, which must start one run that sees the last edit.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkflowExecutionInfo } from '@temporalio/client';
import { createBulletin, updateBulletin } from '../api/contract/bulletins.ts';
import { watcherId, watcherStatusQuery } from '../workflows/watcher-messages.ts';
import { generatedTour, type GoalStack } from './goal-stack.ts';
import {
  burstFigures,
  latencyFigures,
  writeMoments,
  type BurstFigures,
  type LatencyFigures,
} from './trigger-figures.ts';

/** One trigger on the tour's bulletins (created, changed, deleted): a write is a bulletin created. */
export const WATCH_PLAYBOOK = path.resolve(import.meta.dirname, 'watch-bulletins.yaml');

/** The runs the tour's triggers started, by workflow ID. */
export async function triggeredRuns(stack: GoalStack, tourId: string): Promise<Map<string, WorkflowExecutionInfo>> {
  const runs = new Map<string, WorkflowExecutionInfo>();
  for await (const info of stack.env.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` }))
    runs.set(info.workflowId, info);
  return runs;
}

/** The runs of one record of bulletins among `runs`. */
function runsOf(runs: Map<string, WorkflowExecutionInfo>, bulletinId: string): WorkflowExecutionInfo[] {
  return [...runs.values()].filter((info) => info.workflowId.includes(`/bulletins-${bulletinId}/`));
}

/** Installs a playbook's triggers on the tour; throws with tourflow's output when it fails. */
export async function apply(stack: GoalStack, file: string, tourId: string, pollMs: number): Promise<void> {
  const applied = await stack.tourflow([
    'triggers',
    'apply',
    file,
    '--input',
    `tourId=${tourId}`,
    '--poll',
    `${pollMs}ms`,
  ]);
  if (applied.code !== 0)
    throw new Error(`tourflow triggers apply failed (${applied.code}): ${applied.lines.join('\n')}`);
}

/** Ends the tour's watcher. */
export async function stopWatcher(stack: GoalStack, tourId: string): Promise<void> {
  await stack.env.client.workflow.getHandle(watcherId(tourId)).terminate('the bench measured it');
}

async function newBulletin(stack: GoalStack, dayId: number, title: string): Promise<string> {
  const created = await stack.api.call(createBulletin, {
    body: { dayId, title, body: 'bench', isPinned: false, hasNotification: false },
    idempotencyKey: `bench-${title}`,
  });
  return created.bulletin_id;
}

/** Waits until `done(runs)`; throws after `ms`. */
async function waitForRuns<T>(
  stack: GoalStack,
  tourId: string,
  ms: number,
  what: string,
  done: (runs: Map<string, WorkflowExecutionInfo>) => T | undefined,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = done(await triggeredRuns(stack, tourId));
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${Math.round(ms / 1000)} s`);
    await sleep(500);
  }
}

export interface LatencyOptions {
  pollMs: number;
  writes: number;
  /** Polls over which the writes are spread at random. */
  spanPolls: number;
}

/** Bulletins created at random moments of `spanPolls` polls; each one's time to its run's start. */
export async function measureLatency(stack: GoalStack, options: LatencyOptions): Promise<LatencyFigures> {
  const { tourId, days } = await generatedTour(stack, 1 / 16);
  await apply(stack, WATCH_PLAYBOOK, tourId, options.pollMs);
  const start = Date.now();
  const writes: { id: string; at: number }[] = [];
  for (const [n, moment] of writeMoments(options.writes, options.spanPolls * options.pollMs).entries()) {
    await sleep(Math.max(0, start + moment - Date.now()));
    const at = Date.now();
    writes.push({ id: await newBulletin(stack, days[0]!.id, `Latency ${tourId.slice(0, 8)} ${n}`), at });
  }
  const latencies = await waitForRuns(stack, tourId, 2 * options.pollMs + 60_000, 'the runs of the writes', (runs) => {
    const starts = writes.map((write) => runsOf(runs, write.id)[0]?.startTime.getTime());
    return starts.every((t) => t !== undefined) ? starts.map((t, i) => t! - writes[i]!.at) : undefined;
  });
  await stopWatcher(stack, tourId);
  return latencyFigures(options.pollMs, latencies);
}

function debounced(quietMs: number): string {
  return `apiVersion: tourflow/v1
name: bench-debounced
inputs:
  tourId: { type: string }
triggers:
  - id: retitled
    tour: \${{ inputs.tourId }}
    on: { record: bulletins, events: [changed], fields: [title] }
    debounce: { quiet: ${quietMs}ms, max: 5m, key: event.recordId }
steps:
  - id: read
    action: bulletin.list
    with: { tourId: "\${{ inputs.tourId }}" }
outputs:
  title: \${{ event.record.title }}
`;
}

export interface BurstOptions {
  bursts: number;
  edits: number;
  quietMs: number;
  pollMs: number;
}

/** `bursts` bulletins edited `edits` times each, at once; the runs each one's burst started. */
export async function measureBurst(stack: GoalStack, options: BurstOptions): Promise<BurstFigures> {
  const { tourId, days } = await generatedTour(stack, 1 / 16);
  const ids: string[] = [];
  for (let b = 0; b < options.bursts; b++)
    ids.push(await newBulletin(stack, days[0]!.id, `Burst ${tourId.slice(0, 8)} ${b}`));
  const file = path.join(stack.outputDir, 'bench-debounced.yaml');
  await writeFile(file, debounced(options.quietMs));
  await apply(stack, file, tourId, options.pollMs);
  const last = (b: number) => `Burst ${b} edit ${options.edits}`;
  const spans = await Promise.all(
    ids.map(async (bulletinId, b) => {
      const first = Date.now();
      for (let n = 1; n <= options.edits; n++)
        await stack.api.call(updateBulletin, { params: { bulletinId }, body: { title: `Burst ${b} edit ${n}` } });
      return { first, last: Date.now() };
    }),
  );
  await waitForRuns(stack, tourId, options.quietMs + 60_000, 'the runs of the bursts', (runs) =>
    ids.every((id) => runsOf(runs, id).length > 0) ? true : undefined,
  );
  // Long enough for a second run of any burst to have started: the quiet period and three polls more.
  const watcher = stack.env.client.workflow.getHandle(watcherId(tourId));
  const polls = (await watcher.query(watcherStatusQuery)).stats.polls;
  const extra = Math.ceil(options.quietMs / options.pollMs) + 3;
  while ((await watcher.query(watcherStatusQuery)).stats.polls < polls + extra) await sleep(250);
  const runs = await triggeredRuns(stack, tourId);
  const sawLast: boolean[] = [];
  const startAfterLastMs: number[] = [];
  for (const [b, id] of ids.entries()) {
    const mine = runsOf(runs, id);
    const result = (await stack.env.client.workflow.getHandle(mine[0]!.workflowId).result()) as {
      outputs: { title?: unknown };
    };
    sawLast.push(result.outputs.title === last(b));
    startAfterLastMs.push(mine[0]!.startTime.getTime() - spans[b]!.last);
  }
  await stopWatcher(stack, tourId);
  return burstFigures({
    bursts: options.bursts,
    editsPerBurst: options.edits,
    quietMs: options.quietMs,
    burstMs: spans.map((span) => span.last - span.first),
    runs: ids.map((id) => runsOf(runs, id).length),
    sawLast,
    startAfterLastMs,
  });
}
