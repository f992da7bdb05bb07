/**
 * The interpreter on the real dev server against the sandbox: parallel `forEach`, rollback
 * that leaves the store as it was, `onFailure: continue`, approval, cancellation, an undo
 * that cannot succeed, and a write whose response is lost.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUpdate, progressQuery } from '../../workflows/messages.ts';
import { waitForOutcome } from '../../cli/runs.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);

type Snapshot = { tours?: { name: string }[] };
const tourNames = (stack: TestStack) =>
  ((stack.sandbox.snapshot({ normalise: true }) as Snapshot).tours ?? []).map((t) => t.name).sort();

describe('interpreter', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('runs forEach items in parallel and completes', async () => {
    const outcome = await stack.run(fixture('tours-then-fail.yaml'), { cities: ['Leipzig', 'Dresden'] }, 'foreach-ok');
    expect(outcome.result?.status).toBe('completed');
    expect(outcome.result?.outputs.tourIds).toHaveLength(2);
    expect(tourNames(stack)).toEqual(
      expect.arrayContaining(['Interpreter Dresden', 'Interpreter Leipzig', 'Interpreter last']),
    );
    const steps = outcome.result?.steps ?? [];
    expect(steps.find((s) => s.id === 'tours')?.items).toMatchObject({ total: 2, done: 2, failed: 0 });
  });

  it('rolls back every earlier write when a later step fails, leaving the store as it was', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    const outcome = await stack.run(fixture('tours-then-fail.yaml'), { badDayType: 'Nonsense' }, 'rollback');
    expect(outcome.exitCode).toBe(3);
    expect(outcome.result?.status).toBe('rolledBack');
    expect(outcome.result?.error).toMatchObject({ stepId: 'last', type: 'UNKNOWN_NAME' });
    expect(outcome.result?.undone.map((u) => u.stepId)).toEqual(['tours', 'tours', 'tours']);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('continues past a step marked onFailure: continue, with a warning', async () => {
    const outcome = await stack.run(fixture('continue-on-failure.yaml'), {}, 'continue');
    expect(outcome.result?.status).toBe('completed');
    expect(outcome.result?.warnings.join('\n')).toMatch(/step last failed and the playbook continued/);
  });

  it('waits at an approval step until approved', async () => {
    const run = await stack.start(fixture('approval-gate.yaml'), {}, 'approve');
    await pollUntil(
      async () => (await run.handle.query(progressQuery)).steps.find((s) => s.id === 'gate' && s.state === 'waiting'),
      'the gate',
    );
    // the stack trace the Web UI shows names the line of tourflow's source the run waits at
    const trace = await run.handle.query<string>('__stack_trace');
    expect(trace).toMatch(/at approval \(.*workflows[/\\]control-steps\.ts:\d+:0\)/);
    await expect(run.handle.executeUpdate(approveUpdate, { args: ['second', true] })).rejects.toMatchObject({
      cause: { message: 'Step "second" is pending, not waiting for approval.' },
    });
    await run.handle.executeUpdate(approveUpdate, { args: ['gate', true] });
    const outcome = await waitForOutcome(run.handle);
    expect(outcome.result?.status).toBe('completed');
    expect(tourNames(stack)).toEqual(expect.arrayContaining(['Gate first', 'Gate second']));
  });

  it('rolls back when cancelled mid-way', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    const run = await stack.start(fixture('approval-gate.yaml'), {}, 'cancel');
    await pollUntil(
      async () => (await run.handle.query(progressQuery)).steps.find((s) => s.id === 'gate' && s.state === 'waiting'),
      'the gate',
    );
    await run.handle.cancel();
    const outcome = await waitForOutcome(run.handle);
    expect(outcome.exitCode).toBe(3);
    expect(outcome.result?.undone.map((u) => u.describe)).toEqual(['delete tour Gate first']);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('cancelling a parent whose child run waits at an approval cancels the child: both roll back and end cancelled', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    const run = await stack.start(fixture('child-at-approval.yaml'), {}, 'cancel-child');
    const child = stack.client.workflow.getHandle(`${run.handle.workflowId}/child`);
    await pollUntil(
      async () =>
        (await child.query(progressQuery).catch(() => undefined))?.steps.find(
          (s) => s.id === 'gate' && s.state === 'waiting',
        ),
      'the child at its gate',
    );
    await run.handle.cancel();
    const ended = async (handle: typeof child) => (await handle.describe()).status.name === 'CANCELLED';
    await pollUntil(() => ended(run.handle), 'the parent to end cancelled');
    await pollUntil(() => ended(child), 'the child to end cancelled');
    const outcome = await waitForOutcome(run.handle);
    expect(outcome.exitCode).toBe(3);
    expect(outcome.result).toMatchObject({ status: 'rolledBack', cancelled: true });
    expect(outcome.result?.undone.map((u) => u.describe)).toEqual([
      'delete tour Gate first',
      'delete tour Parent of the gate',
    ]);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('a step that fails beside a child run waiting at an approval cancels the child, and the run rolls back', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    const run = await stack.start(fixture('child-and-failure.yaml'), {}, 'child-and-failure');
    await pollUntil(async () => (await run.handle.describe()).status.name === 'FAILED', 'the run to end');
    const outcome = await waitForOutcome(run.handle);
    expect(outcome.result).toMatchObject({ status: 'rolledBack', error: { stepId: 'bad', type: 'UNKNOWN_NAME' } });
    const child = await stack.client.workflow
      .getHandle(`${run.handle.workflowId}/child`)
      .describe()
      .catch(() => undefined);
    if (child) expect(child.status.name).toBe('CANCELLED');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('ends in "needs manual repair" naming the record when an undo keeps failing', async () => {
    stack.sandbox.faults.add({ match: { method: 'DELETE', path: '^/v1/tours/' }, kind: 'status', status: 500 });
    try {
      const outcome = await stack.run(
        fixture('tours-then-fail.yaml'),
        { cities: ['Bonn'], badDayType: 'Nonsense' },
        'repair',
      );
      expect(outcome.exitCode).toBe(1);
      expect(outcome.result?.status).toBe('needsManualRepair');
      expect(outcome.result?.leftBehind).toEqual([
        expect.objectContaining({
          stepId: 'tours',
          describe: 'delete tour Interpreter Bonn',
          record: expect.objectContaining({ resource: 'tour' }),
        }),
      ]);
    } finally {
      stack.sandbox.faults.clear();
    }
  });

  it('creates exactly one record when a write commits and its response is lost', async () => {
    stack.sandbox.faults.add({ match: { method: 'POST', path: '^/v1/tours$' }, kind: 'dropAfterCommit', times: 1 });
    try {
      const outcome = await stack.run(fixture('tours-then-fail.yaml'), { cities: ['Kiel'] }, 'dropped');
      expect(outcome.result?.status).toBe('completed');
      expect(tourNames(stack).filter((name) => name === 'Interpreter Kiel')).toHaveLength(1);
    } finally {
      stack.sandbox.faults.clear();
    }
  });
});
