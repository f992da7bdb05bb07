/** `groupBy`: the undo of a bulk status change groups thousands of entries by their status. */
import { describe, expect, it } from 'vitest';
import { groupBy } from '../../activities/actions/step-support.ts';

describe('groupBy', () => {
  it('groups in the order each key first appears, items in their order', () => {
    const rows = [
      { id: 1, status: 'Pending' },
      { id: 2, status: 'Declined' },
      { id: 3, status: 'Pending' },
    ];
    expect([...groupBy(rows, (row) => row.status)]).toEqual([
      ['Pending', [rows[0], rows[2]]],
      ['Declined', [rows[1]]],
    ]);
    expect(groupBy([], (row: { id: number }) => row.id).size).toBe(0);
  });

  it('groups 20,000 entries under one key', () => {
    const rows = Array.from({ length: 20_000 }, (_, id) => ({ id, statusId: 1 }));
    const groups = groupBy(rows, (row) => row.statusId);
    expect(groups.get(1)).toHaveLength(20_000);
    expect(groups.get(1)?.[19_999]).toBe(rows[19_999]);
  });
});
