/**
 * `tourflow retry` of a run that was cancelled: the cancelled run rolled back (a cancelled run
 * always does), so the retry says that every step will be redone, redoes them (waiting at the
 * approval again) and ends with each tour created exactly once.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { progressQuery, type RunResult } from '../../workflows/messages.ts';
import { waitForOutcome } from '../../cli/runs.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, uniqueSeed, type TestStack } from '../support/stack.ts';

const GATE = path.resolve(import.meta.dirname, 'fixtures/approval-gate.yaml');

/** Polls until the run waits at its approval step `gate`. */
const atGate = (client: Client, workflowId: string) =>
  pollUntil(
    async () =>
      (await client.workflow.getHandle(workflowId).query(progressQuery)).steps.find(
        (step) => step.id === 'gate' && step.state === 'waiting',
      ),
    `${workflowId} to wait at its gate`,
  );

describe('tourflow retry of a cancelled run', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ sandbox: { seed: uniqueSeed() } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const tourNames = () =>
    ((stack.sandbox.snapshot({ normalise: true }) as { tours?: { name: string }[] }).tours ?? [])
      .map((tour) => tour.name)
      .filter((name) => name.startsWith('Gate '))
      .sort();
  const tf = (args: string[]) => cli(args, { taskQueue: stack.config.temporal.taskQueue });

  it('says every step will be redone, redoes them, and creates each tour once', async () => {
    const run = await stack.start(GATE, {}, `retry-cancelled-${randomUUID().slice(0, 8)}`);
    await atGate(stack.client, run.workflowId);
    expect(tourNames()).toEqual(['Gate first']);
    const cancel = await tf(['cancel', run.workflowId]);
    expect(cancel.code, cancel.err).toBe(3);
    const cancelled = await waitForOutcome(run.handle);
    expect([cancelled.exitCode, cancelled.result?.cancelled]).toEqual([3, true]);
    expect(tourNames()).toEqual([]);

    const started = await tf(['retry', run.workflowId, '--no-wait', '--json']);
    expect(started.code, started.err).toBe(0);
    expect(started.err).toBe(
      `${run.workflowId} was cancelled and rolled back: everything it did was undone, so every step will be redone.`,
    );
    const { workflowId } = JSON.parse(started.out) as { workflowId: string };
    expect(workflowId).toBe(`${run.workflowId}--retry-1`);
    await atGate(stack.client, workflowId);
    expect((await tf(['approve', workflowId, 'gate'])).code).toBe(0);
    const done = await tf(['result', workflowId, '--json']);
    expect(done.code, done.err).toBe(0);
    expect((JSON.parse(done.out) as RunResult).status).toBe('completed');
    expect(tourNames()).toEqual(['Gate first', 'Gate second']);
  }, 120_000);
});
