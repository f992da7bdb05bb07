/**
 * Long `forEach` lists run in batches, one activity per batch: the same records as one activity
 * per element, a refused element rolls the whole run back (or is skipped with `onFailure:
 * continue`), and lost responses and server errors inside a batch never duplicate a record.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchSize, lanesPerActivity } from '../../workflows/for-each.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const ITEMS = 200;
const CONCURRENCY = 4;
/** grouped-tags.yaml: eight lanes, two per batch activity. */
const GROUPED_CONCURRENCY = 8;
const names = (prefix: string) => Array.from({ length: ITEMS }, (_, i) => `${prefix} ${String(i).padStart(3, '0')}`);
/** The API takes tag names of up to 100 characters. */
const TOO_LONG = 'x'.repeat(150);

type Row = Record<string, unknown>;

async function activityTypes(stack: TestStack, workflowId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const history = await stack.client.workflow.getHandle(workflowId).fetchHistory();
  for (const event of history.events ?? []) {
    const name = event.activityTaskScheduledEventAttributes?.activityType?.name;
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

describe('forEach in batches', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(`creates ${ITEMS} records with one activity per batch`, async () => {
    const outcome = await stack.run(path.join(FIXTURES, 'batched-tags.yaml'), { names: names('Plain') }, 'batched');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.tags).toBe(ITEMS);
    const size = batchSize(ITEMS, CONCURRENCY);
    expect(size).toBeGreaterThan(1);
    const types = await activityTypes(stack, outcome.workflowId);
    expect(types.get('tagCreateBatch')).toBe(Math.ceil(ITEMS / size));
    expect(types.get('tagCreate')).toBeUndefined();
    const snapshot = stack.sandbox.snapshot({ normalise: true }) as { tags?: Row[] };
    const created = (snapshot.tags ?? []).filter((t) => String(t.name).startsWith('Plain '));
    expect(created).toHaveLength(ITEMS);
  });

  it.each([
    { fixture: 'batched-tags.yaml', prefix: 'Refused', runKey: 'batched-refused' },
    { fixture: 'grouped-tags.yaml', prefix: 'Grouped refused', runKey: 'grouped-refused' },
  ])(
    '$fixture: rolls every batch back when the API refuses one element in the middle of a batch',
    async ({ fixture, prefix, runKey }) => {
      const list = names(prefix);
      list[ITEMS / 2 + 1] = TOO_LONG;
      const before = stack.sandbox.snapshot({ normalise: true });
      const outcome = await stack.run(path.join(FIXTURES, fixture), { names: list }, runKey);
      expect(outcome.result?.status, outcome.message).toBe('rolledBack');
      // The refused element named by its position from 1 and the key expression, never its value.
      expect(outcome.result?.error?.message).toMatch(
        new RegExp(
          `^step tags \\(tag\\.create\\) failed at element ${ITEMS / 2 + 2} \\(key \\$\\{\\{ name \\}\\}\\): `,
        ),
      );
      expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
    },
  );

  it(`runs ${GROUPED_CONCURRENCY} lanes in fewer, wider batch activities, creating every record once`, async () => {
    const outcome = await stack.run(path.join(FIXTURES, 'grouped-tags.yaml'), { names: names('Grouped') }, 'grouped');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.tags).toBe(ITEMS);
    const lanes = lanesPerActivity(GROUPED_CONCURRENCY);
    expect(lanes).toBe(2);
    const types = await activityTypes(stack, outcome.workflowId);
    expect(types.get('tagCreateBatch')).toBe(Math.ceil(ITEMS / (batchSize(ITEMS, GROUPED_CONCURRENCY) * lanes))); // 4, not 8
    const snapshot = stack.sandbox.snapshot({ normalise: true }) as { tags?: Row[] };
    const created = (snapshot.tags ?? []).filter((t) => String(t.name).startsWith('Grouped '));
    expect(created).toHaveLength(ITEMS);
    expect(new Set(created.map((t) => t.name)).size).toBe(ITEMS);
  });

  it('skips a refused element with onFailure: continue and names it in a warning', async () => {
    const list = names('Skipping');
    list[7] = TOO_LONG;
    const outcome = await stack.run(
      path.join(FIXTURES, 'batched-tags-continue.yaml'),
      { names: list },
      'batched-continue',
    );
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.tags).toBe(ITEMS - 1);
    expect(outcome.result?.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('step tags: element 8 (key ${{ name }}) failed: ')]),
    );
    const snapshot = stack.sandbox.snapshot({ normalise: true }) as { tags?: Row[] };
    expect((snapshot.tags ?? []).filter((t) => String(t.name).startsWith('Skipping '))).toHaveLength(ITEMS - 1);
  });

  it('retries lost responses and server errors inside a batch without duplicating a record', async () => {
    stack.sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/tours/[^/]+/tags$' },
      kind: 'dropAfterCommit',
      rate: 0.05,
    });
    stack.sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/tours/[^/]+/tags$' },
      kind: 'status',
      status: 502,
      rate: 0.05,
    });
    try {
      // Eight attempts per call (the fixture's retry): the retries happen inside the batches, and
      // no call runs out of them by chance, as one in a thousand would with three.
      const outcome = await stack.run(
        path.join(FIXTURES, 'batched-tags-flaky.yaml'),
        { names: names('Flaky') },
        'batched-flaky',
      );
      expect(outcome.result?.status, outcome.message).toBe('completed');
      expect(outcome.result?.outputs.tags).toBe(ITEMS);
    } finally {
      stack.sandbox.faults.clear();
    }
    const snapshot = stack.sandbox.snapshot({ normalise: true }) as { tags?: Row[] };
    const created = (snapshot.tags ?? []).filter((t) => String(t.name).startsWith('Flaky '));
    expect(created).toHaveLength(ITEMS);
    expect(new Set(created.map((t) => t.name)).size).toBe(ITEMS);
  });
});
