/**
 * A promoter's 30-row guest list as it comes (docs/examples/guests.csv: spaces around cells,
 * an e-mail left empty, accented names, dates written day-first, a party size left to its
 * default) and the same list as an Excel workbook, each imported first try through the shipped
 * example playbook (docs/examples/import-guests.yaml) on the real dev server against the
 * sandbox, and read back through the API. A list with five mistakes is refused with all five
 * named, exit 2, before anything starts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { cli } from '../cli/support.ts';
import { Api } from '../sandbox/helpers.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const EXAMPLES = path.resolve(import.meta.dirname, '../../docs/examples');
const PLAYBOOK = path.join(EXAMPLES, 'import-guests.yaml');
const CSV = path.join(EXAMPLES, 'guests.csv');
const DAYS = ['2027-05-14', '2027-05-15'];

type Entry = { firstName: string; lastName: string; email?: string | null; numberOfGuests: number };

/** The shipped CSV's rows as the promoter typed them (blank rows left out). */
async function csvRows(): Promise<string[][]> {
  const records = parse(await readFile(CSV), { bom: true, relax_column_count: true }) as string[][];
  return records.slice(1).filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/** What the API should hold for the shipped list: trimmed names, the e-mail where given, party size 1 where empty. */
async function expectedEntries(): Promise<Array<[string, string, string | undefined, number]>> {
  return (await csvRows())
    .map(
      ([, first, last, email, guests]) =>
        [first!.trim(), last!.trim(), email!.trim() || undefined, Number(guests!.trim() || 1)] as [
          string,
          string,
          string | undefined,
          number,
        ],
    )
    .sort();
}

describe('a promoter guest list, as CSV and as an Excel workbook', () => {
  let stack: TestStack;
  let api: Api;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-guest-sheets-'));
    stack = await startTestStack();
    api = new Api(stack.sandbox);
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A new tour with the list's two show days: its ID and day IDs. */
  async function tour(name: string): Promise<{ tourId: string; dayIds: number[] }> {
    const created = await stack.run(
      'create-tour.yaml',
      { name, days: DAYS.map((date) => ({ date, city: 'Wien', dayType: 'Show' })) },
      `guest-sheets-${name}`,
    );
    expect(created.result?.status, created.message).toBe('completed');
    const { tourId, days } = created.result!.outputs as { tourId: string; days: Array<{ id: number }> };
    return { tourId, dayIds: days.map((day) => day.id) };
  }

  /** The guest list entries of the tour's days, as [first, last, e-mail, party size]. */
  async function entries(
    tourId: string,
    dayIds: number[],
  ): Promise<Array<[string, string, string | undefined, number]>> {
    const all: Entry[] = [];
    for (const dayId of dayIds) {
      const list = await api.get(`/v1/tours/${tourId}/days/${dayId}/guestlist`);
      expect(list.status).toBe(200);
      all.push(...(list.body.data as Entry[]));
    }
    return all
      .map(
        (entry) =>
          [entry.firstName, entry.lastName, entry.email ?? undefined, entry.numberOfGuests] as [
            string,
            string,
            string | undefined,
            number,
          ],
      )
      .sort();
  }

  it('imports the messy 30-row CSV first try: names as typed, the empty e-mail left out, day-first dates on their days', async () => {
    const { tourId, dayIds } = await tour('CSV');
    const validated = await cli(['validate', PLAYBOOK, '--inputs', CSV], { cwd: dir });
    expect([validated.code, validated.out, validated.err]).toEqual([0, `ok ${PLAYBOOK} with ${CSV}`, '']);

    const run = await cli(['run', PLAYBOOK, '--input', `tourId=${tourId}`, '--inputs', CSV], {
      cwd: dir,
      taskQueue: stack.config.temporal.taskQueue,
    });
    expect(run.err).not.toMatch(/error:/);
    expect(run.code).toBe(0);
    const got = await entries(tourId, dayIds);
    expect(got).toHaveLength(30);
    expect(got).toEqual(await expectedEntries());
    expect(got).toContainEqual(['Łukasz', 'Żółć', undefined, 3]);
  });

  it('imports the same list from an Excel workbook, its dates as Excel date cells, the sheet named with --sheet', async () => {
    const { tourId, dayIds } = await tour('Excel');
    const header = ['Date', ' First Name ', 'Last name', 'E-mail', 'Guests'].map((value) => ({ value }));
    const rows = (await csvRows()).map(([date, first, last, email, guests]) => {
      const [day, month, year] = date!.split('.').map(Number);
      return [
        { value: new Date(Date.UTC(year!, month! - 1, day)), format: 'dd.mm.yyyy' },
        { value: first },
        { value: last },
        email!.trim() ? { value: email } : null,
        guests!.trim() ? { value: Number(guests) } : null,
      ];
    });
    const notes = [[{ value: 'Guest list from the promoter, sheet "Guests"' }]];
    await writeXlsxFile([
      { sheet: 'Notes', data: notes },
      { sheet: 'Guests', data: [header, ...rows] },
    ]).toFile(path.join(dir, 'guests.xlsx'));

    const run = await cli(
      ['run', PLAYBOOK, '--input', `tourId=${tourId}`, '--inputs', 'guests.xlsx', '--sheet', 'Guests'],
      { cwd: dir, taskQueue: stack.config.temporal.taskQueue },
    );
    expect(run.err).not.toMatch(/error:/);
    expect(run.code).toBe(0);
    expect(await entries(tourId, dayIds)).toEqual(await expectedEntries());
  });

  it('refuses a list with five mistakes naming all five, exit 2, and starts nothing', async () => {
    const { tourId, dayIds } = await tour('Mistakes');
    const text = [
      'Date,First name,Last name,E-mail,Guests,Table',
      '14.05.2027,Zoë,Müller,,two,',
      '14.05.27,François,Lefèvre,,1,',
      '14.05.2027,,Żółć,,1,',
      '31.06.2027,Søren,Kierkegård,,,',
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'mistakes.csv'), text);
    const before = await runsOnQueue();
    const run = await cli(['run', PLAYBOOK, '--input', `tourId=${tourId}`, '--inputs', 'guests=mistakes.csv'], {
      cwd: dir,
      taskQueue: stack.config.temporal.taskQueue,
    });
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      [
        'error: mistakes.csv: 5 mistakes (rows as the spreadsheet numbers them, the header is row 1):',
        '  column "Table" names no field (columns: "Date", "First name", "Last name", "E-mail", "Guests", "Table"; fields of "guests": "date", "firstName", "lastName", "email", "guests"); declare it in the playbook or remove the column',
        '  row 2, column "Guests": expected a number, got "two"',
        '  row 3, column "Date": expected a date like 03.12.2027 (DD.MM.YYYY) or 2027-12-03, got "14.05.27"; a two-digit year is not guessed: write the year in full in the spreadsheet',
        '  row 4, column "First name": empty, but the field is required',
        '  row 5, column "Date": expected a date like 03.12.2027 (DD.MM.YYYY) or 2027-12-03, got "31.06.2027"; not a day of the calendar',
      ].join('\n'),
    );
    expect(await runsOnQueue()).toBe(before);
    expect(await entries(tourId, dayIds)).toEqual([]);
  });

  /** How many runs the stack's task queue has seen. */
  async function runsOnQueue(): Promise<number> {
    let count = 0;
    for await (const _run of stack.client.workflow.list({ query: `TaskQueue = '${stack.config.temporal.taskQueue}'` }))
      count++;
    return count;
  }
});
