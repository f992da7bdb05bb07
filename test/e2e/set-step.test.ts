/**
 * A `set` step on the real dev server: it names values computed from the inputs (the days
 * guests asked for, and per day whether the cap is reached), later steps read them as
 * `steps.<id>.outputs.<name>`, and it costs no activity: the run's history schedules only the
 * actions' activities.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUPS } from '../../sandbox/store/reference-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
type Row = Record<string, unknown>;

describe('set steps', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('name values that later steps use, with no activity of their own', async () => {
    const requests = [
      { name: 'A', date: '2027-06-01' },
      { name: 'B', date: '2027-06-02' },
      { name: 'C', date: '2027-06-01' },
    ];
    const outcome = await stack.run(path.join(FIXTURES, 'named-values.yaml'), { requests }, 'named-values');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result!.outputs.perDay).toEqual([
      { date: '2027-06-01', asked: 2, full: true },
      { date: '2027-06-02', asked: 1, full: false },
    ]);
    const store = stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>;
    const colors = new Map(LOOKUPS.avatarColors.map((color) => [color.id, color.type]));
    expect((store.tags ?? []).map((tag) => [tag.name, colors.get(tag.colorId as number)]).sort()).toEqual([
      ['Guests 2027-06-01 full', 'Red'],
      ['Guests 2027-06-02 open', 'Green'],
    ]);
    expect(outcome.result!.steps.map((step) => [step.id, step.state])).toEqual([
      ['wanted', 'done'],
      ['tour', 'done'],
      ['tags', 'done'],
    ]);

    const history = await stack.client.workflow.getHandle(outcome.workflowId).fetchHistory();
    const scheduled = (history.events ?? []).flatMap((event) => {
      const attributes = event.activityTaskScheduledEventAttributes;
      return attributes ? [attributes.activityType?.name ?? ''] : [];
    });
    expect(new Set(scheduled)).toEqual(new Set(['tourCreate', 'tagCreate']));
  }, 120_000);
});
