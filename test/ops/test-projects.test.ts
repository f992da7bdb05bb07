/**
 * The test projects of vitest.config.ts: `npm run test:unit` starts no Temporal server, so every
 * test file that reaches one (through `inject('temporalAddress')`, a dev server of its own or
 * `tourflow dev`) belongs to the e2e project, whose global setup starts it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, matchesGlob, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { CONTRACT, E2E } from '../../vitest.config.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NEEDS_TEMPORAL = /\binject\(|startDevServer\(|TestWorkflowEnvironment|\[['"]dev['"],/;

/** Whether the file, or a test helper it imports, needs a Temporal server. */
function needsTemporal(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(file) || file === import.meta.filename) return false;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  if (NEEDS_TEMPORAL.test(source)) return true;
  const helpers = [...source.matchAll(/from '(\.[^']+)'/g)].map((m) => resolve(dirname(file), m[1]!));
  return helpers
    .filter((path) => path.startsWith(`${resolve(ROOT, 'test')}/`))
    .some((path) => needsTemporal(path, seen));
}

const projects = (config.test?.projects ?? []) as { test: { name: string; globalSetup?: string[] } }[];
const testFiles = readdirSync(resolve(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `test/${file}`);
const inAny = (file: string, globs: string[]) => globs.some((glob) => matchesGlob(file, glob));

describe('test projects', () => {
  it('are unit, contract and e2e, and only e2e starts Temporal', () => {
    expect(projects.map((project) => project.test.name)).toEqual(['unit', 'contract', 'e2e']);
    expect(projects.filter((project) => project.test.globalSetup).map((project) => project.test.name)).toEqual(['e2e']);
  });

  it('put every test file that needs Temporal in the e2e project', () => {
    const outside = testFiles.filter((file) => needsTemporal(resolve(ROOT, file)) && !inAny(file, E2E));
    expect(outside, 'add these to E2E in vitest.config.ts').toEqual([]);
  });

  it('leave no contract test in the e2e project', () => {
    expect(
      testFiles.filter((file) => inAny(file, CONTRACT) && inAny(file, E2E)).map((file) => relative(ROOT, file)),
    ).toEqual([]);
  });
});
