import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compilePlaybookSource, formatErrors } from '../../definitions/index.ts';
import { withReference } from '../../definitions/reference.ts';

const docs = await readFile('docs/playbooks.md', 'utf8');
const examples = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)]
  .map((match) => match[1] as string)
  .filter((text) => text.includes('apiVersion: tourflow/v1'));

describe('docs/playbooks.md', () => {
  it('has its action reference generated from the catalogue (regenerate with withReference)', () => {
    expect(docs).toBe(withReference(docs));
  });

  it('has many whole-playbook examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
  });

  it.each(examples.map((text) => [/^name: (.*)$/m.exec(text)?.[1] ?? '?', text]))(
    'example %s compiles',
    async (_name, text) => {
      // compiled as if it sat beside the shipped playbooks, which composite examples include
      const { errors, sources } = await compilePlaybookSource(text, { file: 'definitions/playbooks/example.yaml' });
      expect(formatErrors(errors, sources)).toBe('');
    },
  );
});
