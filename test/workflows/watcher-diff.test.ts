import { describe, expect, it } from 'vitest';
import type { SeenDay, SeenRecord, TourSnapshot } from '../../definitions/trigger-types.ts';
import { diffRecords, recordEvent } from '../../workflows/watcher-diff.ts';

const day = (id: number, truncated = false): SeenDay => ({
  id,
  name: null,
  date: '2027-03-27',
  zone: 'UTC',
  type: 'Show',
  truncated,
  moments: {},
});
const guest = (id: string, status: string, notes = ''): SeenRecord => ({
  r: 'guests',
  id,
  day: 1,
  f: { status, notes },
});
const snapshot = (records: SeenRecord[], truncated = false): TourSnapshot => ({
  days: [day(1, truncated)],
  records,
  calls: 1,
});

describe('the watcher’s diff', () => {
  it('takes a record for deleted only when two reads in a row lack it', () => {
    const first = diffRecords([guest('7', 'Pending')], [], snapshot([]));
    expect(first.changes).toEqual([]);
    expect(first.absentOnce).toEqual(['guests:7']);
    expect(first.records).toEqual([guest('7', 'Pending')]);
    const second = diffRecords(first.records, first.absentOnce, snapshot([]));
    expect(second.changes.map((c) => [c.kind, c.record.id])).toEqual([['deleted', '7']]);
    expect(second.records).toEqual([]);
  });

  it('a record back after one absence is no change', () => {
    const first = diffRecords([guest('7', 'Pending')], [], snapshot([]));
    const back = diffRecords(first.records, first.absentOnce, snapshot([guest('7', 'Pending')]));
    expect(back.changes).toEqual([]);
    expect(back.absentOnce).toEqual([]);
  });

  it('never takes a record of a truncated day for deleted', () => {
    let state = { records: [guest('7', 'Pending')], absentOnce: [] as string[] };
    for (let read = 0; read < 3; read++) state = diffRecords(state.records, state.absentOnce, snapshot([], true));
    expect(state.records).toEqual([guest('7', 'Pending')]);
  });

  it('reports the changed fields; a status change is statusChanged, a notes change only changed', () => {
    const status = diffRecords([guest('7', 'Pending')], [], snapshot([guest('7', 'Approved')])).changes[0]!;
    expect(status.changed).toEqual(['status']);
    expect(recordEvent({ record: 'guests', events: ['statusChanged', 'changed'] }, status)).toEqual({
      kind: 'statusChanged',
    });
    const notes = diffRecords([guest('7', 'Pending')], [], snapshot([guest('7', 'Pending', 'VIP')])).changes[0]!;
    expect(recordEvent({ record: 'guests', events: ['statusChanged'] }, notes)).toEqual({
      reason: 'changed: not among its events',
    });
    expect(recordEvent({ record: 'guests', events: ['changed'], fields: ['status'] }, notes)).toEqual({
      reason: 'field not watched (notes)',
    });
  });
});
