/**
 * Custom fields and contacts on the real dev server: a run that adds, changes and removes fields
 * and sets, finds, links and edits contacts, rolled back by a failing last step (the store as it
 * was, but for the new IDs of the field and the e-mail row the undo added back), then run to its
 * end.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { coversGroup } from '../actions/write-coverage.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

/** Rows re-added by an undo get new IDs: the one difference a rollback leaves. */
function withoutReAddedIds(snapshot: StoreSnapshot): StoreSnapshot {
  const rows = (table: string) => (snapshot[table] ?? []) as Row[];
  return {
    ...snapshot,
    scheduleItems: rows('scheduleItems').map((item) => ({
      ...item,
      customFields: (item.customFields as Row[]).map(({ id: _id, ...rest }) => rest),
    })),
    generalContacts: rows('generalContacts').map(({ id: _id, ...rest }) => rest),
  };
}

describe('custom fields and contacts', () => {
  let stack: TestStack;
  let tourId: string;
  const rows = (table: string) => (stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? [];
  beforeAll(async () => {
    stack = await startTestStack();
    const created = await stack.run(
      'create-tour.yaml',
      { name: 'Fields Run', days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }] },
      'fields',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    const setup = await stack.run(
      path.join(FIXTURES, 'fields-setup.yaml'),
      { tourId, day: '2027-03-27' },
      'fields-setup',
    );
    expect(setup.result?.status, setup.message).toBe('completed');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a failing last step undoes every field and contact change', async () => {
    coversGroup('custom fields');
    coversGroup('venues, stays and contacts');
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'PUT', path: '^/v1/key-contacts/[0-9]+$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run(
      path.join(FIXTURES, 'fields-contacts.yaml'),
      { tourId, day: '2027-03-27' },
      'fields-fail',
    );
    stack.sandbox.faults.clear();
    expect(failed.result?.status, failed.message).toBe('rolledBack');
    expect(failed.result?.steps.map((step) => [step.id, step.state])).toEqual([
      ['parking', 'undone'],
      ['backline', 'undone'],
      ['catering', 'undone'],
      ['lines', 'undone'],
      ['promoter', 'done'],
      ['link', 'undone'],
      ['edit', 'failed'],
    ]);
    expect(withoutReAddedIds(stack.sandbox.snapshot({ normalise: true }))).toEqual(withoutReAddedIds(before));
  });

  it('makes the changes once per run key', async () => {
    const outcome = await stack.run(
      path.join(FIXTURES, 'fields-contacts.yaml'),
      { tourId, day: '2027-03-27' },
      'fields-edit',
    );
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.found).toBe(true);
    const [venue] = rows('venues');
    expect(venue!.customFields).toEqual([
      expect.objectContaining({ templateKey: 'parking', title: 'Parking', description: 'Two bus bays' }),
    ]);
    expect(rows('scheduleItems')[0]!.customFields).toEqual([
      expect.objectContaining({ title: 'Backline', description: 'Drum riser stage left' }),
    ]);
    expect(rows('generalContacts').map((row) => [row.kind, row.value, row.label])).toEqual([
      ['email', 'production@arena.example', 'Production'],
      ['phone', '302060700', 'Office'],
    ]);
    const contactId = outcome.result!.outputs.contactId as number;
    expect(venue!.keyContactIds).toEqual([contactId]);
    expect(rows('keyContacts')).toEqual([
      expect.objectContaining({
        id: contactId,
        role: 'Promoter (Berlin)',
        city: 'Berlin',
        email: 'lena@promoter.example',
      }),
    ]);

    const after = stack.sandbox.snapshot({ normalise: true });
    await stack.run(path.join(FIXTURES, 'fields-contacts.yaml'), { tourId, day: '2027-03-27' }, 'fields-edit');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });
});
