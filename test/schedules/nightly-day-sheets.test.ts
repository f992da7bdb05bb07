/**
 * The nightly day sheets on a Temporal Schedule: a run the schedule takes at 00:30 in Berlin
 * (23:30 UTC the day before) renders the sheet of tomorrow as the tour sees it, not as the
 * worker's UTC clock would; a night that comes while the last run still works is skipped;
 * one schedule covers several tours.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBOOKS, startTestStack, type TestStack } from '../support/stack.ts';
import { cli, type CliOptions } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';

const SEVERAL_TOURS = path.resolve(import.meta.dirname, 'fixtures/nightly-day-sheets.yaml');

async function expectPdf(file: string): Promise<void> {
  expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

interface View {
  recentRuns: { scheduledAt: string; workflowId: string }[];
  skippedOverlap: number;
}

describe('nightly day sheets on a schedule', () => {
  let stack: TestStack;
  let outputDir: string;
  let options: CliOptions;
  const suffix = randomUUID().slice(0, 8);
  const tours: string[] = [];

  beforeAll(async () => {
    outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-nightly-'));
    stack = await startTestStack({ outputDir });
    options = { taskQueue: stack.config.temporal.taskQueue };
    // two tours in Europe/Berlin with days on 27, 28 and 29 March 2027
    for (const name of ['Nightly A', 'Nightly B']) {
      const created = await stack.run(
        'demo.yaml',
        { name: `${name} ${suffix}` },
        `${name.replace(' ', '-')}-${suffix}`,
      );
      expect(created.exitCode).toBe(0);
      tours.push(created.result!.outputs.tourId as string);
    }
  });
  afterAll(async () => {
    await stack?.close();
    await rm(outputDir, { recursive: true, force: true });
  });

  /** Backfills a range and waits until the schedule has acted on `count` nights in it. */
  async function backfill(id: string, from: string, to: string, overlap: string, count: number): Promise<View> {
    const done = await cli(['schedule', 'backfill', id, '--from', from, '--to', to, '--overlap', overlap], options);
    expect(done.code).toBe(0);
    return pollUntil(async () => {
      const view = JSON.parse((await cli(['schedule', 'describe', id, '--json'], options)).out) as View;
      const taken = view.recentRuns.filter((run) => run.scheduledAt >= from && run.scheduledAt <= to).length;
      return taken + view.skippedOverlap >= count ? view : undefined;
    }, `${count} nights of ${id}`);
  }

  const resultOf = async (run: string) => {
    const result = await cli(['result', run, '--json'], options);
    return { code: result.code, ...(JSON.parse(result.out) as { status: string; outputs: Record<string, unknown> }) };
  };

  it('renders tomorrow in the tour’s time zone across the UTC date line, and skips the overlapping night', async () => {
    const id = `nightly-${suffix}`;
    const file = path.join(PLAYBOOKS, 'render-day-sheets.yaml');
    const created = await cli(
      [
        'schedule',
        'create',
        file,
        '--id',
        id,
        '--cron',
        '30 0 * * *',
        '--timezone',
        'Europe/Berlin',
        '--input',
        `tourId=${tours[0]}`,
      ],
      options,
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain('when:           30 0 * * * in Europe/Berlin');

    // 00:30 in Berlin on 27 and 28 March is 23:30 UTC on 26 and 27 March; both nights at once:
    // the second comes while the first still runs, and the overlap policy skips it
    const view = await backfill(id, '2027-03-26T23:00:00.000Z', '2027-03-27T23:59:00.000Z', 'skip', 2);
    expect(view.skippedOverlap).toBe(1);
    const taken = view.recentRuns.filter((run) => run.scheduledAt.startsWith('2027-03'));
    expect(taken.map((run) => run.scheduledAt)).toEqual(['2027-03-26T23:30:00.000Z']);

    const result = await resultOf(taken[0]!.workflowId);
    expect(result).toMatchObject({ code: 0, status: 'completed' });
    // at 23:30 UTC on the 26th it is already the 27th in Berlin, so tomorrow is the 28th (by the UTC date, the 27th)
    const files = result.outputs.files as string[];
    expect(files).toEqual([expect.stringMatching(/\/2027-03-28-Berlin\.pdf$/)]);
    await expectPdf(files[0]!);
    await cli(['schedule', 'delete', id], options);
  });

  it('one schedule covers several tours', async () => {
    const id = `nightly-tours-${suffix}`;
    const created = await cli(
      [
        'schedule',
        'create',
        SEVERAL_TOURS,
        '--id',
        id,
        '--cron',
        '30 0 * * *',
        '--timezone',
        'Europe/Berlin',
        '--input',
        `tours=${tours.join(',')}`,
      ],
      options,
    );
    expect(created.code).toBe(0);
    const view = await backfill(id, '2027-03-26T23:00:00.000Z', '2027-03-26T23:59:00.000Z', 'skip', 1);
    const run = view.recentRuns.find((r) => r.scheduledAt === '2027-03-26T23:30:00.000Z')!;
    const result = await resultOf(run.workflowId);
    expect(result).toMatchObject({ code: 0, status: 'completed' });
    const sheets = result.outputs.sheets as { date: string; path: string }[];
    expect(sheets.map((sheet) => [sheet.date, path.basename(path.dirname(sheet.path))])).toEqual([
      ['2027-03-28', `Nightly A ${suffix}`],
      ['2027-03-28', `Nightly B ${suffix}`],
    ]);
    for (const sheet of sheets) await expectPdf(sheet.path);
    await cli(['schedule', 'delete', id], options);
  });
});
