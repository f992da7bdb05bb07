/**
 * `file.upload` at the worker for files from elsewhere: bytes over the 256 KB an inline upload
 * takes (a file `tourflow run` carried, up to 1 MiB) go by an upload ticket and are stored as
 * they were; a `localFile` path that reaches the worker (a run not started by `tourflow run`)
 * and a file missing from the input folder fail naming the worker's input folder and how to
 * put the file there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

describe('file.upload of files from elsewhere', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Local files')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('uploads bytes over the inline limit by an upload ticket', async () => {
    const bytes = Buffer.from(Array.from({ length: 700 * 1024 }, (_, i) => (i * 31) % 256));
    const { output } = await h.run('file.upload', {
      tourId,
      base64: bytes.toString('base64'),
      fileName: 'stage-plot.pdf',
    });
    expect(output).toMatchObject({ fileName: 'stage-plot.pdf', size: bytes.length, contentType: 'application/pdf' });
    const stored = rows(h.sandbox.snapshot({ normalise: false }), 'objects').find(
      (row) => row.id === (output as { key: string }).key,
    ) as { base64: string } | undefined;
    expect(Buffer.from(stored!.base64, 'base64').equals(bytes)).toBe(true);
  });

  it('a localFile path that reaches the worker names its input folder and what to do', async () => {
    const failure = await failureOf(h.run('file.upload', { tourId, localFile: '/home/ada/plot.pdf' }));
    expect(failure).toMatchObject({ nonRetryable: true });
    expect(failure.message).toBe(
      `file.upload: "localFile" /home/ada/plot.pdf is read by \`tourflow run\` on its machine, and this run was started otherwise (a schedule, a trigger, an included playbook). Copy the file into the worker's input folder ${h.inputDir} (TOURFLOW_INPUT_DIR) on the machine it runs on and give "file" with its path there.`,
    );
  });

  it('a file missing from the input folder names it, and both ways to get the file there', async () => {
    const failure = await failureOf(h.run('file.upload', { tourId, file: 'riders/plot.pdf' }));
    expect(failure.message).toBe(
      `file.upload: there is no file "riders/plot.pdf" in the worker's input folder ${h.inputDir} (TOURFLOW_INPUT_DIR). Copy the file into that folder on the machine the worker runs on, or give "localFile" with its path on the machine that runs \`tourflow run\`, which carries it into the run (up to 1 MiB).`,
    );
  });
});
