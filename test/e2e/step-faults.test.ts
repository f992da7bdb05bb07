/**
 * For every write step of the composite tour-setup playbook: a fault injected at that step
 * leaves the sandbox store equal to the store before the run (normalised: live records, no
 * timestamps), and the result lists the undone steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { firstWriteCalls, type WriteCall } from '../support/write-steps.ts';

describe('a fault at each step of tour-setup rolls everything back', () => {
  let stack: TestStack;
  let cases: WriteCall[] = [];
  beforeAll(async () => {
    stack = await startTestStack();
    cases = firstWriteCalls(await stack.compile('tour-setup.yaml'));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('has write steps to break', () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  it('leaves the store as it was for a fault at every write step', async () => {
    for (const [index, target] of cases.entries()) {
      const before = stack.sandbox.snapshot({ normalise: true });
      stack.sandbox.faults.add({
        match: { method: target.method, path: target.path },
        kind: 'status',
        status: 409,
        times: 1,
      });
      try {
        const outcome = await stack.run('tour-setup.yaml', {}, `fault-${index}`);
        expect(outcome.result?.status, `${target.step}: ${outcome.message}`).toBe('rolledBack');
        expect(stack.sandbox.snapshot({ normalise: true }), `store after a fault at ${target.step}`).toEqual(before);
        if (index > 0) expect(outcome.result?.undone.length, target.step).toBeGreaterThan(0);
      } finally {
        stack.sandbox.faults.clear();
      }
    }
  }, 600_000);
});
