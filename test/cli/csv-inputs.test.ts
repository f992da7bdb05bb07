/** `--inputs` from a CSV file: rows into a list input, headers to fields, cells checked with their row and column. */
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvInputs } from '../../cli/csv-inputs.ts';
import { INPUTS_LIMITS } from '../../definitions/limits.ts';
import { compile, playbook } from '../definitions/helpers.ts';

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

  it('fills the only list input: headers matched to fields, cells converted, extra columns kept', async () => {
    const file = await csv('crew.csv', '\uFEFFName,Nights,Arrives,Smoking,Room Notes\nSam Rivera,2,2027-03-27,no,near lift\n"Chen, Marcus",1,2027-03-28,yes,\n');
    expect(await readCsvInputs(dir, file, plan)).toEqual({
      crew: [
        { name: 'Sam Rivera', nights: 2, arrives: '2027-03-27', smoking: false, roomNotes: 'near lift' },
        { name: 'Chen, Marcus', nights: 1, arrives: '2027-03-28', smoking: true },
      ],
    });
  });

  it.each([
    ['a cell of the wrong type', 'name,nights,arrives,smoking\nSam,2,2027-03-27,no\nPriya,two,2027-03-27,no\n', 'bad.csv row 3, column "nights": expected a number, got "two"'],
    ['an empty needed cell', 'name,nights,arrives,smoking\nSam,,2027-03-27,no\n', 'bad.csv row 2, column "nights": empty, but "nights" is needed'],
    ['a missing column', 'name,nights,smoking\nSam,2,no\n', 'bad.csv: no column for "arrives" (columns: "name", "nights", "smoking")'],
    ['a row with too many cells', 'name,nights,arrives,smoking\nSam,2,2027-03-27,no,extra\n', 'bad.csv: Invalid Record Length: expect 4, got 5 on line 2'],
  ])('refuses %s, naming the row and column', async (_what, text, message) => {
    await expect(readCsvInputs(dir, await csv('bad.csv', text), plan)).rejects.toThrow(message);
  });

  it('names the input with input=file.csv, and says which it could be', async () => {
    const file = await csv('ok.csv', 'name,nights,arrives,smoking\nSam,1,2027-03-27,no\n');
    expect(await readCsvInputs(dir, `crew=${file}`, plan)).toMatchObject({ crew: [{ name: 'Sam' }] });
    await expect(readCsvInputs(dir, `crw=${file}`, plan)).rejects.toThrow('--inputs crw=ok.csv: the playbook has no list input "crw"; did you mean "crew"?');
  });

  it('refuses a CSV file over the size bound of an inputs file, reading no more than one byte past it', async () => {
    const file = await csv('huge.csv', 'name,nights,arrives,smoking\n');
    await truncate(path.join(dir, file), INPUTS_LIMITS.maxBytes + 1024);
    await expect(readCsvInputs(dir, file, plan)).rejects.toThrow('huge.csv: the file is larger than 32 MiB, the most an inputs file may be');
  });
});
