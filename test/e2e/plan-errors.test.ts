/**
 * Expressions that fail at run time, on the real dev server against the sandbox: in the
 * playbook's outputs (a run that used to retry its workflow task forever), in an `if`, a
 * `forEach` key and a step's arguments. Each run ends promptly as rolled back, with a message
 * naming the step or output and the expression, and its workflow task never fails. A `forEach`
 * step's `if` per element fails the same way, naming the element.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { waitForOutcome } from '../../cli/runs.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/bad-expressions.yaml');
const ELEMENT_IF = path.resolve(import.meta.dirname, 'fixtures/bad-element-if.yaml');

/** Waits, up to a deadline, for the run to close; a run whose workflow task keeps failing never does. */
async function closed(handle: WorkflowHandle): Promise<void> {
  await pollUntil(async () => (await handle.describe()).status.name !== 'RUNNING', 'the run to close', 20_000);
}

/** Workflow task failures in the run's history. */
async function taskFailures(handle: WorkflowHandle): Promise<number> {
  const history = await handle.fetchHistory();
  return (history.events ?? []).filter((event) => event.workflowTaskFailedEventAttributes).length;
}

describe('plan evaluation errors', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('fails and rolls back a run whose output cannot be evaluated, naming the output and the expression', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    const run = await stack.start(FIXTURE, { when: 'tomorrow evening' }, 'bad-output');
    await closed(run.handle);
    const outcome = await waitForOutcome(run.handle);
    const message =
      'output doors failed: ${{ timestamp(inputs.when) }}: timestamp() requires a string in ISO 8601 format';
    expect(outcome.exitCode).toBe(3);
    expect(outcome.message).toBe(`rolled back: ${message}`);
    expect(outcome.result?.status).toBe('rolledBack');
    expect(outcome.result?.error).toEqual({ output: 'doors', type: 'EXPRESSION_FAILED', message });
    expect(outcome.result?.undone.map((u) => u.stepId)).toEqual(['tags', 'tour']);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
    expect(await taskFailures(run.handle)).toBe(0);
  });

  it.each([
    {
      place: 'an if',
      inputs: { announce: ['yes'] },
      message:
        'step tags (tag.create) failed: if ${{ inputs.announce[0] }}: condition must be true or false, got string "yes"',
      undone: ['tour'],
    },
    {
      place: 'a forEach key',
      inputs: { tags: [{ name: 'VIP', color: 'Red' }, { color: 'Blue' }] },
      message: 'step tags (tag.create) failed: forEach.key ${{ tag.name }}, element 2: No such key: name',
      undone: ['tour'],
    },
    {
      place: "a step's arguments",
      inputs: { tags: [{ name: 'VIP', color: 'Red' }, { name: 'Crew' }] },
      message: 'step tags (tag.create) failed: with ${{ tag.color }}, element 2: No such key: color',
      undone: ['tags', 'tour'],
    },
  ])(
    'fails and rolls back a run whose $place cannot be evaluated, naming the step and the expression',
    async ({ place, inputs, message, undone }) => {
      const before = stack.sandbox.snapshot({ normalise: true });
      const run = await stack.start(FIXTURE, inputs, `bad-${place.replace(/\W+/g, '-')}`);
      await closed(run.handle);
      const outcome = await waitForOutcome(run.handle);
      expect(outcome.message).toBe(`rolled back: ${message}`);
      expect(outcome.result?.error).toEqual({ stepId: 'tags', type: 'EXPRESSION_FAILED', message });
      expect(outcome.result?.undone.map((u) => u.stepId)).toEqual(undone);
      expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
      expect(await taskFailures(run.handle)).toBe(0);
    },
  );

  it('fails and rolls back a run whose per-element if cannot be evaluated, naming the step, the if and the element', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    const tags = [
      { name: 'VIP', color: 'Red', announce: true },
      { name: 'Crew', color: 'Blue', announce: 'yes' },
    ];
    const run = await stack.start(ELEMENT_IF, { tags }, 'bad-element-if');
    await closed(run.handle);
    const outcome = await waitForOutcome(run.handle);
    const message =
      'step tags (tag.create) failed: if ${{ tag.announce }}, element 2: condition must be true or false, got string "yes"';
    expect(outcome.message).toBe(`rolled back: ${message}`);
    expect(outcome.result?.error).toEqual({ stepId: 'tags', type: 'EXPRESSION_FAILED', message });
    expect(outcome.result?.undone.map((u) => u.stepId)).toEqual(['tour']);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
    expect(await taskFailures(run.handle)).toBe(0);
  });
});
