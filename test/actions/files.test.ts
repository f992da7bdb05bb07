/**
 * Files against the sandbox over HTTP: uploads from text, base64, a public URL and the worker's
 * input folder (an upload ticket); attaching to a schedule item, venue, stay and pass type by
 * name, each with a lost answer and its undo; removing one (the undo attaches it again);
 * downloading into the output folder; and a day's guest list configuration with its undo.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileContent } from '../../api/contract/files.ts';
import { howItLeaves } from '../../activities/actions/folder-bounds.ts';
import { findAction } from '../../definitions/actions/index.ts';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { quickRetry } from '../support/batch-calls.ts';
import { pollUntil } from '../support/poll.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { checkWrite } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

const attachmentsOn = (h: Harness, entityType: string, entityId: number) =>
  rows(h.snapshot(), 'attachments').filter((row) => row.entityType === entityType && row.entityId === entityId);

/** A file attached again gets a new ID: the one difference `file.remove`'s undo leaves. */
const withoutFileIds = (snapshot: StoreSnapshot): StoreSnapshot => ({
  ...snapshot,
  attachments: rows(snapshot, 'attachments')
    .map(({ id: _id, ...row }) => row)
    .sort((a, b) => String(a.key).localeCompare(String(b.key))),
});

describe('files', () => {
  let h: Harness;
  let tourId: string;
  let itemId: number;
  let venueId: number;
  let stayId: number;
  let passId: number;
  const upload = async (args: Record<string, unknown>) =>
    (await h.run('file.upload', { tourId, ...args })).output as {
      key: string;
      fileName: string;
      size: number | null;
      contentType: string | null;
    };

  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Files')).id;
    itemId = (
      (await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Load-in', start: '10:00' })).output as {
        id: number;
      }
    ).id;
    venueId = (
      (await h.run('venue.create', { tourId, day: '2027-03-27', title: 'Tempodrom', category: 'Arena' })).output as {
        id: number;
      }
    ).id;
    const stay = await h.run('stay.create', {
      tourId,
      title: 'Hotel Adlon',
      location: { address: 'Unter den Linden 77, Berlin', lat: 52.5163, lng: 13.3805 },
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-29', time: '11:00' },
    });
    stayId = (stay.output as { id: number }).id;
    passId = ((await h.run('passType.create', { tourId, name: 'VIP' })).output as { id: number }).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('uploads text and base64 inline, a URL by the API, and a file of the input folder by an upload ticket', async () => {
    const text = await upload({ text: 'Doors 19:00', fileName: 'doors.txt' });
    expect(text).toMatchObject({ fileName: 'doors.txt', size: 11, contentType: 'text/plain' });
    const base64 = await upload({ base64: Buffer.from('a,b\n1,2\n').toString('base64'), fileName: 'list.csv' });
    expect(base64).toMatchObject({ size: 8, contentType: 'text/csv' });
    const url = await upload({ url: 'https://files.example.com/rider.pdf' });
    expect(url.key).toBeTruthy();
    await mkdir(path.join(h.inputDir, 'riders'));
    const bytes = Buffer.alloc(300 * 1024, 7);
    await writeFile(path.join(h.inputDir, 'riders', 'stage plot.pdf'), bytes);
    const ticket = await upload({ file: 'riders/stage plot.pdf' });
    expect(ticket).toMatchObject({ fileName: 'stage plot.pdf', size: bytes.length, contentType: 'application/pdf' });
    const stored = rows(h.sandbox.snapshot({ normalise: false }), 'objects').find((row) => row.id === ticket.key) as
      { base64: string } | undefined;
    expect(Buffer.from(stored!.base64, 'base64').equals(bytes)).toBe(true);
  });

  it('file.upload whose answer was lost stores one file: the attempt with the same key gets the first answer', async () => {
    coversAction('file.upload', 'lostAnswer');
    await writeFile(path.join(h.inputDir, 'once.csv'), 'a,b\n');
    const stored = () => rows(h.sandbox.snapshot({ normalise: false }), 'objects').map((row) => row.id as string);
    const cases = [
      [{ text: 'Once', fileName: 'once.txt' }, '/files/content$'],
      [{ file: 'once.csv' }, '/files/upload-ticket$'],
      [{ url: 'https://files.example.com/once.pdf' }, '^/v1/attachments$'],
    ] as const;
    for (const [source, write] of cases) {
      const before = stored();
      const call = h.stepCall('file.upload', { tourId, ...source });
      h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: write }, times: 1 });
      expect(
        (await failureOf(h.run('file.upload', { tourId, ...source }, { key: call.idempotencyKey }))).nonRetryable,
        write,
      ).toBe(false);
      const { key } = (await h.run('file.upload', { tourId, ...source }, { key: call.idempotencyKey })).output as {
        key: string;
      };
      expect(
        stored().filter((id) => !before.includes(id)),
        write,
      ).toEqual([key]);
    }
  });

  it('refuses unknown types, and any file outside the input folder', async () => {
    expect((await failureOf(upload({ text: 'x', fileName: 'notes.xyz' }))).message).toContain('give contentType');
    const outside = path.join(os.tmpdir(), `tourflow-outside-${process.pid}.txt`);
    await writeFile(outside, 'secret');
    await symlink(outside, path.join(h.inputDir, 'link.txt'));
    expect((await failureOf(upload({ file: 'link.txt' }))).message).toBe(
      `file.upload reads files inside ${h.inputDir} only; "link.txt" leads outside it through a symbolic link.`,
    );
    expect((await failureOf(upload({ file: 'missing.txt' }))).message).toContain('there is no file "missing.txt"');
    expect(findAction('file.upload')!.args.safeParse({ tourId, file: '../etc/passwd' }).success).toBe(false);
    expect(findAction('file.upload')!.args.safeParse({ tourId, file: '/etc/passwd' }).success).toBe(false);
  });

  it('file.upload refuses a file under a folder that is a symbolic link out of the input folder', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'tourflow-outside-'));
    try {
      await writeFile(path.join(outside, 'plot.pdf'), '%PDF-1.4 not yours');
      await symlink(outside, path.join(h.inputDir, 'shared'));
      const failure = await failureOf(upload({ file: 'shared/plot.pdf' }));
      expect(failure).toMatchObject({
        nonRetryable: true,
        message: `file.upload reads files inside ${h.inputDir} only; "shared/plot.pdf" leads outside it through a symbolic link.`,
      });
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('file.upload refuses a file over 25 MB by its size, without reading it', async () => {
    const big = path.join(h.inputDir, 'big.pdf');
    await writeFile(big, '');
    await truncate(big, 300 * 1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 2);
    try {
      const failure = await failureOf(upload({ file: 'big.pdf' }));
      expect(failure).toMatchObject({
        nonRetryable: true,
        message: 'file.upload: "big.pdf" has 314572800 bytes; the API takes at most 26214400 (25 MB).',
      });
    } finally {
      clearInterval(sampler);
      await rm(big);
    }
    // reading it whole would hold 300 MB
    expect(peak - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('file.attach by name to a schedule item, venue, stay and pass type: one attachment despite a lost answer; the undo detaches it', async () => {
    coversAction('file.attach', 'undo', 'lostAnswer');
    const { key } = await upload({ text: 'Rider v1', fileName: 'rider.txt' });
    const targets = [
      [{ scheduleItem: 'load-in', day: '2027-03-27' }, 'SCHEDULE_ITEM', itemId],
      [{ venue: 'Tempodrom' }, 'VENUE', venueId],
      [{ stay: 'hotel adlon' }, 'ACCOMMODATION', stayId],
      [{ passType: 'VIP' }, 'PASS_TYPE', passId],
    ] as const;
    for (const [owner, entityType, entityId] of targets) {
      const before = h.snapshot();
      const args = { tourId, key, ...owner, description: 'latest' };
      const call = h.stepCall('file.attach', args);
      h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '/files/attach$' }, times: 1 });
      expect((await failureOf(h.run('file.attach', args, { key: call.idempotencyKey }))).nonRetryable).toBe(false);
      const outcome = await h.run('file.attach', args, { key: call.idempotencyKey });
      expect(attachmentsOn(h, entityType, entityId), entityType).toEqual([
        expect.objectContaining({ key, description: 'latest' }),
      ]);
      await h.undo(outcome.undo);
      expect(h.snapshot()).toEqual(before);
      expect(outcome.output).toMatchObject({ recordId: entityId, alreadyAttached: false });
      expect(attachmentsOn(h, entityType, entityId), entityType).toEqual([]);
    }
  });

  it('file.attach of a file the record holds already changes nothing and undoes nothing; the undo of a new one leaves the others', async () => {
    const { key: first } = await upload({ text: 'first', fileName: 'first.txt' });
    const { key: second } = await upload({ text: 'second', fileName: 'second.txt' });
    await h.run('file.attach', { tourId, key: first, venue: venueId });
    const again = await h.run('file.attach', { tourId, key: first, venue: venueId });
    expect(again.output).toMatchObject({ alreadyAttached: true });
    expect(again.undo).toEqual([]);
    const added = await h.run('file.attach', { tourId, key: second, venue: venueId });
    await h.undo(added.undo);
    expect(attachmentsOn(h, 'VENUE', venueId).map((row) => row.key)).toEqual([first]);
  });

  it('file.remove takes a file off its record by name; the undo attaches the same stored file again (a new file ID)', async () => {
    coversAction('file.remove', 'undo');
    const { key } = await upload({ text: 'Plot', fileName: 'plot.txt' });
    await h.run('file.attach', { tourId, key, scheduleItem: itemId, name: 'Stage plot' });
    const before = h.snapshot();
    const args = { tourId, file: 'stage plot', scheduleItem: 'Load-in', day: '2027-03-27' };
    const call = h.stepCall('file.remove', args);
    const undo = await h.prepare(call);
    await h.run('file.remove', args, { key: call.idempotencyKey });
    expect(attachmentsOn(h, 'SCHEDULE_ITEM', itemId).filter((row) => row.key === key)).toEqual([]);
    await h.undo(undo);
    expect(withoutFileIds(h.snapshot())).toEqual(withoutFileIds(before));
    expect(attachmentsOn(h, 'SCHEDULE_ITEM', itemId).filter((row) => row.key === key)).toEqual([
      expect.objectContaining({ name: 'Stage plot' }),
    ]);
  });

  it('file.remove whose answer is lost is sent again under the per-call retries and removes exactly one file', async () => {
    coversAction('file.remove', 'lostAnswer');
    const { key } = await upload({ text: 'Lost', fileName: 'lost.txt' });
    const fileId = ((await h.run('file.attach', { tourId, key, stay: stayId })).output as { fileId: number }).fileId;
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'PUT', path: '^/v1/accommodation/' }, times: 1 });
    await h.run('file.remove', { tourId, file: fileId }, { retry: quickRetry(3) });
    expect(h.sandbox.faults.list()).toEqual([]);
    expect(attachmentsOn(h, 'ACCOMMODATION', stayId).filter((row) => row.key === key)).toEqual([]);
  });

  it('file.remove tried again after an earlier attempt removed the file is done, by name or ID; a failed read on the retry is never done', async () => {
    const { key } = await upload({ text: 'Gone', fileName: 'gone.txt' });
    const fileId = (
      (await h.run('file.attach', { tourId, key, venue: venueId, name: 'Parking map' })).output as { fileId: number }
    ).fileId;
    const byName = h.stepCall('file.remove', { tourId, file: 'parking map', venue: 'Tempodrom' });
    // The first attempt ran elsewhere and removed the file; its answer was lost.
    await h.run('file.remove', byName.args, { key: byName.idempotencyKey });
    expect(await h.secondAttempt(byName)).toMatchObject({
      output: { fileId: null, on: null, recordId: null },
      undo: [],
    });
    const byId = h.stepCall('file.remove', { tourId, file: fileId });
    expect(await h.secondAttempt(byId)).toMatchObject({ output: { fileId, on: null, recordId: null }, undo: [] });

    const { key: kept } = await upload({ text: 'Kept', fileName: 'kept.txt' });
    const keptId = (
      (await h.run('file.attach', { tourId, key: kept, venue: venueId, name: 'Seating' })).output as { fileId: number }
    ).fileId;
    for (const file of ['Seating', keptId]) {
      h.sandbox.faults.add({ kind: 'status', status: 500, match: { method: 'GET', path: '/files$' }, times: 1 });
      const failed = await failureOf(h.secondAttempt(h.stepCall('file.remove', { tourId, file, venue: venueId })));
      expect(failed.type, String(file)).not.toBe('UNKNOWN_NAME');
      expect(
        attachmentsOn(h, 'VENUE', venueId).map((row) => row.key),
        String(file),
      ).toContain(kept);
    }
  });

  it('file.download saves the file into the output folder; a repeat is done, another file at the path is left and fails the step', async () => {
    const { key } = await upload({ text: 'Set list', fileName: 'setlist.txt' });
    await h.run('file.attach', { tourId, key, passType: passId });
    const args = { tourId, file: 'setlist.txt', passType: 'VIP', folder: 'downloads' };
    const saved = (await h.run('file.download', args)).output as { path: string; size: number };
    expect(saved.path).toBe(path.join(h.outputDir, 'downloads', 'setlist.txt'));
    expect(await readFile(saved.path, 'utf8')).toBe('Set list');
    await h.run('file.download', args);
    await writeFile(saved.path, 'edited by hand');
    const refused = await failureOf(h.run('file.download', args));
    expect(refused).toMatchObject({ type: 'FILE_EXISTS', nonRetryable: true });
    expect(await readFile(saved.path, 'utf8')).toBe('edited by hand');
  });

  it('file.download refuses a folder or file name that is a symbolic link out of the output folder, and writes nothing there', async () => {
    const { key } = await upload({ text: 'Stage plot', fileName: 'plot.txt' });
    await h.run('file.attach', { tourId, key, passType: passId });
    const outside = await mkdtemp(path.join(os.tmpdir(), 'tourflow-outside-'));
    try {
      await symlink(outside, path.join(h.outputDir, 'linked'));
      for (const folder of ['linked', 'linked/deeper']) {
        const failure = await failureOf(h.run('file.download', { tourId, file: 'plot.txt', passType: 'VIP', folder }));
        expect(failure, folder).toMatchObject({
          nonRetryable: true,
          message: `Files are saved inside ${h.outputDir}; folder "${folder}" leads outside it through a symbolic link.`,
        });
      }
      await mkdir(path.join(h.outputDir, 'plots'));
      await symlink(path.join(outside, 'plot.txt'), path.join(h.outputDir, 'plots', 'plot.txt'));
      const named = await failureOf(
        h.run('file.download', { tourId, file: 'plot.txt', passType: 'VIP', folder: 'plots' }),
      );
      expect(named).toMatchObject({
        nonRetryable: true,
        message: `Files are saved inside ${h.outputDir}; the file name in folder "plots" is a symbolic link that leads outside it.`,
      });
      expect(await readdir(outside)).toEqual([]);
      await writeFile(path.join(h.outputDir, 'plain'), 'a file, not a folder');
      const notFolder = await failureOf(
        h.run('file.download', { tourId, file: 'plot.txt', passType: 'VIP', folder: 'plain/sub' }),
      );
      expect(notFolder).toMatchObject({
        type: 'FILE_EXISTS',
        message: `File not saved: ${path.join(h.outputDir, 'plain', 'sub')} already exists and is not a folder. Move or delete it, or give file.download another folder.`,
      });
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('file.download saves a file whose stored name has separators and control characters under a safe name in its folder', async () => {
    // file.upload takes no folders in a name; another client of the API may store one
    const body = {
      fileName: '../a/..\\b\u0001\u001bc.txt',
      contentType: 'text/plain',
      contentBase64: Buffer.from('Odd name').toString('base64'),
    };
    const { key } = await h.client.call(uploadFileContent, {
      params: { tourId },
      body,
      idempotencyKey: `odd-name-${process.pid}`,
    });
    const { fileId } = (await h.run('file.attach', { tourId, key, passType: passId })).output as { fileId: number };
    const saved = (await h.run('file.download', { tourId, file: fileId, folder: 'odd' })).output as { path: string };
    expect(saved.path).toBe(path.join(h.outputDir, 'odd', '-a-..-b-c.txt'));
    expect(await readFile(saved.path, 'utf8')).toBe('Odd name');
  });

  it('guests.configureDay sets cap, lock, cut-off and pass caps despite a lost answer; the undo writes the previous configuration back', async () => {
    coversAction('guests.configureDay', 'undo', 'lostAnswer');
    const config = () => rows(h.snapshot(), 'dayConfigs');
    const args = {
      tourId,
      day: '2027-03-27',
      cap: 120,
      locked: true,
      cutoff: '2027-03-27T12:00:00+01:00',
      passCaps: [{ type: 'VIP', cap: 20 }],
    };
    await checkWrite(
      h,
      'guests.configureDay',
      args,
      { method: 'PUT', path: '/guestlist/config$' },
      (_snapshot, outcome) => {
        expect(outcome.output).toEqual({
          dayId: expect.any(Number),
          date: '2027-03-27',
          cap: 120,
          locked: true,
          cutoff: '2027-03-27T11:00:00.000Z',
        });
        expect(config()).toEqual([
          expect.objectContaining({
            dayCap: 120,
            locked: true,
            cutoffAt: '2027-03-27T11:00:00.000Z',
            passCaps: [{ passId, cap: 20 }],
          }),
        ]);
      },
    );
  });
});

describe('file.upload by ticket, tried again after its first ticket expired', () => {
  let h: Harness;
  afterAll(async () => {
    await h?.close();
  });

  it('gets a second ticket and stores the file once', async () => {
    h = await startHarness({ uploadTicketTtlSeconds: 1 });
    const tourId = (await h.createTour('Late upload')).id;
    await writeFile(path.join(h.inputDir, 'late.txt'), 'late but whole');
    const args = { tourId, file: 'late.txt' };
    const call = h.stepCall('file.upload', args);
    h.sandbox.faults.add({
      kind: 'dropAfterCommit',
      match: { method: 'POST', path: '/files/upload-ticket$' },
      times: 1,
    });
    await failureOf(h.run('file.upload', args, { key: call.idempotencyKey }));
    const raw = () => h.sandbox.snapshot({ normalise: false });
    const ticket = rows(raw(), 'uploadTickets')[0] as { expiresAt: string };
    await pollUntil(async () => Date.now() > Date.parse(ticket.expiresAt), 'the first ticket to expire', 5_000);
    const { key } = (await h.run('file.upload', args, { key: call.idempotencyKey })).output as { key: string };
    expect(rows(raw(), 'objects').map((row) => row.id)).toEqual([key]);
    expect(rows(raw(), 'uploadTickets')).toHaveLength(2);
  });
});

describe('howItLeaves: a path checked where it really is', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-bounds-'));
    await mkdir(path.join(dir, 'real', 'out'), { recursive: true });
    await mkdir(path.join(dir, 'elsewhere'));
    await writeFile(path.join(dir, 'real', 'out', 'notes'), 'a file, not a folder');
    // the output folder named through a link, as /tmp is on macOS
    await symlink(path.join(dir, 'real', 'out'), path.join(dir, 'out'));
    await symlink(path.join(dir, 'elsewhere', 'not-yet'), path.join(dir, 'real', 'out', 'dangling'));
    await symlink(path.join(dir, 'real', 'out', 'not-yet'), path.join(dir, 'real', 'out', 'dangling-inside'));
    await symlink('loop-b', path.join(dir, 'real', 'out', 'loop-a'));
    await symlink('loop-a', path.join(dir, 'real', 'out', 'loop-b'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['new/folders/file.pdf', undefined],
    ['notes/file.pdf', undefined],
    ['dangling-inside/file.pdf', undefined],
    ['../elsewhere/file.pdf', 'as written'],
    ['dangling/file.pdf', 'through a link'],
    ['dangling', 'through a link'],
    ['loop-a/file.pdf', 'through a link'],
  ])('%s: %s', async (relative, expected) => {
    expect(await howItLeaves(path.join(dir, 'out'), relative)).toBe(expected);
  });

  it('takes the folder itself only when asked to', async () => {
    expect(await howItLeaves(path.join(dir, 'out'), '.')).toBe('as written');
    expect(await howItLeaves(path.join(dir, 'out'), '.', true)).toBeUndefined();
  });
});
