/**
 * A promoter's guest list as it comes: headers spelled any way, optional fields left empty,
 * dates written day-first, and every mistake of a file reported at once with its row, column
 * and the form expected.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvInputs } from '../../cli/csv-inputs.ts';
import { resolveInputs } from '../../definitions/inputs.ts';
import { compile, errorsOf, playbook } from '../definitions/helpers.ts';

const STEPS = '  - id: a\n    action: approval\n    with: { message: go }\n';
const GUESTS = `inputs:
  guests:
    type: list
    format: DD.MM.YYYY
    fields:
      firstName: string
      email: { type: string, required: false }
      guests: { type: number, default: 1 }
      arrives: date
      departs: { type: date, format: MM/DD/YYYY, required: false }
      vip: { type: boolean, default: false }
`;

describe('spreadsheet rows as promoters send them', () => {
  let dir: string;
  let plan: NonNullable<Awaited<ReturnType<typeof compile>>['plan']>;
  const read = async (text: string, name = 'guests.csv') => {
    await writeFile(path.join(dir, name), text);
    return readCsvInputs(dir, name, plan);
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-csv-rows-'));
    const compiled = await compile(playbook(STEPS, GUESTS));
    expect(compiled.errors).toEqual([]);
    plan = compiled.plan!;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('matches headers without case, spaces, accents or punctuation', async () => {
    for (const header of ['E-mail', 'e-mail ', 'EMAIL', 'E_Mail', 'e.mail', 'Émail']) {
      const { guests } = await read(`First Name,${header},Arrives\nZoë,zoe@example.com,03.12.2027\n`);
      expect(guests).toEqual([
        { firstName: 'Zoë', email: 'zoe@example.com', guests: 1, arrives: '2027-12-03', vip: false },
      ]);
    }
  });

  it('leaves an empty optional cell absent, fills a default, trims spaces and skips blank rows', async () => {
    const text =
      '\uFEFF first name , E-mail , Guests ,Arrives,Departs,VIP\n  Zoë  ,, 2 , 3.12.2027 ,12/05/2027,yes\n,,,,,\n\nSam,sam@example.com,,2027-12-04,,\n';
    expect((await read(text)).guests).toEqual([
      { firstName: 'Zoë', guests: 2, arrives: '2027-12-03', departs: '2027-12-05', vip: true },
      { firstName: 'Sam', email: 'sam@example.com', guests: 1, arrives: '2027-12-04', vip: false },
    ]);
  });

  it('reports every mistake at once, each with its row, column and the form expected', async () => {
    const text = [
      'First name,E-mail,Guests,Arrives,Departs,VIP,Notes',
      'Zoë,,two,03.12.27,12/05/2027,yes,',
      ',,1,2027-12-03,,no,',
      'Sam,,1,31.02.2027,13/05/2027,maybe,',
    ].join('\n');
    await expect(read(text)).rejects.toThrow(
      [
        'guests.csv: 7 mistakes (rows as the spreadsheet numbers them, the header is row 1):',
        '  column "Notes" names no field (columns: "First name", "E-mail", "Guests", "Arrives", "Departs", "VIP", "Notes"; fields of "guests": "firstName", "email", "guests", "arrives", "departs", "vip"); declare it in the playbook or remove the column',
        '  row 2, column "Guests": expected a number, got "two"',
        '  row 2, column "Arrives": expected a date like 03.12.2027 (DD.MM.YYYY) or 2027-12-03, got "03.12.27"; a two-digit year is not guessed: write the year in full in the spreadsheet',
        '  row 3, column "First name": empty, but the field is required',
        '  row 4, column "Arrives": expected a date like 03.12.2027 (DD.MM.YYYY) or 2027-12-03, got "31.02.2027"; not a day of the calendar',
        '  row 4, column "Departs": expected a date like 12/03/2027 (MM/DD/YYYY) or 2027-12-03, got "13/05/2027"; not a day of the calendar',
        '  row 4, column "VIP": expected true or false, got "maybe"',
      ].join('\n'),
    );
  });

  it('says a file without its header row lacks it, without repeating the guest in its first row', async () => {
    const error = (await read('Zoë,zoe@example.com,2,03.12.2027\nSam,,1,04.12.2027\n').catch(
      (caught: Error) => caught,
    )) as Error;
    expect(error.message).toBe(
      'guests.csv: row 1 names none of the fields of "guests" ("firstName", "email", "guests", "arrives", "departs", "vip"): the first row must be the header row naming the columns',
    );
  });

  it('names every column that names no field in one line, with the field it may have meant', async () => {
    await expect(read('First name,Mail,Arrives,Notes\nZoë,zoe@example.com,03.12.2027,window seat\n')).rejects.toThrow(
      'guests.csv: columns "Mail" (did you mean "email"?), "Notes" name no field (columns: "First name", "Mail", "Arrives", "Notes"; fields of "guests": "firstName", "email", "guests", "arrives", "departs", "vip"); declare them in the playbook or remove them',
    );
  });

  it('lists the first 20 mistakes and counts the rest', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `Guest ${i},,x,2027-12-03`);
    const error = await read(['First name,E-mail,Guests,Arrives', ...rows].join('\n')).catch((caught: Error) => caught);
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe('guests.csv: 25 mistakes (rows as the spreadsheet numbers them, the header is row 1):');
    expect(lines.slice(1, -1)).toHaveLength(20);
    expect(lines.at(-1)).toBe('  … and 5 more');
  });

  it('reads dates in ISO only where no format is declared', async () => {
    const iso = await compile(playbook(STEPS, 'inputs:\n  days:\n    type: list\n    fields: { date: date }\n'));
    await writeFile(path.join(dir, 'days.csv'), 'Date\n03.12.2027\n');
    await expect(readCsvInputs(dir, 'days.csv', iso.plan!)).rejects.toThrow(
      'days.csv: row 2, column "Date": expected a date like 2027-04-03, got "03.12.2027"',
    );
  });

  it('reads a date input in the format it declares, on the command line too, and refuses a format on an input that holds no dates', async () => {
    const dated = await compile(playbook(STEPS, 'inputs:\n  day: { type: date, format: MM/DD/YYYY }\n'));
    expect(resolveInputs(dated.plan!, { day: '5/14/2027' })).toEqual({ inputs: { day: '2027-05-14' }, errors: [] });
    expect(resolveInputs(dated.plan!, { day: '14/05/2027' }).errors).toEqual([
      'input "day": expected a date like 12/03/2027 (MM/DD/YYYY) or 2027-12-03, got "14/05/2027"; not a day of the calendar',
    ]);
    expect(await errorsOf(playbook(STEPS, 'inputs:\n  name: { type: string, format: DD.MM.YYYY }\n'))).toContain(
      '"format" only applies to date inputs and lists of dates or with date fields',
    );
  });

  it('finds a read of a field the rows do not declare before the run, with the field meant', async () => {
    const steps =
      '  - id: a\n    action: approval\n    forEach: ${{ inputs.guests }}\n    with: { message: "${{ item.eMail }}" }\n';
    expect(await errorsOf(playbook(steps, GUESTS))).toContain('item has no field "eMail"');
    expect(await errorsOf(playbook(steps.replace('item.eMail', "item.?email.orValue('none')"), GUESTS))).toBe('');
  });

  it('refuses a field default of the wrong type and a format on a field that is no date, at their place', async () => {
    const fields =
      'inputs:\n  guests:\n    type: list\n    fields:\n      guests: { type: number, default: many }\n      name: { type: string, format: DD.MM.YYYY }\n';
    const errors = await errorsOf(playbook(STEPS, fields));
    expect(errors).toContain(
      'test.yaml:7:40: default of field "guests" of input "guests": expected a number, got "many"',
    );
    expect(errors).toContain('test.yaml:8:37: field "name" of input "guests": "format" only applies to date fields');
  });
});
