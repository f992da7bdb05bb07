/**
 * A playbook larger than one workflow history comfortably holds: 5,000 items continue as new,
 * carrying their state and undo list, and every history stays under 10,000 events.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

const ITEMS = 5_000;
const NAMES = Array.from({ length: ITEMS }, (_, i) => `Tag ${String(i).padStart(4, '0')}`);

describe('big playbooks', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(`runs ${ITEMS} items across continued runs, each history under 10,000 events`, async () => {
    const outcome = await stack.run(
      path.resolve(import.meta.dirname, 'fixtures/many-tags.yaml'),
      { names: NAMES },
      'big',
    );
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.tags).toBe(ITEMS);

    const snapshot = stack.sandbox.snapshot({ normalise: true }) as { tags?: { name: string }[] };
    expect(new Set((snapshot.tags ?? []).map((t) => t.name)).size).toBe(ITEMS);
    expect(snapshot.tags ?? []).toHaveLength(ITEMS);

    const lengths: number[] = [];
    for await (const run of stack.client.workflow.list({ query: `WorkflowId = '${outcome.workflowId}'` })) {
      const history = await stack.client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
      lengths.push(history.events?.length ?? 0);
    }
    expect(lengths.length).toBeGreaterThan(1); // it continued as new
    expect(Math.max(...lengths)).toBeLessThan(10_000);
  }, 300_000);
});
