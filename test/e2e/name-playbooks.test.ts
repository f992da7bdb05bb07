/**
 * The three playbooks written with names only, on the real dev server against the sandbox: tag
 * every "Soundcheck" of a tour, change a stay's check-in time and a venue's capacity by their
 * titles, and room the crew two to a room from a CSV of names (read as `--inputs crew.csv` is).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvInputs } from '../../cli/csv-inputs.ts';
import { compilePlaybookFile } from '../../definitions/index.ts';
import { ADLON_STAY } from '../support/tour-data.ts';
import { PLAYBOOKS, startTestStack, type TestStack } from '../support/stack.ts';
import { coversGroup } from '../actions/write-coverage.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const TOUR = 'Names Run';

describe('playbooks written with names only', () => {
  let stack: TestStack;
  let tourId: string;
  let dir: string;
  // this stack holds only this test's tour; rows that name a tour must name it
  const rows = (table: string) =>
    ((stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? []).filter(
      (row) => !('tourId' in row) || row.tourId === tourId,
    );
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-names-'));
    stack = await startTestStack();
    const created = await stack.run(
      'create-tour.yaml',
      {
        name: TOUR,
        days: [
          { date: '2027-03-27', city: 'Berlin', dayType: 'Show' },
          { date: '2027-03-28', city: 'Hamburg', dayType: 'Show' },
        ],
        venues: [{ date: '2027-03-27', title: 'Uber Arena', category: 'Arena', capacity: 15000 }],
        stays: [ADLON_STAY],
      },
      'names-tour',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    for (const day of ['2027-03-27', '2027-03-28']) {
      const items = await stack.run(path.join(FIXTURES, 'add-items.yaml'), { tourId, day }, `names-items-${day}`);
      expect(items.result?.status, items.message).toBe('completed');
    }
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('tag-items tags every Soundcheck, creating the tag; a second run finds them tagged and changes nothing', async () => {
    coversGroup('tags');
    const inputs = { tour: TOUR, item: 'soundcheck', tag: 'Production' };
    const outcome = await stack.run('tag-items.yaml', inputs, 'tag-soundchecks');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs).toEqual({ items: 2, tagged: 2 });
    const [tag] = rows('tags');
    expect(tag).toMatchObject({ name: 'Production' });
    const soundchecks = rows('scheduleItems').filter((item) => item.name === 'Soundcheck');
    expect(soundchecks.map((item) => item.tagIds)).toEqual([[tag!.id], [tag!.id]]);

    const after = stack.sandbox.snapshot({ normalise: true });
    const again = await stack.run('tag-items.yaml', inputs, 'tag-soundchecks-again');
    expect(again.result?.outputs).toEqual({ items: 2, tagged: 0 });
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });

  it('update-stay-and-venue changes a check-in time and a capacity by their titles, and rolls both back on failure', async () => {
    coversGroup('venues, stays and contacts');
    const inputs = { tour: TOUR, stay: 'hotel adlon', checkInTime: '13:00', venue: 'Uber Arena', capacity: 17000 };
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'PUT', path: '^/v1/venues/[^/]+$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run('update-stay-and-venue.yaml', inputs, 'update-fail');
    stack.sandbox.faults.clear();
    expect(failed.exitCode).toBe(3);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);

    const outcome = await stack.run('update-stay-and-venue.yaml', inputs, 'update');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    // 13:00 in Berlin in March (CET) is 12:00 UTC; the date stays the 27th
    expect(rows('stays')[0]).toMatchObject({ title: 'Hotel Adlon', checkIn: '2027-03-27T12:00:00.000Z' });
    expect(rows('venues')[0]).toMatchObject({ title: 'Uber Arena', capacity: 17000 });
  });

  it('room-crew rooms the crew two to a room from a CSV of names, reporting who is not on the tour', async () => {
    await writeFile(
      path.join(dir, 'crew.csv'),
      'Name\nSam Rivera\npriya natarajan\nMarcus Chen\nNobody Here\nElena Kowalski\n',
    );
    const { plan } = await compilePlaybookFile(path.join(PLAYBOOKS, 'room-crew.yaml'));
    const { crew } = await readCsvInputs(dir, 'crew.csv', plan!);
    const outcome = await stack.run('room-crew.yaml', { tour: TOUR, stay: 'Hotel Adlon', crew }, 'room-crew');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.notOnTour).toEqual(['Nobody Here']);
    const users = new Map(rows('users').map((user) => [user.id, `${String(user.firstname)} ${String(user.lastname)}`]));
    const rooms = rows('rooms')
      .map((room) => [room.roomNumber as number, (room.userIds as string[]).map((id) => users.get(id)).sort()] as const)
      .sort((a, b) => a[0] - b[0]);
    expect(rooms).toEqual([
      [101, ['Priya Natarajan', 'Sam Rivera']],
      [102, ['Marcus Chen']],
      [103, ['Elena Kowalski']],
    ]);
  });

  it('the list actions read the tour by names, each step a local activity, after the three playbooks ran', async () => {
    const outcome = await stack.run(
      path.join(FIXTURES, 'read-tour.yaml'),
      { tour: TOUR, stay: 'Hotel Adlon', venue: 'uber arena', day: '2027-03-27' },
      'read-tour',
    );
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const outputs = outcome.result!.outputs;
    expect(outputs.crew).toEqual(expect.arrayContaining(['Jordan Avery', 'Sam Rivera']));
    expect(outputs).toMatchObject({
      items: ['Load-in', 'Soundcheck', 'Show'],
      tags: [['Production', 2]],
      venues: ['Uber Arena'],
      stayRooms: [3],
      runningOrder: 3,
      ages: true,
      counts: [0, 0, 0, 0, 0, 0, 0],
    });
    expect(outputs.rooms).toEqual(expect.arrayContaining([['Sam Rivera', 'Priya Natarajan']]));
    expect(Object.values(outputs.guestTotals as Row).every((value) => typeof value === 'number')).toBe(true);
    const history = await stack.client.workflow.getHandle(outcome.workflowId).fetchHistory();
    const scheduled = (history.events ?? []).filter((event) => event.activityTaskScheduledEventAttributes).length;
    expect(scheduled).toBe(0);
  });
});
