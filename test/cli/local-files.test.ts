/** `localFile` read by `tourflow run`: paths relative to where it runs, `~`, expressions over inputs, and the mistakes it refuses. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carryLocalFiles } from '../../cli/local-files.ts';
import type { JsonObject, Plan } from '../../definitions/plan-types.ts';
import { compile, playbook } from '../definitions/helpers.ts';

const INPUTS = 'inputs:\n  tour: { type: string, default: t }\n  path: { type: string, default: x }\n';
const TOUR = '"${{ inputs.tour }}"';
const upload = (localFile: string) =>
  playbook(`  - id: up\n    action: file.upload\n    with: { tourId: ${TOUR}, localFile: "${localFile}" }\n`, INPUTS);
const given = { tour: 't', path: 'x' };

async function planOf(text: string): Promise<Plan> {
  const { plan, errors } = await compile(text);
  expect(errors).toEqual([]);
  return plan!;
}

describe('carryLocalFiles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-local-'));
    await writeFile(path.join(dir, 'plot.pdf'), '%PDF-1.4 plot');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a path relative to where tourflow run runs into the step’s bytes and name', async () => {
    const carried = await carryLocalFiles(await planOf(upload('plot.pdf')), given, dir);
    expect(carried.steps[0]?.args).toEqual({
      tourId: TOUR.slice(1, -1),
      base64: Buffer.from('%PDF-1.4 plot').toString('base64'),
      fileName: 'plot.pdf',
    });
  });

  it('takes a path from an input', async () => {
    const carried = await carryLocalFiles(
      await planOf(upload('${{ inputs.path }}')),
      { ...given, path: path.join(dir, 'plot.pdf') },
      '/',
    );
    expect((carried.steps[0]?.args as JsonObject).fileName).toBe('plot.pdf');
  });

  it('leaves a plan without localFile as it is', async () => {
    const plan = await planOf(
      playbook(`  - id: up\n    action: file.upload\n    with: { tourId: ${TOUR}, file: plot.pdf }\n`, INPUTS),
    );
    expect(await carryLocalFiles(plan, {}, dir)).toBe(plan);
  });

  it.each([
    [
      'a step output',
      '${{ steps.other.outputs.path }}',
      "step up: localFile must be known when the run starts, a path or an expression over the inputs (not a step's output or a forEach element)",
    ],
    ['a folder', '.', 'step up: localFile "." ('],
  ])('refuses %s', async (_what, localFile, message) => {
    const text = localFile.includes('steps.other')
      ? playbook(
          `  - id: other\n    set: { path: x }\n  - id: up\n    action: file.upload\n    with: { tourId: ${TOUR}, localFile: "${localFile}" }\n`,
          INPUTS,
        )
      : upload(localFile);
    await expect(carryLocalFiles(await planOf(text), given, dir)).rejects.toThrow(message);
  });
});
