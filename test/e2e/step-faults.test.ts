/**
 * For every write step of the composite tour-setup playbook: a fault injected at that step
 * leaves the sandbox store equal to the store before the run (normalised: live records, no
 * timestamps), and the result lists the undone steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../definitions/index.ts';
import type { Plan } from '../../definitions/plan-types.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface WriteStep {
  step: string;
  method: string;
  path: string;
}

/** The first write call of every write step, child playbooks included, in plan order. */
function writeSteps(plan: Plan, prefix = ''): WriteStep[] {
  return plan.steps.flatMap((step): WriteStep[] => {
    if (step.plan) return writeSteps(step.plan, `${prefix}${step.id}/`);
    if (step.kind === 'read' || step.kind === 'control') return [];
    const call = catalogue.get(step.action)?.calls.find((c) => !c.startsWith('GET '));
    if (!call) return [];
    const [method, template] = call.split(' ') as [string, string];
    const path = `^${template.split('?')[0]!.replace(/\{[^}]+\}/g, '[^/]+')}$`;
    return [{ step: `${prefix}${step.id}`, method, path }];
  });
}

describe('a fault at each step of tour-setup rolls everything back', () => {
  let stack: TestStack;
  let cases: WriteStep[] = [];
  beforeAll(async () => {
    stack = await startTestStack();
    const seen = new Set<string>();
    cases = writeSteps(await stack.compile('tour-setup.yaml')).filter((c) => !seen.has(c.method + c.path) && seen.add(c.method + c.path));
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
      stack.sandbox.faults.add({ match: { method: target.method, path: target.path }, kind: 'status', status: 409, times: 1 });
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
