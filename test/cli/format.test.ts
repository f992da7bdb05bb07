/** Pure formatting of run progress and schedules: step lines, progress bars, durations, cron text. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CalendarSpecDescription } from '@temporalio/client';
import { terminalView } from '../../cli/commands/status.ts';
import { formatDuration, formatInZone, progressLines } from '../../cli/progress.ts';
import { calendarsToCron } from '../../cli/schedule-views.ts';
import type { RunProgress } from '../../workflows/messages.ts';

const progress: RunProgress = {
  playbook: 'assign-rooms',
  paused: false,
  currentStep: 'rooms',
  steps: [
    { id: 'tour', action: 'tour.find', state: 'done' },
    { id: 'rooms', action: 'room.assign', state: 'running', items: { total: 300, done: 42, failed: 1, running: 10 } },
    { id: 'gate', action: 'approval', state: 'pending' },
    { id: 'notify', action: 'bulletin.post', state: 'skipped' },
  ],
};

describe('progress lines', () => {
  it('show each step with its state, and items done/total on forEach steps', () => {
    expect(progressLines(progress, 'assign-rooms--spring')).toMatchInlineSnapshot(`
      [
        "assign-rooms assign-rooms--spring",
        "  ✓ tour    tour.find        done",
        "  > rooms   room.assign      running  items 42/300 (1 failed, 10 running)",
        "  · gate    approval         pending",
        "  - notify  bulletin.post    skipped",
      ]
    `);
  });

  it('say how to approve a waiting step while the run is open, and that a run is paused', () => {
    const waiting: RunProgress = {
      ...progress,
      paused: true,
      steps: [{ id: 'gate', action: 'approval', state: 'waiting', waitingFor: 'Approve 12 guests?' }],
    };
    expect(progressLines(waiting, 'r1')).toMatchInlineSnapshot(`
      [
        "assign-rooms r1 (paused: resume with \`tourflow resume\`)",
        "  ? gate  approval         waiting: Approve 12 guests? (tourflow approve r1 gate)",
      ]
    `);
    expect(progressLines(waiting, 'r1', false)[1]).toBe('  ? gate  approval         waiting: Approve 12 guests?');
  });
});

describe('the terminal view', () => {
  it('draws a progress bar on forEach steps', () => {
    let written = '';
    const stream = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          written += chunk.toString();
          done();
        },
      }),
      { isTTY: true, columns: 120, rows: 40 },
    );
    const view = terminalView(stream, 'assign-rooms--spring');
    view.show(progress);
    view.stop();
    // eslint-disable-next-line no-control-regex
    const text = written.replace(/\x1b\[[0-9;?]*[A-Za-z]|\x1b[78]/g, '');
    expect(text).toContain('> rooms   room.assign      running  ███░░░░░░░░░░░░░░░░░░░░░ items 42/300');
    expect(text).toContain('items 42/300 (1 failed, 10 running)');
    expect(text).toContain('✓ tour    tour.find        done');
  });
});

describe('formatting', () => {
  it.each([
    [0, '0ms'],
    [850, '850ms'],
    [12_400, '12s'],
    [60_000, '1m'],
    [185_000, '3m 05s'],
    [3_600_000, '1h'],
    [3_780_000, '1h 03m'],
    [90_000_000, '1d 01h'],
  ])('duration %d ms is "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('shows an instant as the wall-clock time of a zone', () => {
    expect(formatInZone('2025-03-29T13:00:00.000Z', 'Pacific/Auckland')).toBe('2025-03-30 02:00 Pacific/Auckland');
    expect(formatInZone('2025-03-30T00:30:00.000Z', 'Europe/Berlin')).toBe('2025-03-30 01:30 Europe/Berlin');
  });
});

const range = <T>(start: T, end: T = start, step = 1) => ({ start, end, step });
const calendar = (fields: Partial<CalendarSpecDescription>): CalendarSpecDescription => ({
  second: [range(0)],
  minute: [range(0)],
  hour: [range(0)],
  dayOfMonth: [range(1, 31)],
  month: [range('JANUARY', 'DECEMBER')],
  year: [],
  dayOfWeek: [range('SUNDAY', 'SATURDAY')],
  ...fields,
});

describe('cron text of a schedule’s calendars', () => {
  it.each([
    ['0 2 * * *', calendar({ hour: [range(2)] })],
    ['30 1 * * 1-5', calendar({ minute: [range(30)], hour: [range(1)], dayOfWeek: [range('MONDAY', 'FRIDAY')] })],
    ['*/15 8-18 * * *', calendar({ minute: [range(0, 59, 15)], hour: [range(8, 18)] })],
    [
      '0 6 1,15 3-4 *',
      calendar({ hour: [range(6)], dayOfMonth: [range(1), range(15)], month: [range('MARCH', 'APRIL')] }),
    ],
    ['0 0 * * 0 2030', calendar({ dayOfWeek: [range('SUNDAY')], year: [range(2030)] })],
    ['30 0 0 * * * *', calendar({ second: [range(30)] })],
  ])('%s', (cron, spec) => {
    expect(calendarsToCron([spec])).toBe(cron);
  });
});
