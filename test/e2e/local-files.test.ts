/**
 * A file from the machine that runs `tourflow run`, with a worker whose input folder is
 * elsewhere and holds nothing: `localFile` is read by the CLI and carried into the run, so the
 * upload works (a small file inline, one over 256 KB by an upload ticket), the attachment is on
 * the item and its bytes come back as they were. A run whose path the CLI never read (started
 * otherwise) fails naming the worker's input folder and how to put the file there.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planForRun } from '../../definitions/run-plan.ts';
import { waitForOutcome } from '../../cli/runs.ts';
import { cli } from '../cli/support.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const DAY = '2027-04-10';

describe('files from the machine that runs tourflow run', () => {
  let stack: TestStack;
  let inputDir: string;
  let userDir: string;
  let tourId: string;
  // a PDF over the inline limit, with bytes that do not repeat
  const plot = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.from(Array.from({ length: 400_000 }, (_, i) => (i * 7919) % 251)),
  ]);
  beforeAll(async () => {
    inputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-worker-inputs-'));
    userDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-user-disk-'));
    await writeFile(path.join(userDir, 'stage-plot.pdf'), plot);
    await writeFile(path.join(userDir, 'note.txt'), 'Load in through the back door.\n');
    stack = await startTestStack({ inputDir });
    const created = await stack.run(
      'create-tour.yaml',
      { name: 'Local Files', days: [{ date: DAY, city: 'Oslo', dayType: 'Show' }] },
      'local-files-tour',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    const items = await stack.run(
      path.join(FIXTURES, 'items-of-tour.yaml'),
      { tourId, items: [{ day: DAY, name: 'Soundcheck', start: '16:00' }] },
      'local-files-items',
    );
    expect(items.result?.status, items.message).toBe('completed');
  });
  afterAll(async () => {
    await stack?.close();
    await rm(inputDir, { recursive: true, force: true });
    await rm(userDir, { recursive: true, force: true });
  });

  it('tourflow run carries the files into the run: they are attached and read back byte for byte', async () => {
    const run = await cli(
      [
        'run',
        path.join(FIXTURES, 'local-files.yaml'),
        '--json',
        '--input',
        `tourId=${tourId}`,
        '--input',
        `day=${DAY}`,
        '--input',
        `plot=${path.join(userDir, 'stage-plot.pdf')}`,
        '--input',
        `note=${path.join(userDir, 'note.txt')}`,
      ],
      { cwd: userDir, taskQueue: stack.config.temporal.taskQueue },
    );
    expect(run.code, run.err + run.out).toBe(0);
    const result = JSON.parse(run.out) as { status: string; outputs: { saved: string; sizes: number[] } };
    expect(result.status).toBe('completed');
    expect(result.outputs.sizes).toEqual([plot.length, 31]);
    const attachments = (stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>).attachments ?? [];
    expect(attachments.map((row) => [row.name, row.fileName, row.entityType])).toEqual([
      ['Stage plot', 'stage-plot.pdf', 'SCHEDULE_ITEM'],
      ['Crew note', 'crew-note.txt', 'SCHEDULE_ITEM'],
    ]);
    expect((await readFile(result.outputs.saved)).equals(plot)).toBe(true);
  }, 120_000);

  it('a file the CLI cannot find, or too large to carry, is refused before the run starts, naming the worker’s input folder', async () => {
    const base = [
      'run',
      path.join(FIXTURES, 'local-files.yaml'),
      '--input',
      `tourId=${tourId}`,
      '--input',
      `day=${DAY}`,
      '--input',
      `note=${path.join(userDir, 'note.txt')}`,
    ];
    const none = path.join(userDir, 'plots', 'none.pdf');
    const missing = await cli([...base, '--input', `plot=${none}`], {
      cwd: userDir,
      taskQueue: stack.config.temporal.taskQueue,
    });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`step plot: localFile "${none}": there is no such file on this machine (${none})`);
    await writeFile(path.join(userDir, 'huge.pdf'), Buffer.alloc(1024 * 1024 + 1));
    const huge = await cli([...base, '--input', `plot=${path.join(userDir, 'huge.pdf')}`], {
      cwd: userDir,
      taskQueue: stack.config.temporal.taskQueue,
    });
    expect(huge.code).toBe(2);
    expect(huge.err).toContain('step plot: localFile');
    expect(huge.err).toContain(
      'has 1,048,577 bytes; `tourflow run` carries files of at most 1 MiB into a run: copy it into the worker’s input folder (TOURFLOW_INPUT_DIR',
    );
  }, 60_000);

  it('a run that reaches the worker with the path (started otherwise, as a schedule does) fails naming the worker’s input folder', async () => {
    const plan = await stack.compile(path.join(FIXTURES, 'local-files.yaml'));
    const workflowId = `local-files-elsewhere-${Date.now()}`;
    const inputs = { tourId, day: DAY, plot: '/elsewhere/stage-plot.pdf', note: '/elsewhere/note.txt' };
    const handle = await stack.client.workflow.start('playbookWorkflow', {
      taskQueue: stack.config.temporal.taskQueue,
      workflowId,
      args: [{ plan: planForRun(plan), inputs, keySeed: workflowId }],
    });
    const outcome = await waitForOutcome(handle);
    expect(outcome.result?.status).toBe('rolledBack');
    const failed = outcome.result!.steps.find((step) => step.state === 'failed');
    expect(failed?.error?.message).toContain(
      `is read by \`tourflow run\` on its machine, and this run was started otherwise (a schedule, a trigger, an included playbook). Copy the file into the worker's input folder ${path.resolve(inputDir)} (TOURFLOW_INPUT_DIR) on the machine it runs on and give "file" with its path there.`,
    );
  }, 60_000);
});
