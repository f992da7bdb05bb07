/** `--inputs` from a CSV file: rows into a list input, headers to fields, cells checked with their row and column. */
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvInputs } from '../../cli/csv-inputs.ts';
import { INPUTS_LIMITS } from '../../definitions/limits.ts';
import { compile, playbook } from '../definitions/helpers.ts';

/** Text as Windows-1252 bytes, as a spreadsheet program saves "CSV" on Windows: Latin-1, and a few more in 0x80-0x9F. */
const windows1252 = (text: string): Buffer =>
  Buffer.from(
    [...text].map(
      (char) => ({ '€': 0x80, Œ: 0x8c, '–': 0x96, '“': 0x93, '”': 0x94 })[char] ?? Buffer.from(char, 'latin1')[0]!,
    ),
  );

const PLAYBOOK = playbook(
  '  - id: a\n    action: approval\n    with: { message: go }\n',
  'inputs:\n  crew:\n    type: list\n    fields: { name: string, nights: number, arrives: date, smoking: boolean }\n  note: { type: string, default: x }\n',
);

describe('CSV inputs', () => {
  let dir: string;
  let plan: NonNullable<Awaited<ReturnType<typeof compile>>['plan']>;
  const csv = async (name: string, text: string) => {
    await writeFile(path.join(dir, name), text);
    return name;
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-csv-'));
    const compiled = await compile(PLAYBOOK);
    expect(compiled.errors).toEqual([]);
    plan = compiled.plan!;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fills the only list input: headers matched to fields, cells converted', async () => {
    const file = await csv(
      'crew.csv',
      '\uFEFFName,Nights,Arrives,Smoking\nSam Rivera, 2 ,2027-03-27,no\n"Chen, Marcus",1,2027-03-28,yes\n',
    );
    expect(await readCsvInputs(dir, file, plan)).toEqual({
      crew: [
        { name: 'Sam Rivera', nights: 2, arrives: '2027-03-27', smoking: false },
        { name: 'Chen, Marcus', nights: 1, arrives: '2027-03-28', smoking: true },
      ],
    });
  });

  it.each([
    [
      'a cell of the wrong type',
      'name,nights,arrives,smoking\nSam,2,2027-03-27,no\nPriya,two,2027-03-27,no\n',
      'bad.csv: row 3, column "nights": expected a number, got "two"',
    ],
    [
      'an empty required cell',
      'name,nights,arrives,smoking\nSam,,2027-03-27,no\n',
      'bad.csv: row 2, column "nights": empty, but the field is required',
    ],
    [
      'a missing column',
      'name,nights,smoking\nSam,2,no\n',
      'bad.csv: no column for "arrives" (columns: "name", "nights", "smoking"; fields of "crew": "name", "nights", "arrives", "smoking")',
    ],
    [
      'a row with too many cells',
      'name,nights,arrives,smoking\nSam,2,2027-03-27,no,extra\n',
      'bad.csv: row 2: 5 cells, but the header row has 4 columns',
    ],
  ])('refuses %s, naming the row and column', async (_what, text, message) => {
    await expect(readCsvInputs(dir, await csv('bad.csv', text), plan)).rejects.toThrow(message);
  });

  it('names the input with input=file.csv, and says which it could be', async () => {
    const file = await csv('ok.csv', 'name,nights,arrives,smoking\nSam,1,2027-03-27,no\n');
    expect(await readCsvInputs(dir, `crew=${file}`, plan)).toMatchObject({ crew: [{ name: 'Sam' }] });
    await expect(readCsvInputs(dir, `crw=${file}`, plan)).rejects.toThrow(
      '--inputs crw=ok.csv: the playbook has no list input "crw"; did you mean "crew"?',
    );
  });

  describe('encodings: a CSV read as the spreadsheet program saved it, never with replacement characters', () => {
    const HEADER = 'name,nights,arrives,smoking\n';
    const bytes = async (name: string, data: Buffer) => {
      await writeFile(path.join(dir, name), data);
      return name;
    };
    const names = async (file: string) =>
      ((await readCsvInputs(dir, file, plan)).crew as Array<{ name: string }>).map((row) => row.name);

    it('reads a Windows-1252 (Latin-1) file: bytes that are not UTF-8', async () => {
      const file = await bytes(
        'cp1252.csv',
        windows1252(`${HEADER}Zoë Müller,2,2027-03-27,no\nFrançois Œuvrard – “FOH”,1,2027-03-28,yes\n`),
      );
      expect(await names(file)).toEqual(['Zoë Müller', 'François Œuvrard – “FOH”']);
    });

    it.each([
      [
        'UTF-16 LE with its byte order mark',
        'utf16le.csv',
        (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      ],
      [
        'UTF-16 BE with its byte order mark',
        'utf16be.csv',
        (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
      ],
      ['UTF-8 without one', 'utf8.csv', (text: string) => Buffer.from(text)],
      ['UTF-8 with a byte order mark', 'utf8bom.csv', (text: string) => Buffer.from(`\uFEFF${text}`)],
    ])('reads %s', async (_what, name, encode) => {
      const file = await bytes(
        name,
        encode(`${HEADER}Zoë Müller,2,2027-03-27,no\r\nŁukasz Żółć 李,1,2027-03-28,yes\r\n`),
      );
      expect(await names(file)).toEqual(['Zoë Müller', 'Łukasz Żółć 李']);
    });

    it.each([
      [
        'a replacement character (text lost before the file was saved)',
        Buffer.from(`${HEADER}Sam,1,2027-03-27,no\nZo\uFFFD M\uFFFDller,2,2027-03-27,no\n`),
        'bad-encoding.csv line 3 holds "\uFFFD", the mark of characters lost when the file was saved or converted; retype them in the spreadsheet and save it again as "CSV UTF-8"',
      ],
      [
        'bytes that are not UTF-8 after a UTF-8 byte order mark',
        Buffer.concat([
          Buffer.from(`\uFEFF${HEADER}Sam,1,2027-03-27,no\n`),
          Buffer.from('Zoë,2,2027-03-27,no\n', 'latin1'),
        ]),
        'bad-encoding.csv line 3 is not UTF-8, though the file starts with the UTF-8 byte order mark; save it again as "CSV UTF-8"',
      ],
      [
        'UTF-16 without a byte order mark',
        Buffer.from(`${HEADER}Sam,1,2027-03-27,no\n`, 'utf16le'),
        'bad-encoding.csv line 1 holds NUL bytes: UTF-16 text without a byte order mark, or not a CSV file; save it again as "CSV UTF-8"',
      ],
    ])('refuses %s, naming the line and the fix', async (_what, data, message) => {
      await expect(readCsvInputs(dir, await bytes('bad-encoding.csv', data), plan)).rejects.toThrow(message);
    });
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'keeps a column headed %s as an ordinary column of a list without fields',
    async (header) => {
      const untyped = await compile(
        playbook('  - id: a\n    action: approval\n    with: { message: go }\n', 'inputs:\n  rows: { type: list }\n'),
      );
      const file = await csv('proto.csv', `name,nights,${header}\nSam,1,kept\n`);
      const { rows } = await readCsvInputs(dir, file, untyped.plan!);
      const [row] = rows as Array<Record<string, unknown>>;
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.entries(row!)).toEqual([
        ['name', 'Sam'],
        ['nights', '1'],
        [header === '__proto__' ? 'proto' : header, 'kept'],
      ]);
    },
  );

  it.each(['constructor', '__proto__'])(
    'refuses a column headed %s when the list declares its fields, naming the headers and fields',
    async (header) => {
      const file = await csv('proto.csv', `name,nights,arrives,smoking,${header}\nSam,1,2027-03-27,no,kept\n`);
      await expect(readCsvInputs(dir, file, plan)).rejects.toThrow(
        `proto.csv: column "${header}" names no field (columns: "name", "nights", "arrives", "smoking", "${header}"; fields of "crew": "name", "nights", "arrives", "smoking"); declare it in the playbook or remove the column`,
      );
    },
  );

  it('refuses two columns that fill one field', async () => {
    const file = await csv('twice.csv', 'name,nights,arrives,smoking,Name\nSam,1,2027-03-27,no,Priya\n');
    await expect(readCsvInputs(dir, file, plan)).rejects.toThrow(
      'twice.csv: columns "name" and "Name" both fill "name"; rename or remove one',
    );
  });

  it('refuses a CSV file over the size bound of an inputs file, reading no more than one byte past it', async () => {
    const file = await csv('huge.csv', 'name,nights,arrives,smoking\n');
    await truncate(path.join(dir, file), INPUTS_LIMITS.maxBytes + 1024);
    await expect(readCsvInputs(dir, file, plan)).rejects.toThrow(
      'huge.csv: the file is larger than 32 MiB, the most an inputs file may be',
    );
  });
});
