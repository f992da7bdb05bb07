/**
 * The broken corpus: every file under broken/ is a playbook with mistakes, and its leading
 * `# expect: [file:]line:column message` lines (each optionally followed by
 * `# expect-hint: hint`) are exactly the errors `tourflow validate` must report.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePlaybookFile } from '../../definitions/index.ts';

const folder = 'test/definitions/broken';
const files = (await readdir(folder)).filter((name) => name.endsWith('.yaml')).sort();

interface Expected {
  where: string;
  message: string;
  hint?: string;
}

function expectations(text: string): Expected[] {
  const expected: Expected[] = [];
  for (const line of text.split('\n')) {
    const error = /^# expect: (\S+) (.*)$/.exec(line);
    const hint = /^# expect-hint: (.*)$/.exec(line);
    if (error) expected.push({ where: error[1] as string, message: error[2] as string });
    else if (hint && expected.length > 0) (expected[expected.length - 1] as Expected).hint = hint[1];
  }
  return expected;
}

describe('broken playbooks', () => {
  it('make a corpus of at least 40', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  it.each(files)('%s', async (name) => {
    const file = `${folder}/${name}`;
    const expected = expectations(await readFile(file, 'utf8'));
    expect(expected.length, 'the file states its errors').toBeGreaterThan(0);
    const { plan, errors } = await compilePlaybookFile(file);
    expect(plan).toBeUndefined();
    const actual = errors.map((error): Expected => {
      const relative = path.relative(folder, error.file);
      const where = relative === name ? `${error.line}:${error.column}` : `${relative}:${error.line}:${error.column}`;
      return { where, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
    });
    expect(actual).toEqual(expected);
  });
});
