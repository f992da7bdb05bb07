/**
 * A guest list saved by a spreadsheet program, imported with `tourflow run --inputs
 * guests=guests.csv` on the real dev server against the sandbox, and read back through the
 * API: the names as they were typed, whether the file is Windows-1252 (Excel's "CSV") or
 * UTF-16 (its "Unicode text"), never with replacement characters.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/support.ts';
import { Api } from '../sandbox/helpers.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'fixtures/guests-from-csv.yaml');
const DATE = '2027-05-14';
const CSV = `Date,First name,Last name,Guests\r\n${DATE},Zoë,Müller,2\r\n${DATE},François,Lefèvre,1\r\n`;

/** Text as Windows-1252 bytes: Latin-1 for these names. */
const windows1252 = (text: string): Buffer => Buffer.from(text, 'latin1');
const utf16le = (text: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('a guest list CSV in the encoding a spreadsheet program saved it', () => {
  let stack: TestStack;
  let api: Api;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-csv-encodings-'));
    stack = await startTestStack();
    api = new Api(stack.sandbox);
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['Windows-1252 (Latin-1)', windows1252],
    ['UTF-16 with a byte order mark', utf16le],
  ])('%s: imported end to end, the names read back through the API as typed', async (what, encode) => {
    const created = await stack.run(
      'create-tour.yaml',
      { name: `CSV ${what}`, days: [{ date: DATE, city: 'Zürich', dayType: 'Show' }] },
      `csv-tour-${encode.name}`,
    );
    expect(created.result?.status, created.message).toBe('completed');
    const { tourId, days } = created.result!.outputs as { tourId: string; days: Array<{ id: number }> };
    await writeFile(path.join(dir, 'guests.csv'), encode(CSV));

    const run = await cli(['run', PLAYBOOK, '--input', `tourId=${tourId}`, '--inputs', 'guests=guests.csv'], {
      cwd: dir,
      taskQueue: stack.config.temporal.taskQueue,
    });
    expect(run.err).not.toMatch(/error:/);
    expect(run.code).toBe(0);

    const list = await api.get(`/v1/tours/${tourId}/days/${days[0]!.id}/guestlist`);
    expect(list.status).toBe(200);
    const names = (list.body.data as Array<{ firstName: string; lastName: string; numberOfGuests: number }>).map(
      (entry) => [entry.firstName, entry.lastName, entry.numberOfGuests],
    );
    expect(names.sort()).toEqual([
      ['François', 'Lefèvre', 1],
      ['Zoë', 'Müller', 2],
    ]);
    expect(JSON.stringify(list.body)).not.toContain('\uFFFD');
  });
});
