/**
 * edit-tour on the real dev server against a tour made by create-tour: a failing last step rolls
 * every edit back (the whole store compares equal to before; the uploaded note file, which no
 * record holds any more and no call can delete, is out of reach), then the run makes its edits, and
 * the same run key changes nothing more.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { coversGroup } from '../actions/write-coverage.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

describe('edit-tour', () => {
  let stack: TestStack;
  let tourId: string;
  let ids: number[];
  const rows = (table: string) => (stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? [];
  beforeAll(async () => {
    stack = await startTestStack();
    const created = await stack.run(
      'create-tour.yaml',
      { name: 'Edit Run', days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }] },
      'edit-tour',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    const fixtures = await stack.run(
      path.join(FIXTURES, 'edit-fixtures.yaml'),
      { tourId, day: '2027-03-27' },
      'edit-fixtures',
    );
    expect(fixtures.result?.status, fixtures.message).toBe('completed');
    ids = fixtures.result!.outputs.ids as number[];
  });
  afterAll(async () => {
    await stack?.close();
  });

  const inputs = () => ({
    tourId,
    day: '2027-03-27',
    itemId: ids[0],
    start: '15:00',
    end: '16:30',
    location: 'Club stage',
    tag: 'Crew',
    tagName: 'Crew only',
    template: 'Show Day',
    templateName: 'Club Day',
    dropItemId: ids[1],
    restoreItemId: ids[2],
  });

  it('a failing last step undoes every edit: the tour is as it was', async () => {
    coversGroup('schedule items');
    coversGroup('schedule templates');
    coversGroup('tags');
    coversGroup('bulletins');
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'PUT', path: '^/v1/bulletins/[^/]+$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run('edit-tour.yaml', inputs(), 'edit-fail');
    stack.sandbox.faults.clear();
    expect(failed.exitCode, failed.message).toBe(3);
    expect(failed.result?.status).toBe('rolledBack');
    expect(failed.result?.steps.map((step) => [step.id, step.state])).toEqual([
      ['move', 'undone'],
      ['note', 'undone'],
      ['retag', 'undone'],
      ['rename', 'undone'],
      ['drop', 'undone'],
      ['bringBack', 'undone'],
      ['noteFile', 'done'],
      ['attachNote', 'undone'],
      ['post', 'undone'],
      ['edit', 'failed'],
    ]);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('makes the edits once per run key', async () => {
    const outcome = await stack.run('edit-tour.yaml', inputs(), 'edit');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const items = new Map(rows('scheduleItems').map((item) => [item.id, item]));
    expect(items.get(ids[0]!)).toMatchObject({ startTime: '15:00:00', endTime: '16:30:00', location: 'Club stage' });
    expect(items.get(ids[0]!)?.customFields).toEqual([
      expect.objectContaining({ title: 'Last change', description: 'Moved by edit-tour' }),
    ]);
    expect(items.has(ids[1]!)).toBe(false);
    expect(items.get(ids[2]!)).toMatchObject({ name: 'Signing' });
    expect(rows('tags').map((tag) => tag.name)).toEqual(['Crew only']);
    expect(rows('attachments')).toEqual([
      expect.objectContaining({
        entityType: 'SCHEDULE_ITEM',
        entityId: ids[0],
        name: 'Running order changes',
        fileName: 'running-order-changes.txt',
      }),
    ]);
    expect(rows('templates').map((template) => template.name)).toEqual(['Club Day']);
    expect(rows('bulletins')).toEqual([
      expect.objectContaining({
        id: outcome.result!.outputs.bulletinId,
        title: 'Schedule changes (updated)',
        isPinned: true,
      }),
    ]);

    const after = stack.sandbox.snapshot({ normalise: true });
    await stack.run('edit-tour.yaml', inputs(), 'edit');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });
});
