/**
 * `tourflow retry` on the dev server against the sandbox: a guest list CSV with one bad row
 * (row 11 names a date the tour does not have), fixed and retried. The retry sends only what
 * did not succeed, matched by key in a reordered and longer list, and the tour's guest list
 * ends as a clean import of the fixed file leaves it: nothing twice, nothing missing. Also a
 * retry of a run that rolled back (everything redone), and of a run whose child run failed,
 * retried through its parent or on its own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_SEED_WORKFLOW_ID, type PlaybookInput, type RunResult } from '../../workflows/messages.ts';
import { waitForOutcome } from '../../cli/runs.ts';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import { cli, type CliRun } from '../cli/support.ts';
import { Api } from '../sandbox/helpers.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import {
  guestList as guestListOf,
  guestRows as rowsOf,
  importTour,
  type Guest,
  type ImportTour,
} from '../support/guest-import.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const DATES = ['2027-06-01', '2027-06-02'];
const MISSING_DATE = '2027-06-30';

const csv = (rows: Guest[]): string =>
  ['Date,First name,Last name,Guests', ...rows.map((g) => `${g.date},${g.first},${g.last},${g.guests}`)].join('\n') +
  '\n';

describe('tourflow retry', () => {
  let stack: TestStack;
  let api: Api;
  let dir: string;
  let tours = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-retry-'));
    stack = await startTestStack();
    api = new Api(stack.sandbox);
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[]): Promise<CliRun> => cli(args, { cwd: dir, taskQueue: stack.config.temporal.taskQueue });
  const json = (done: CliRun): RunResult => JSON.parse(done.out) as RunResult;

  const newTour = (): Promise<ImportTour> => importTour(stack, `Retry ${++tours}`, DATES);
  const guestList = (tour: ImportTour): Promise<string[]> => guestListOf(api, tour);
  const guestRows = (tenthDate: string): Guest[] => rowsOf(DATES, tenthDate);

  /** What a clean import of `rows` leaves on a new tour. */
  async function cleanImport(rows: Guest[]): Promise<string[]> {
    const tour = await newTour();
    await writeFile(path.join(dir, 'clean.csv'), csv(rows));
    const done = await run([
      'run',
      path.join(FIXTURES, 'guests-retry.yaml'),
      '--input',
      `tourId=${tour.tourId}`,
      '--inputs',
      'guests=clean.csv',
      '--json',
    ]);
    expect(json(done).warnings).toEqual([]);
    return guestList(tour);
  }

  it('a continue-on-failure import with one bad row, fixed and retried with a reordered, longer list, ends as a clean import of the fixed list', async () => {
    const tour = await newTour();
    await writeFile(path.join(dir, 'guests.csv'), csv(guestRows(MISSING_DATE)));
    const playbook = path.join(FIXTURES, 'guests-retry.yaml');
    const first = await run([
      'run',
      playbook,
      '--input',
      `tourId=${tour.tourId}`,
      '--inputs',
      'guests=guests.csv',
      '--run-key',
      'bad-row',
      '--json',
    ]);
    expect(first.code).toBe(0);
    const firstResult = json(first);
    expect(firstResult.warnings).toHaveLength(1);
    expect(firstResult.warnings[0]).toMatch(/^step guests: guests\.csv row 11 failed: /);
    expect(firstResult.warnings[0]).not.toContain('Guest10');
    expect(await guestList(tour)).toHaveLength(11);

    // The fixed file: row 11 on a day the tour has, the list reversed and two guests more.
    const fixed = [
      ...guestRows(DATES[0]!),
      { date: DATES[1]!, first: 'Guest13', last: 'Retry', guests: 2 },
      { date: DATES[0]!, first: 'Guest14', last: 'Retry', guests: 1 },
    ].reverse();
    await writeFile(path.join(dir, 'guests.csv'), csv(fixed));
    const again = await run([
      'run',
      playbook,
      '--input',
      `tourId=${tour.tourId}`,
      '--inputs',
      'guests=guests.csv',
      '--run-key',
      'bad-row',
    ]);
    expect(again.code).toBe(2);
    expect(again.err).toContain(`tourflow retry ${firstResult.workflowId} --inputs <file>`);

    const retried = await run(['retry', firstResult.workflowId, '--inputs', 'guests=guests.csv', '--json']);
    expect(retried.err).toContain('element(s) done are not sent again');
    expect(retried.code).toBe(0);
    const retryResult = json(retried);
    expect(retryResult.workflowId).toBe(`${firstResult.workflowId}--retry-1`);
    expect(retryResult.warnings).toEqual([]);
    expect(retryResult.done).toHaveLength(3); // the fixed row and the two new ones
    expect(await guestList(tour)).toEqual(await cleanImport(fixed));

    const nothing = await run(['retry', retryResult.workflowId]);
    expect(nothing.code).toBe(0);
    expect(nothing.err).toBe(`${retryResult.workflowId} completed every step: nothing to retry.`);
  });

  it('an element that succeeded and changed since is reported, and kept as it was sent', async () => {
    const tour = await newTour();
    await writeFile(path.join(dir, 'changed.csv'), csv(guestRows(MISSING_DATE)));
    const playbook = path.join(FIXTURES, 'guests-retry.yaml');
    const first = json(
      await run(['run', playbook, '--input', `tourId=${tour.tourId}`, '--inputs', 'guests=changed.csv', '--json']),
    );
    const rows = guestRows(DATES[0]!);
    rows[4]!.guests = 4; // changed since: sent with 2 guests
    // A blank row after row 4: the changed guest is on row 7 of the file, as a spreadsheet shows it.
    const text = csv(rows).split('\n');
    await writeFile(path.join(dir, 'changed.csv'), [...text.slice(0, 4), ',,,', ...text.slice(4)].join('\n'));
    const retried = await run(['retry', first.workflowId, '--inputs', 'guests=changed.csv', '--json']);
    expect(retried.code).toBe(0);
    expect(json(retried).warnings).toEqual([
      `step guests: changed.csv row 7 changed since ${first.workflowId}; kept as it was sent (tourflow retry --redo-changed sends it again)`,
    ]);
    expect(json(retried).done).toHaveLength(1);
    expect(await guestList(tour)).toContain(`${DATES[0]} Guest05 Retry 2`);
  });

  it("a scheduled run's retry keeps its keys: a step after the fixed one runs again and the API answers it, creating nothing twice", async () => {
    const tour = await newTour();
    const compiled = await compilePlaybookFile(path.join(FIXTURES, 'guests-then-tag.yaml'));
    const guests = guestRows(MISSING_DATE).map(({ date, first, last, guests }) => ({
      date,
      firstName: first,
      lastName: last,
      guests,
    }));
    const { inputs } = resolveInputs(compiled.plan!, { tourId: tour.tourId, guests });
    // As a schedule starts it: the key seed stands for the workflow ID, made at start.
    const input: PlaybookInput = { plan: compiled.plan!, inputs, keySeed: KEY_SEED_WORKFLOW_ID };
    const workflowId = `guests-then-tag--scheduled-${tours}`;
    const handle = await stack.client.workflow.start('playbookWorkflow', {
      taskQueue: stack.config.temporal.taskQueue,
      workflowId,
      args: [input],
    });
    expect((await waitForOutcome(handle)).result?.warnings).toHaveLength(1);

    const fixed = guestRows(DATES[0]!).map(({ date, first, last, guests }) => ({
      date,
      firstName: first,
      lastName: last,
      guests,
    }));
    await writeFile(path.join(dir, 'scheduled.json'), JSON.stringify({ guests: fixed }));
    const retried = await run(['retry', workflowId, '--inputs', 'scheduled.json', '--json']);
    expect(retried.code, retried.err).toBe(0);
    const tags = (stack.sandbox.snapshot({ normalise: true }) as { tags?: Array<{ name: string }> }).tags ?? [];
    expect(tags.filter((tag) => tag.name === 'Guest list imported')).toHaveLength(1);
    expect(await guestList(tour)).toHaveLength(12);
  });

  it('a run that rolled back is redone whole, and its guest list ends as a clean import', async () => {
    const tour = await newTour();
    await writeFile(path.join(dir, 'strict.csv'), csv(guestRows(MISSING_DATE)));
    const first = await run([
      'run',
      path.join(FIXTURES, 'guests-strict.yaml'),
      '--input',
      `tourId=${tour.tourId}`,
      '--inputs',
      'guests=strict.csv',
      '--json',
    ]);
    expect(first.code).toBe(3);
    expect(json(first).error?.message).toMatch(/failed at strict\.csv row 11: /);
    expect(await guestList(tour)).toEqual([]);

    await writeFile(path.join(dir, 'strict.csv'), csv(guestRows(DATES[1]!)));
    const retried = await run(['retry', json(first).workflowId, '--inputs', 'guests=strict.csv', '--json']);
    expect(retried.err).toContain('rolled back: everything it did was undone, so every step will be redone.');
    expect(retried.code).toBe(0);
    expect(json(retried).done).toHaveLength(12);
    expect(await guestList(tour)).toEqual(await cleanImport(guestRows(DATES[1]!)));
  });

  it.each([
    ['the parent', (parent: string) => parent],
    ['the child run itself', (parent: string) => `${parent}/import`],
  ])(
    'a run whose child run failed (rollback: false) is finished by a retry of %s: only what the child did not do',
    async (_, target) => {
      const tour = await newTour();
      const asInput = (rows: Guest[]) =>
        rows.map(({ date, first, last, guests }) => ({ date, firstName: first, lastName: last, guests }));
      const started = await stack.run(path.join(FIXTURES, 'guests-child.yaml'), {
        tourId: tour.tourId,
        guests: asInput(guestRows(MISSING_DATE)),
      });
      expect(started.result?.status, started.message).toBe('failed');
      const kept = (await guestList(tour)).length;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(12);

      await writeFile(path.join(dir, 'child-inputs.json'), JSON.stringify({ guests: asInput(guestRows(DATES[1]!)) }));
      const retried = await run(['retry', target(started.workflowId), '--inputs', 'child-inputs.json', '--json']);
      expect(retried.code, retried.err).toBe(0);
      expect(json(retried).done).toHaveLength(12 - kept);
      expect(await guestList(tour)).toEqual(await cleanImport(guestRows(DATES[1]!)));
    },
  );
});
