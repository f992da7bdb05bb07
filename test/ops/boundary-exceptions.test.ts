/**
 * The lint's boundaries hold without exceptions: no source file turns off a boundary rule with
 * an `eslint-disable` comment (the CLI's dry run once imported the worker's activities that way;
 * it now shares the tour read of api/tour-snapshot/).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULES =
  /eslint-disable(-next-line|-line)?\b[^\n]*\b(no-restricted-imports|no-restricted-syntax|no-restricted-globals|import-x\/no-cycle)\b/;

describe('lint boundaries', () => {
  it('are turned off nowhere in the source', () => {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const found = listed
      .split('\n')
      .filter((file) => /\.(ts|cjs|mjs|js)$/.test(file) && !file.startsWith('test/'))
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (RULES.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
