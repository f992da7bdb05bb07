/**
 * `tourflow retry` takes the input options `tourflow run` takes: a guest list read from an Excel
 * workbook's sheet named with `--sheet` (not its first) has one bad row (row 11 names a date the
 * tour does not have, `onFailure: continue`); the workbook fixed, reordered and extended is
 * retried with the same `--inputs` and `--sheet`, and the tour's guest list ends as a clean
 * import of the fixed sheet leaves it. A `--sheet` with no workbook is refused before anything
 * starts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { RunResult } from '../../workflows/messages.ts';
import { cli, type CliRun } from '../cli/support.ts';
import { Api } from '../sandbox/helpers.ts';
import { entriesOf, guestList, guestRows, importTour, type Guest } from '../support/guest-import.ts';
import { startTestStack, uniqueSeed, type TestStack } from '../support/stack.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'fixtures/guests-retry.yaml');
const DATES = ['2027-07-01', '2027-07-02'];
const MISSING_DATE = '2027-07-30';

/** A workbook whose first sheet holds notes and whose sheet "Guests" the list, its dates as Excel date cells. */
async function writeWorkbook(file: string, rows: Guest[]): Promise<void> {
  const header = ['Date', 'First name', 'Last name', 'Guests'].map((value) => ({ value }));
  const data = rows.map((guest) => {
    const [year, month, day] = guest.date.split('-').map(Number);
    return [
      { value: new Date(Date.UTC(year!, month! - 1, day)), format: 'dd.mm.yyyy' },
      { value: guest.first },
      { value: guest.last },
      { value: guest.guests },
    ];
  });
  await writeXlsxFile([
    { sheet: 'Notes', data: [[{ value: 'From the promoter: the list is on sheet "Guests"' }]] },
    { sheet: 'Guests', data: [header, ...data] },
  ]).toFile(file);
}

describe('tourflow retry --inputs WORKBOOK --sheet', () => {
  let stack: TestStack;
  let api: Api;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-retry-sheet-'));
    stack = await startTestStack({ sandbox: { seed: uniqueSeed() } });
    api = new Api(stack.sandbox);
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const tf = (args: string[]): Promise<CliRun> => cli(args, { cwd: dir, taskQueue: stack.config.temporal.taskQueue });
  const json = (done: CliRun): RunResult => JSON.parse(done.out) as RunResult;

  it('retries the bad row of a sheet named with --sheet, with the fixed workbook reordered and longer', async () => {
    const tour = await importTour(stack, 'Retry sheet', DATES, 'Graz');
    const workbook = path.join(dir, 'guests.xlsx');
    await writeWorkbook(workbook, guestRows(DATES, MISSING_DATE, 'Sheet'));
    const sheetArgs = ['--inputs', 'guests=guests.xlsx', '--sheet', 'Guests'];
    const first = await tf(['run', PLAYBOOK, '--input', `tourId=${tour.tourId}`, ...sheetArgs, '--json']);
    expect(first.code, first.err).toBe(0);
    const firstResult = json(first);
    expect(firstResult.warnings).toHaveLength(1);
    expect(firstResult.warnings[0]).toMatch(/^step guests: guests\.xlsx row 11 failed: /);
    expect(await guestList(api, tour)).toHaveLength(11);

    const fixed = [
      ...guestRows(DATES, DATES[0]!, 'Sheet'),
      { date: DATES[1]!, first: 'Sheet13', last: 'Retry', guests: 2 },
      { date: DATES[0]!, first: 'Sheet14', last: 'Retry', guests: 1 },
    ].reverse();
    await writeWorkbook(workbook, fixed);

    const noWorkbook = await tf(['retry', firstResult.workflowId, '--sheet', 'Guests']);
    expect([noWorkbook.code, noWorkbook.err]).toEqual([
      2,
      'error: --sheet Guests: names a sheet of the --inputs workbook, and no --inputs is given',
    ]);

    const retried = await tf(['retry', firstResult.workflowId, ...sheetArgs, '--json']);
    expect(retried.code, retried.err).toBe(0);
    const retryResult = json(retried);
    expect(retryResult.warnings).toEqual([]);
    expect(retryResult.done).toHaveLength(3); // the fixed row and the two new ones
    expect(await guestList(api, tour)).toEqual(entriesOf(fixed));
  }, 120_000);
});
