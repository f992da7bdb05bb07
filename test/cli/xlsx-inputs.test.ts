/** `--inputs` from an Excel workbook: cells as Excel keeps them, the sheet by name, and workbooks tourflow cannot read refused with the fix. */
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { main } from '../../cli/main.ts';
import { XLSX_UNPACKED_LIMIT, readXlsxInputs } from '../../cli/xlsx-inputs.ts';
import { INPUTS_LIMITS } from '../../definitions/limits.ts';
import { compile, playbook } from '../definitions/helpers.ts';

const STEPS = '  - id: a\n    action: approval\n    with: { message: go }\n';
const INPUTS =
  'inputs:\n  crew:\n    type: list\n    fields:\n      name: string\n      nights: { type: number, default: 1 }\n      arrives: date\n      call: { type: time, required: false }\n';

describe('Excel inputs', () => {
  let dir: string;
  let plan: NonNullable<Awaited<ReturnType<typeof compile>>['plan']>;
  const workbook = async (name: string, sheets: unknown) => {
    await writeXlsxFile(sheets as never).toFile(path.join(dir, name));
    return name;
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-xlsx-'));
    plan = (await compile(playbook(STEPS, INPUTS))).plan!;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const header = ['Name', 'Nights', 'Arrives', 'Call'].map((value) => ({ value }));

  it('reads date cells as dates, number cells as numbers, a time cell as HH:mm, and text dates as a CSV does', async () => {
    const file = await workbook('crew.xlsx', [
      header,
      [
        { value: 'Zoë Müller' },
        { value: 2 },
        { value: new Date(Date.UTC(2027, 4, 14)), format: 'dd.mm.yyyy' },
        { value: new Date(Date.UTC(1899, 11, 30, 19, 30)), format: 'hh:mm' },
      ],
      [{ value: 'Sam Rivera' }, null, { value: '2027-05-15' }, null],
    ]);
    expect(await readXlsxInputs(dir, file, plan)).toEqual({
      crew: [
        { name: 'Zoë Müller', nights: 2, arrives: '2027-05-14', call: '19:30' },
        { name: 'Sam Rivera', nights: 1, arrives: '2027-05-15' },
      ],
    });
  });

  it('reads the sheet --sheet names, and names the sheets there are when there is no such sheet', async () => {
    const file = await workbook('two.xlsx', [
      { sheet: 'Notes', data: [[{ value: 'read the other sheet' }]] },
      { sheet: 'Crew', data: [header, [{ value: 'Sam' }, { value: 1 }, { value: '2027-05-14' }, null]] },
    ]);
    expect(await readXlsxInputs(dir, file, plan, 'Crew')).toEqual({
      crew: [{ name: 'Sam', nights: 1, arrives: '2027-05-14' }],
    });
    await expect(readXlsxInputs(dir, file, plan, 'Guests')).rejects.toThrow(
      'two.xlsx: no sheet "Guests" (sheets: "Notes", "Crew"); name one with --sheet',
    );
    await expect(readXlsxInputs(dir, file, plan)).rejects.toThrow(
      'two.xlsx: row 1 names none of the fields of "crew" ("name", "nights", "arrives", "call"): the first row must be the header row naming the columns',
    );
  });

  it('reports every bad cell of a sheet at once', async () => {
    const file = await workbook('bad.xlsx', [
      header,
      [{ value: 'Sam' }, { value: 'two' }, { value: '14.05.2027' }, null],
      [null, { value: 1 }, { value: '2027-05-14' }, null],
    ]);
    await expect(readXlsxInputs(dir, file, plan)).rejects.toThrow(
      [
        'bad.xlsx: 3 mistakes (rows as the spreadsheet numbers them, the header is row 1):',
        '  row 2, column "Nights": expected a number, got "two"',
        '  row 2, column "Arrives": expected a date like 2027-04-03, got "14.05.2027"',
        '  row 3, column "Name": empty, but the field is required',
      ].join('\n'),
    );
  });

  it.each([
    [
      'a file that is no workbook',
      'notes.xlsx',
      Buffer.from('name\nSam\n'),
      'notes.xlsx: not an Excel workbook (.xlsx); save it again as "Excel Workbook (.xlsx)" or as "CSV UTF-8"',
    ],
    [
      'a workbook that unpacks to more than tourflow reads',
      'bomb.xlsx',
      Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(XLSX_UNPACKED_LIMIT + 1) }, { level: 1 })),
      'bomb.xlsx: the workbook unpacks to 257 MiB, more than the 256 MiB tourflow reads; save the guest sheet alone, or split it over several files',
    ],
  ])('refuses %s', async (_what, name, data, message) => {
    await writeFile(path.join(dir, name), data);
    await expect(readXlsxInputs(dir, name, plan)).rejects.toThrow(message);
  });

  it('refuses a workbook over the size bound of an inputs file', async () => {
    const file = await workbook('huge.xlsx', [header]);
    await truncate(path.join(dir, file), INPUTS_LIMITS.maxBytes + 1024);
    await expect(readXlsxInputs(dir, file, plan)).rejects.toThrow(
      'huge.xlsx: the file is larger than 32 MiB, the most an inputs file may be',
    );
  });

  it('tourflow validate --inputs checks a workbook against the playbook without running it', async () => {
    await writeFile(path.join(dir, 'crew.yaml'), playbook(STEPS, INPUTS));
    await workbook('ok.xlsx', [header, [{ value: 'Sam' }, { value: 1 }, { value: '2027-05-14' }, null]]);
    await workbook('wrong.xlsx', [header, [{ value: 'Sam' }, { value: 1 }, { value: '14.05.2027' }, null]]);
    const validate = async (inputs: string) => {
      const out: string[] = [];
      const code = await main({
        argv: ['validate', 'crew.yaml', '--inputs', inputs],
        cwd: dir,
        env: {},
        stdout: (line) => out.push(line),
        stderr: (line) => out.push(line),
        signal: new AbortController().signal,
      });
      return [code, out.join('\n')];
    };
    expect(await validate('ok.xlsx')).toEqual([0, 'ok crew.yaml with ok.xlsx']);
    expect(await validate('wrong.xlsx')).toEqual([
      2,
      'wrong.xlsx: row 2, column "Arrives": expected a date like 2027-04-03, got "14.05.2027"\ncrew.yaml: wrong.xlsx does not fit its inputs',
    ]);
  });

  it('tourflow run with a CSV of five mistakes names all five, exits 2 and reaches for no Temporal', async () => {
    const text =
      'Name,Nights,Arrives,Call,Room\nSam,two,2027-05-14,19:30,\nPriya,1,14.05.2027,,\n,1,2027-05-14,25:00,\n';
    await writeFile(path.join(dir, 'mistakes.csv'), text);
    await writeFile(path.join(dir, 'crew.yaml'), playbook(STEPS, INPUTS));
    const err: string[] = [];
    const code = await main({
      argv: ['run', 'crew.yaml', '--inputs', 'mistakes.csv'],
      cwd: dir,
      // nothing listens there: a run that started would fail to connect, not name the cells
      env: { TEMPORAL_ADDRESS: '127.0.0.1:1', TOURFLOW_ENCRYPTION: 'off' },
      stdout: () => undefined,
      stderr: (line) => err.push(line),
      signal: new AbortController().signal,
    });
    expect(code).toBe(2);
    expect(err.join('\n')).toBe(
      [
        'error: mistakes.csv: 5 mistakes (rows as the spreadsheet numbers them, the header is row 1):',
        '  column "Room" names no field (columns: "Name", "Nights", "Arrives", "Call", "Room"; fields of "crew": "name", "nights", "arrives", "call"); declare it in the playbook or remove the column',
        '  row 2, column "Nights": expected a number, got "two"',
        '  row 3, column "Arrives": expected a date like 2027-04-03, got "14.05.2027"',
        '  row 4, column "Name": empty, but the field is required',
        '  row 4, column "Call": expected a time like "19:30", got "25:00"',
      ].join('\n'),
    );
  });
});
