/**
 * What watching costs the API and Temporal over time (`npm run bench:triggers`): the API calls
 * of each poll of a tour of 60 days with one trigger and with several, counted by the sandbox;
 * and the history of a watcher polling as often as it can for as many polls as days at one poll
 * a minute would make, through its continue-as-new cycles.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBulletin } from '../api/contract/bulletins.ts';
import { watcherId, watcherStatusQuery } from '../workflows/watcher-messages.ts';
import { generatedTour, type GoalStack } from './goal-stack.ts';
import { apply, stopWatcher, triggeredRuns, WATCH_PLAYBOOK } from './trigger-reactions.ts';
import {
  callsByKind,
  callsFigures,
  triggersPlaybook,
  historyFigures,
  type CallsFigures,
  type HistoryFigures,
} from './trigger-figures.ts';

/** Polls of the tour's watcher so far. */
async function pollsOf(stack: GoalStack, tourId: string): Promise<number> {
  return (await stack.env.client.workflow.getHandle(watcherId(tourId)).query(watcherStatusQuery)).stats.polls;
}

/** Waits until the watcher has polled more than `after` times, checking often; the count then. */
async function pollsAfter(stack: GoalStack, tourId: string, after: number): Promise<number> {
  for (;;) {
    const polls = await pollsOf(stack, tourId);
    if (polls > after) return polls;
    await sleep(50);
  }
}

export interface CallsOptions {
  /** Tour size as a factor of S (1: 60 days). */
  factor: number;
  /** Trigger counts to measure, one after the other on the same tour. */
  triggers: number[];
  polls: number;
  pollMs: number;
}

/**
 * The API calls of `polls` polls, counted by the sandbox from just after one poll ended to just
 * after the last ended (a poll at `pollMs` leaves that long between them), for each trigger count.
 */
export async function measureCalls(stack: GoalStack, options: CallsOptions): Promise<CallsFigures[]> {
  await stack.sandbox.setLatency(0);
  const { tourId, days } = await generatedTour(stack, options.factor);
  await stack.sandbox.setLatency(stack.env.latencyMs);
  const out: CallsFigures[] = [];
  for (const count of options.triggers) {
    const file = path.join(stack.outputDir, `bench-triggers-${count}.yaml`);
    await writeFile(file, triggersPlaybook(count));
    await apply(stack, file, tourId, options.pollMs);
    const first = await pollsAfter(stack, tourId, await pollsOf(stack, tourId));
    await stack.sandbox.counts(true);
    const last = await pollsAfter(stack, tourId, first + options.polls - 1);
    const calls = callsByKind((await stack.sandbox.counts()).requests);
    out.push(callsFigures(count, days.length, last - first, calls));
  }
  await stopWatcher(stack, tourId);
  return out;
}

export interface HistoryOptions {
  polls: number;
  pollMs: number;
  /** A bulletin is created every this many polls (each starts a run: its events join the history). */
  changeEvery: number;
}

/** A watcher run for `polls` polls at `pollMs`, with a change every `changeEvery`; the history of each of its runs. */
export async function measureHistory(stack: GoalStack, options: HistoryOptions): Promise<HistoryFigures> {
  const { tourId, days } = await generatedTour(stack, 1 / 16);
  // The history does not depend on the API's latency; without it the polls come faster.
  await stack.sandbox.setLatency(0);
  await apply(stack, WATCH_PLAYBOOK, tourId, options.pollMs);
  const begun = Date.now();
  const from = await pollsOf(stack, tourId);
  let changes = 0;
  for (let polls = from; polls < from + options.polls; polls = await pollsOf(stack, tourId)) {
    if (Math.floor((polls - from) / options.changeEvery) > changes) {
      changes++;
      await stack.api.call(createBulletin, {
        body: {
          dayId: days[0]!.id,
          title: `History ${changes}`,
          body: 'bench',
          isPinned: false,
          hasNotification: false,
        },
        idempotencyKey: `bench-history-${tourId}-${changes}`,
      });
    }
    await sleep(200);
  }
  const seconds = (Date.now() - begun) / 1000;
  const polls = (await pollsOf(stack, tourId)) - from;
  await stopWatcher(stack, tourId);
  await stack.sandbox.setLatency(stack.env.latencyMs);
  const query = `WorkflowId = '${watcherId(tourId)}'`;
  // Visibility catches up with the termination in a moment.
  let runs: number[] = [];
  for (let tries = 0; tries < 60; tries++) {
    const infos = [];
    for await (const info of stack.env.client.workflow.list({ query })) infos.push(info);
    runs = infos.sort((a, b) => a.startTime.getTime() - b.startTime.getTime()).map((info) => info.historyLength);
    if (infos.every((info) => info.status.name !== 'RUNNING')) break;
    await sleep(500);
  }
  const events = runs.reduce((sum, n) => sum + n, 0);
  const started = [...(await triggeredRuns(stack, tourId)).keys()];
  const records = new Set(started.map((id) => id.split('/')[4]));
  return historyFigures({
    polls,
    pollMs: options.pollMs,
    changes,
    started: started.length,
    duplicates: started.length - records.size,
    runs,
    eventsPerPoll: events / Math.max(1, polls),
    seconds,
  });
}
