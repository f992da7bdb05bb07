/**
 * What the trigger crash tests share, whose worker runs in a process of its own (SIGKILLed, or
 * left while Temporal goes): a repeatable sequence of random stop points, and a tour of one show
 * day made by the shipped `create-tour` on the worker's task queue.
 */
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { startRun, waitForOutcome } from '../../cli/runs.ts';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { PLAYBOOKS } from './stack.ts';

/** A small deterministic generator, so a failing sequence of kill or stop points can be repeated. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A tour of one show day (2027-03-27, UTC) under `name`, made on `taskQueue` keyed by it. */
export async function oneDayTourOn(
  client: Client,
  taskQueue: string,
  name: string,
): Promise<{ tourId: string; dayId: number }> {
  const compiled = await compilePlaybookFile(path.join(PLAYBOOKS, 'create-tour.yaml'));
  const { inputs } = resolveInputs(compiled.plan!, {
    name,
    timeZone: 'UTC',
    days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }],
  } as JsonObject);
  const created = await waitForOutcome(
    (await startRun({ client, taskQueue, plan: compiled.plan!, inputs, runKey: taskQueue })).handle,
  );
  if (created.result?.status !== 'completed') throw new Error(`the tour ${name} was not created: ${created.message}`);
  return {
    tourId: created.result.outputs.tourId as string,
    dayId: (created.result.outputs.days as { id: number }[])[0]!.id,
  };
}
