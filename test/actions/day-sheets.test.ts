/**
 * daySheet.render against the sandbox: "tomorrow" in the tour's zone, real PDFs saved under
 * the path template with safe names, nothing written to the API, a warning for an empty range,
 * and no file replaced that is not a day sheet tourflow saved.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeName, sheetFile } from '../../activities/actions/day-sheet-files.ts';
import { isMarkedSheet } from '../../activities/actions/day-sheet-save.ts';
import { failureOf, startHarness, type Harness } from './activity-harness.ts';

type Saved = {
  files: Array<{ date: string; day: string; path: string; ignoredIdCount: number }>;
  count: number;
  warnings: string[];
};

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

  it('renders "tomorrow" as Berlin sees it and saves a real PDF under {tour}/{date}-{day}.pdf in the output folder', async () => {
    const before = h.snapshot();
    // 23:30 UTC on the 27th is already the 28th in Berlin, so tomorrow is the 29th.
    const outcome = await h.run('daySheet.render', { tourId }, { now: '2027-03-27T23:30:00Z' });
    const output = outcome.output as Saved;
    expect(output.count).toBe(1);
    const expected = path.join(h.outputDir, 'Sheets - Tour- 2027', '2027-03-29-Munich.pdf');
    expect(output.files).toEqual([{ date: '2027-03-29', day: 'Munich', path: expected, ignoredIdCount: 0 }]);
    await expectPdf(expected);
    expect(JSON.stringify(outcome)).not.toMatch(/https?:\/\//);
    expect(outcome.undo).toEqual([]);
    expect(h.snapshot()).toEqual(before);
  });

  it('renders a date range into a folder and path of the playbook’s choosing', async () => {
    const outcome = await h.run('daySheet.render', {
      tourId,
      from: '2027-03-27',
      to: '2027-03-28',
      folder: 'print',
      path: '{dayId}-{date}.pdf',
    });
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
    const clash = await failureOf(
      h.run('daySheet.render', { tourId, from: '2027-03-27', to: '2027-03-28', path: '{tour}.pdf' }),
    );
    expect(clash.message).toContain('add {date} or {dayId}');
  });

  it('refuses a folder or path that leads out of the output folder through a symbolic link, and writes nothing there', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'tourflow-outside-'));
    try {
      await symlink(outside, path.join(h.outputDir, 'linked'));
      await symlink(path.join(outside, 'sheet.pdf'), path.join(h.outputDir, 'sheet-link.pdf'));
      for (const [folder, sheetPath] of [
        ['linked', '{date}.pdf'],
        ['linked/print', '{date}.pdf'],
        ['.', 'linked/{date}.pdf'],
        ['.', 'sheet-link.pdf'],
      ] as const) {
        const failure = await failureOf(
          h.run('daySheet.render', { tourId, days: ['2027-03-27'], folder, path: sheetPath }),
        );
        expect(failure, `${folder} ${sheetPath}`).toMatchObject({
          nonRetryable: true,
          message: `Day sheets are saved inside ${h.outputDir}; folder "${folder}" with path "${sheetPath}" leads outside it through a symbolic link.`,
        });
      }
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  describe('never replaces a file it did not write', () => {
    const render = (folder: string, sheetPath: string) =>
      h.run('daySheet.render', { tourId, days: ['2027-03-27'], folder, path: sheetPath });

    it('refuses to put a sheet over a file of the user, names it, will not retry, and leaves it as it was', async () => {
      const readme = path.join(h.outputDir, 'README.md');
      await writeFile(readme, '# my notes\n');
      const failure = await failureOf(render('.', 'README.md'));
      expect(failure.message).toBe(
        `Day sheet not saved: ${readme} already exists and it is not a day sheet tourflow saved; tourflow replaces only the day sheets it saved itself. Move or delete that file, or give daySheet.render another folder or path.`,
      );
      expect(failure.nonRetryable).toBe(true);
      expect(failure.type).toBe('FILE_NOT_A_TOURFLOW_SHEET');
      expect(await readFile(readme, 'utf8')).toBe('# my notes\n');
      expect((await readdir(h.outputDir)).filter((name) => name.includes('README'))).toEqual(['README.md']);
    });

    it('refuses a PDF that tourflow did not save, even one pdf-lib wrote', async () => {
      const other = await PDFDocument.create();
      other.addPage();
      const bytes = Buffer.from(await other.save());
      const file = path.join(h.outputDir, 'contract.pdf');
      await writeFile(file, bytes);
      const failure = await failureOf(render('.', 'contract.pdf'));
      expect(failure.message).toContain(`${file} already exists and it is not a day sheet tourflow saved`);
      expect(await readFile(file)).toEqual(bytes);
    });

    it('refuses a folder or a link where the sheet would go', async () => {
      await mkdir(path.join(h.outputDir, 'a-folder.pdf'));
      expect((await failureOf(render('.', 'a-folder.pdf'))).message).toContain(
        'a-folder.pdf already exists and it is a folder',
      );
      const target = path.join(h.outputDir, 'target.txt');
      await writeFile(target, 'keep me');
      await symlink(target, path.join(h.outputDir, 'link.pdf'));
      expect((await failureOf(render('.', 'link.pdf'))).message).toContain(
        'link.pdf already exists and it is a symbolic link',
      );
      expect(await readFile(target, 'utf8')).toBe('keep me');
      await writeFile(path.join(h.outputDir, 'notes'), 'a file, not a folder');
      expect((await failureOf(render('notes', 'sheet.pdf'))).message).toContain(
        `${path.join(h.outputDir, 'notes')} already exists and is not a folder`,
      );
    });

    it('marks what it saves and replaces its own sheet when rendering again', async () => {
      const first = (await render('again', 'sheet.pdf')).output as Saved;
      const file = first.files[0]!.path;
      const bytes = await readFile(file);
      expect(await isMarkedSheet(bytes)).toBe(true);
      // the API's own metadata is kept as it came
      expect((await PDFDocument.load(bytes, { updateMetadata: false })).getProducer()).toBe('tourflow sandbox');
      const second = (await render('again', 'sheet.pdf')).output as Saved;
      expect(second.files[0]!.path).toBe(file);
      expect(await isMarkedSheet(await readFile(file))).toBe(true);
      expect(await readdir(path.dirname(file))).toEqual(['sheet.pdf']);
    });
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
    const file = sheetFile('/out', 'sheets', '{tour}/{date}-{day}.pdf', {
      tour: '../../etc',
      date: '2027-03-27',
      day: 'x/y',
      dayId: 4,
    });
    expect(file).toBe('/out/sheets/-..-etc/2027-03-27-x-y.pdf');
  });
});
