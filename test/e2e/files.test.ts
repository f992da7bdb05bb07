/**
 * Files and a day's guest list configuration on the real dev server: a run uploads a file from
 * the worker's input folder, attaches it to a venue by name, takes the venue's old file off, saves
 * the new one into the output folder and caps and locks the day. A failing last step rolls every
 * write back (the whole store equal to before, but for the old file's new ID); the same run
 * without the failure makes them, and its run key repeated changes nothing.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { coversGroup } from '../actions/write-coverage.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const DAY = '2027-03-27';

/** The one difference a rollback leaves: the old file, attached again, has a new ID. */
const withoutFileIds = (snapshot: StoreSnapshot): StoreSnapshot => ({
  ...snapshot,
  attachments: ((snapshot.attachments ?? []) as Row[]).map(({ id: _id, ...row }) => row),
});

describe('files and guest list days', () => {
  let stack: TestStack;
  let inputDir: string;
  let tourId: string;
  const plot = Buffer.from('%PDF-1.4\n% stage plot, final\n');
  const rows = (table: string) => (stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? [];
  beforeAll(async () => {
    inputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-inputs-'));
    await mkdir(path.join(inputDir, 'riders'));
    await writeFile(path.join(inputDir, 'riders', 'stage-plot.pdf'), plot);
    stack = await startTestStack({ inputDir });
    const created = await stack.run(
      'create-tour.yaml',
      { name: 'Files Run', days: [{ date: DAY, city: 'Berlin', dayType: 'Show' }] },
      'files-tour',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    const setup = await stack.run(path.join(FIXTURES, 'files-setup.yaml'), { tourId, day: DAY }, 'files-setup');
    expect(setup.result?.status, setup.message).toBe('completed');
  });
  afterAll(async () => {
    await stack?.close();
    await rm(inputDir, { recursive: true, force: true });
  });

  it('a failing last step undoes the attach, the removal and the day configuration', async () => {
    coversGroup('files');
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/bulletins$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run(path.join(FIXTURES, 'files-run.yaml'), { tourId, day: DAY }, 'files-fail');
    stack.sandbox.faults.clear();
    expect(failed.result?.status, failed.message).toBe('rolledBack');
    expect(Object.fromEntries(failed.result!.steps.map((step) => [step.id, step.state]))).toEqual({
      upload: 'done',
      attach: 'undone',
      removeOld: 'undone',
      save: 'done',
      caps: 'undone',
      post: 'failed',
    });
    expect(withoutFileIds(stack.sandbox.snapshot({ normalise: true }))).toEqual(withoutFileIds(before));
    expect(rows('attachments')).toEqual([
      expect.objectContaining({ name: 'Old plot', description: 'first draft', fileName: 'old-plot.txt' }),
    ]);
  });

  it('makes every change once per run key', async () => {
    const saved = path.join(stack.config.outputDir, 'riders', 'stage-plot.pdf');
    await rm(saved, { force: true });
    const outcome = await stack.run(path.join(FIXTURES, 'files-run.yaml'), { tourId, day: DAY }, 'files');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(rows('attachments')).toEqual([
      expect.objectContaining({ id: outcome.result!.outputs.fileId, name: 'Stage plot', entityType: 'VENUE' }),
    ]);
    expect(rows('dayConfigs')).toEqual([expect.objectContaining({ dayCap: 50, locked: true })]);
    expect(outcome.result!.outputs.saved).toBe(saved);
    expect((await readFile(saved)).equals(plot)).toBe(true);

    const after = stack.sandbox.snapshot({ normalise: true });
    await stack.run(path.join(FIXTURES, 'files-run.yaml'), { tourId, day: DAY }, 'files');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });
});
