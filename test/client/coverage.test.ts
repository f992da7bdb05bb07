/** docs/api-coverage.md lists every operation of the endpoint table, as the catalogue reaches it. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { coverageMarkdown, coverageRows, unknownCalls } from '../../api/contract/coverage.ts';
import { Endpoints } from '../../api/contract/assumptions.ts';

describe('docs/api-coverage.md', () => {
  it('is generated from the endpoint table and the catalogue (regenerate: node --import tsx scripts/generate-docs.ts)', async () => {
    expect(await readFile('docs/api-coverage.md', 'utf8')).toBe(coverageMarkdown());
  });

  it('has one row per operation, each written as the contract writes it', () => {
    const rows = coverageRows();
    expect(rows).toHaveLength(Object.keys(Endpoints).length);
    expect(new Set(rows.map((row) => row.operation)).size).toBe(rows.length);
    for (const row of rows)
      expect(row.operation).toMatch(/^(GET|POST|PUT|DELETE) \/v1(\/[A-Za-z-]+|\/\{[A-Za-z]+\})+$/);
  });

  it('names no call an action or undo declares that the endpoint table lacks', () => {
    expect(unknownCalls()).toEqual([]);
  });

  it('gives every write it reaches an undo, or says it cannot be undone', () => {
    const writes = coverageRows().filter((row) => row.actions.length > 0 && !row.operation.startsWith('GET '));
    for (const row of writes) expect(row.undo, row.operation).not.toBe('');
  });
});
