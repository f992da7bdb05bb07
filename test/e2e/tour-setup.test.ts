/**
 * The demo: the composite tour-setup playbook runs end to end, its records are in the
 * sandbox, the day sheets are real PDFs, and running it again with the same run key changes
 * nothing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

describe('tour-setup', () => {
  let stack: TestStack;
  let outputDir: string;
  beforeAll(async () => {
    outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-setup-'));
    stack = await startTestStack({ outputDir });
  });
  afterAll(async () => {
    await stack?.close();
    await rm(outputDir, { recursive: true, force: true });
  });

  it('sets up the demo tour, and a second run with the same key changes nothing', async () => {
    const outcome = await stack.run('tour-setup.yaml', { sheetsFolder: outputDir }, 'demo');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const outputs = outcome.result!.outputs;
    expect(typeof outputs.tourId).toBe('string');
    const files = outputs.daySheets as string[];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = await readFile(path.isAbsolute(file) ? file : path.join(outputDir, file));
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    }

    const before = stack.sandbox.snapshot({ normalise: true });
    const again = await stack.run('tour-setup.yaml', { sheetsFolder: outputDir }, 'demo');
    expect(again.result?.outputs.tourId).toBe(outputs.tourId);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  }, 120_000);
});
