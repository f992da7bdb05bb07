import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  FILE_LINE_LIMIT,
  byFolder,
  functionLengths,
  isMeasured,
  lineCount,
  measureTree,
  oversizeFiles,
  p90,
} from '../../scripts/code-size.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('code size', () => {
  it(`keeps every hand-written source file within ${FILE_LINE_LIMIT} lines`, () => {
    const over = oversizeFiles(measureTree(root)).map((file) => `${file.file} (${file.lines} lines)`);
    expect(over, 'split these files along their seams').toEqual([]);
  });

  it('measures source files only, not tests or data', () => {
    expect(['cli/main.ts', 'worker/payload-converter.cjs', 'bin/tourflow.js'].every(isMeasured)).toBe(true);
    expect(
      ['test/ops/code-size.test.ts', 'docs/playbooks.md', 'definitions/schema/playbook.schema.json', 'x.d.ts'].some(
        isMeasured,
      ),
    ).toBe(false);
  });

  it('counts lines as wc -l does', () => {
    expect([lineCount(''), lineCount('a\n'), lineCount('a\nb'), lineCount('a\nb\n')]).toEqual([0, 1, 2, 2]);
  });

  it('finds functions, methods, accessors and arrows, nested ones on their own', () => {
    const text = [
      'export function outer(): number {', // 1
      '  const inner = (x: number) =>', // 2
      '    x + 1;', // 3
      '  return inner(1);', // 4
      '}', // 5
      'class A {', // 6
      '  constructor() {}', // 7
      '  get b(): number { return 1; }', // 8
      '  m(): void {', // 9
      '  }', // 10
      '}', // 11
      'declare function ambient(): void;', // 12
    ].join('\n');
    expect(functionLengths('probe.ts', text)).toEqual([5, 2, 1, 1, 2]);
  });

  it('takes the nearest-rank 90th percentile per folder', () => {
    expect([
      p90([]),
      p90([7]),
      p90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      p90([10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100]),
    ]).toEqual([0, 7, 9, 10]);
    const rows = byFolder([
      { file: 'a/x.ts', lines: 10, functionLengths: [3, 5] },
      { file: 'a/y.ts', lines: 20, functionLengths: [1] },
      { file: 'b/z.ts', lines: 5, functionLengths: [] },
    ]);
    expect(rows).toEqual([
      { folder: 'a', files: 2, lines: 30, largestFile: 20, functions: 3, functionP90: 5 },
      { folder: 'b', files: 1, lines: 5, largestFile: 5, functions: 0, functionP90: 0 },
      { folder: '(all)', files: 3, lines: 35, largestFile: 20, functions: 3, functionP90: 5 },
    ]);
  });
});
