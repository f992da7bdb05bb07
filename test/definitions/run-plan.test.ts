/** The plan a run carries into Temporal names its files, never the folders they are in. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePlaybookFile, planForRun } from '../../definitions/index.ts';

describe('the plan a run carries', () => {
  it('keeps only file names, in the plan, its steps and the playbooks it includes', async () => {
    const dir = path.resolve(import.meta.dirname, '../../definitions/playbooks');
    const { plan, errors } = await compilePlaybookFile(path.join(dir, 'tour-setup.yaml'));
    expect(errors).toEqual([]);
    expect(JSON.stringify(plan)).toContain(dir);

    const carried = planForRun(plan!);
    expect(JSON.stringify(carried)).not.toContain(dir);
    expect(JSON.stringify(carried)).not.toMatch(/[\\/][\w.-]+\.yaml/);
    expect(carried.file).toBe('tour-setup.yaml');
    expect(carried.steps[0]?.source).toEqual({ ...plan!.steps[0]!.source, file: 'tour-setup.yaml' });
    const included = carried.steps.find((step) => step.id === 'create')?.plan;
    expect(included?.file).toBe('create-tour.yaml');
    expect(included?.steps[0]?.source?.file).toBe('create-tour.yaml');
    expect(carried.inputs.guests?.source?.file).toBe('tour-setup.yaml');
    expect({ ...carried, file: plan!.file, inputs: plan!.inputs, steps: plan!.steps }).toEqual(plan);
  });
});
