/**
 * daySheet.render against the sandbox: "tomorrow" in the tour's zone, real PDFs saved under
 * the path template with safe names, nothing written to the API, and a warning for an empty range.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeName, sheetFile } from '../../activities/actions/day-sheet-files.ts';
import { failureOf, startHarness, type Harness } from './activity-harness.ts';

type Saved = { files: Array<{ date: string; day: string; path: string; ignoredIdCount: number }>; count: number; warnings: string[] };

async function expectPdf(file: string): Promise<void> {
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
}

describe('daySheet.render', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Sheets / Tour: 2027')).id;
    await h.run('schedule.item.create', { tourId, day: '2027-03-29', name: 'Show', start: '20:00' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('renders "tomorrow" as Berlin sees it and saves a real PDF under {tour}/{date}-{day}.pdf', async () => {
    const before = h.snapshot();
    // 23:30 UTC on the 27th is already the 28th in Berlin, so tomorrow is the 29th.
    const outcome = await h.run('daySheet.render', { tourId }, { now: '2027-03-27T23:30:00Z' });
    const output = outcome.output as Saved;
    expect(output.count).toBe(1);
    const expected = path.join(h.outputDir, 'day-sheets', 'Sheets - Tour- 2027', '2027-03-29-Munich.pdf');
    expect(output.files).toEqual([{ date: '2027-03-29', day: 'Munich', path: expected, ignoredIdCount: 0 }]);
    await expectPdf(expected);
    expect(JSON.stringify(outcome)).not.toMatch(/https?:\/\//);
    expect(outcome.undo).toEqual([]);
    expect(h.snapshot()).toEqual(before);
  });

  it('renders a date range into a folder and path of the playbook’s choosing', async () => {
    const outcome = await h.run('daySheet.render', { tourId, from: '2027-03-27', to: '2027-03-28', folder: 'print', path: '{dayId}-{date}.pdf' });
    const output = outcome.output as Saved;
    expect(output.files.map((file) => file.date)).toEqual(['2027-03-27', '2027-03-28']);
    for (const file of output.files) {
      expect(path.dirname(file.path)).toBe(path.join(h.outputDir, 'print'));
      await expectPdf(file.path);
    }
  });

  it('warns instead of failing when the range holds no tour day', async () => {
    const outcome = await h.run('daySheet.render', { tourId }, { now: '2027-06-01T10:00:00Z' });
    expect(outcome.output).toMatchObject({ count: 0, files: [] });
    expect(outcome.warnings?.[0]).toContain('has no day on 2027-06-02');
  });

  it('refuses a folder outside the output folder and a path that gives two days one file', async () => {
    const outside = await failureOf(h.run('daySheet.render', { tourId, days: ['2027-03-27'], folder: '../elsewhere' }));
    expect(outside.message).toContain('points outside it');
    const clash = await failureOf(h.run('daySheet.render', { tourId, from: '2027-03-27', to: '2027-03-28', path: '{tour}.pdf' }));
    expect(clash.message).toContain('add {date} or {dayId}');
  });
});

describe('day sheet file names', () => {
  it.each([
    ['Berlin / Hamburg', 'Berlin - Hamburg'],
    ['a:b*c?"d<e>f|g\\h', 'a-b-c-d-e-f-g-h'],
    ['..hidden', 'hidden'],
    ['trailing dots...', 'trailing dots'],
    ['CON', '_CON'],
    ['\u0000\u001f', '-'],
    ['', '_'],
  ])('safeName(%j) is %j', (input, expected) => {
    expect(safeName(input)).toBe(expected);
  });

  it('keeps placeholders from leaving the folder', () => {
    const file = sheetFile('/out', 'sheets', '{tour}/{date}-{day}.pdf', { tour: '../../etc', date: '2027-03-27', day: 'x/y', dayId: 4 });
    expect(file).toBe('/out/sheets/-..-etc/2027-03-27-x-y.pdf');
  });
});
