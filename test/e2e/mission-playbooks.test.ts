/**
 * apply-schedule-templates, assign-rooms, bulk-approve-guests (also on a locked day) and render-day-sheets, each on its own against a tour made
 * by create-tour: the records they leave, their rollback, and a repeated run key.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

type Row = Record<string, unknown>;
const rows = (stack: TestStack, table: string) =>
  (stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? [];
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

describe('mission playbooks on their own', () => {
  let stack: TestStack;
  let outputDir: string;
  let tourId: string;
  beforeAll(async () => {
    outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-mission-'));
    stack = await startTestStack({ outputDir });
    const created = await stack.run(
      'create-tour.yaml',
      {
        name: 'Mission Run',
        days: [
          { date: '2027-03-27', city: 'Berlin', dayType: 'Show' },
          { date: '2027-03-28', city: 'Berlin', dayType: 'Off' },
        ],
        stays: [
          {
            title: 'Hotel Mission',
            location: { address: 'Oranienburger Straße 52, 10117 Berlin', lat: 52.5246, lng: 13.3933 },
            timeZone: 'Europe/Berlin',
            checkIn: { date: '2027-03-27', time: '15:00' },
            checkOut: { date: '2027-03-29', time: '11:00' },
          },
        ],
      },
      'mission',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
  });
  afterAll(async () => {
    await stack?.close();
    await rm(outputDir, { recursive: true, force: true });
  });

  it('apply-schedule-templates: rolls back, then saves a day as a template and applies it once', async () => {
    const items = await stack.run(path.join(FIXTURES, 'add-items.yaml'), { tourId, day: '2027-03-27' }, 'items');
    expect(items.result?.status, items.message).toBe('completed');
    const inputs = {
      tourId,
      saveAs: 'Show day',
      saveFrom: '2027-03-27',
      templates: ['Show day'],
      from: '2027-03-28',
      to: '2027-03-28',
    };

    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/schedule-templates/[^/]+/apply$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run('apply-schedule-templates.yaml', inputs, 'templates-fail');
    stack.sandbox.faults.clear();
    expect(failed.exitCode).toBe(3);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);

    const outcome = await stack.run('apply-schedule-templates.yaml', inputs, 'templates');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.count).toBe(3);
    const secondDay = (outcome.result!.outputs.created as Row[])[0]!;
    expect(secondDay).toMatchObject({ date: '2027-03-28', template: 'Show day' });
    const copied = rows(stack, 'scheduleItems').filter((item) =>
      (secondDay.ids as number[]).includes(item.id as number),
    );
    expect(copied.map((item) => item.name).sort()).toEqual(['Load-in', 'Show', 'Soundcheck']);

    const after = stack.sandbox.snapshot({ normalise: true });
    await stack.run('apply-schedule-templates.yaml', inputs, 'templates');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });

  it('assign-rooms: rolls back, then puts people into rooms once', async () => {
    const rooms = [
      {
        stay: 'Hotel Mission',
        roomNumber: 101,
        roomType: 'Double',
        people: ['sam.rivera@example.com', 'priya.natarajan@example.com'],
      },
      {
        stay: 'Hotel Mission',
        roomNumber: 102,
        roomType: 'Single',
        people: ['marcus.chen@example.com', 'nobody@example.net'],
      },
    ];
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/accommodation/[^/]+/rooms$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run('assign-rooms.yaml', { tourId, rooms }, 'rooms-fail');
    stack.sandbox.faults.clear();
    expect(failed.exitCode).toBe(3);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);

    const outcome = await stack.run('assign-rooms.yaml', { tourId, rooms }, 'rooms');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.notOnTour).toEqual(['nobody@example.net']);
    const stored = rows(stack, 'rooms').filter((r) => r.roomNumber === 101 || r.roomNumber === 102);
    expect(stored).toHaveLength(2);
    // the stay's check-in (15:00 CET) and check-out (11:00 CEST, after the clocks went forward)
    for (const room of stored)
      expect(room).toMatchObject({ checkIn: '2027-03-27T14:00:00.000Z', checkOut: '2027-03-29T09:00:00.000Z' });

    const after = stack.sandbox.snapshot({ normalise: true });
    await stack.run('assign-rooms.yaml', { tourId, rooms }, 'rooms');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });

  it('bulk-approve-guests: rolls back, then approves every pending entry in one call', async () => {
    const guests = [
      { key: 'a', date: '2027-03-27', firstName: 'Ada', lastName: 'Lindholm', guests: 2 },
      { key: 'b', date: '2027-03-27', firstName: 'Ben', lastName: 'Okafor', guests: 1 },
    ];
    const added = await stack.run(path.join(FIXTURES, 'add-guests.yaml'), { tourId, guests }, 'guests');
    expect(added.result?.status, added.message).toBe('completed');

    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'PUT', path: '^/v1/tours/[^/]+/guestlist/status$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run('bulk-approve-guests.yaml', { tourId, confirm: false }, 'approve-fail');
    stack.sandbox.faults.clear();
    expect(failed.exitCode).toBe(3);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);

    const outcome = await stack.run('bulk-approve-guests.yaml', { tourId, confirm: false }, 'approve');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs).toMatchObject({ count: 2, totalGuests: 3, approvedPerDay: { '2027-03-27': 3 } });

    const after = stack.sandbox.snapshot({ normalise: true });
    await stack.run('bulk-approve-guests.yaml', { tourId, confirm: false }, 'approve');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });

  it('bulk-approve-guests on a day guests.configureDay locked: fails with the API’s refusal, changes no entry and leaves nothing to repair', async () => {
    const guests = [1, 2, 3, 4].map((n) => ({
      key: `locked-${n}`,
      date: '2027-03-28',
      firstName: 'Cleo',
      lastName: `Vance${n}`,
      guests: n,
    }));
    expect(
      (await stack.run(path.join(FIXTURES, 'add-guests.yaml'), { tourId, guests }, 'locked-guests')).result?.status,
    ).toBe('completed');
    const lock = (locked: boolean, key: string) =>
      stack.run(path.join(FIXTURES, 'lock-guest-day.yaml'), { tourId, date: '2027-03-28', locked }, key);
    expect((await lock(true, 'lock')).result?.status).toBe('completed');
    const before = stack.sandbox.snapshot({ normalise: true });
    const failed = await stack.run(
      'bulk-approve-guests.yaml',
      { tourId, from: '2027-03-28', confirm: false },
      'approve-locked',
    );
    expect(failed.exitCode).toBe(3);
    expect(failed.result?.status).toBe('rolledBack');
    expect(failed.message).toContain('400 VALIDATION_ERROR: The guest list of day');
    expect(failed.message).toContain('is locked: its entries cannot be added or changed. Nothing was changed');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
    expect((await lock(false, 'unlock')).result?.status).toBe('completed');
  });

  it('render-day-sheets: saves a real PDF per day and writes no record', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    const outcome = await stack.run(
      'render-day-sheets.yaml',
      { tourId, from: '2027-03-27', to: '2027-03-28', folder: 'sheets' },
      'sheets',
    );
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.dates).toEqual(['2027-03-27', '2027-03-28']);
    for (const file of outcome.result!.outputs.files as string[]) {
      const bytes = await readFile(path.isAbsolute(file) ? file : path.join(outputDir, file));
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    }
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });
});
