import { describe, expect, it } from 'vitest';
import { benchCompile, generatePlaybook } from '../../definitions/bench.ts';
import { compilePlaybookSource } from '../../definitions/index.ts';

describe('benchCompile', () => {
  it('compiles a generated playbook of 10,000 steps in under a second of CPU time', async () => {
    const result = await benchCompile();
    expect(result).toMatchObject({ steps: 10_000, format: 'json', groups: 3 });
    // CPU time, not wall time: the test machine's other load must not fail this
    expect(result.cpuMs).toBeLessThan(1000);
  }, 60_000);

  it('generates the same playbook as YAML or JSON', async () => {
    const text = JSON.stringify(generatePlaybook(120));
    const { plan } = await compilePlaybookSource(text, { file: 'generated.json' });
    expect(plan?.steps).toHaveLength(120);
    expect(plan?.steps[100]).toMatchObject({
      id: 's100',
      needs: ['s99', 'tour'],
      forEach: { items: '${{ ["a", "b"] }}' },
      source: { line: 1 },
    });
    expect((await benchCompile({ steps: 120, format: 'yaml', warmup: 0 })).steps).toBe(120);
  });
});

describe('JSON playbooks', () => {
  it('place errors at line and column like YAML ones', async () => {
    const text =
      '{\n  "apiVersion": "tourflow/v1",\n  "name": "j",\n  "steps": [\n    { "id": "a", "action": "tour.creat" }\n  ]\n}\n';
    const { errors } = await compilePlaybookSource(text, { file: 'j.json' });
    expect(errors.map((error) => `${error.location} ${error.message} (${error.hint})`)).toEqual([
      'j.json:5:28 unknown action "tour.creat" (did you mean "tour.create"?)',
    ]);
  });
});
