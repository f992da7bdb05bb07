/**
 * Issue 21's checks for every write action, against the catalogue: each write action has a test
 * of its undo (or a reason there is none) and of its lost answer, each group an end-to-end test
 * on the dev server; every test named exists and runs the action (write-coverage.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actions } from '../../definitions/actions/index.ts';
import { E2E_GROUPS, WRITE_COVERAGE, type TestRef } from './write-coverage.ts';

const TEST_ROOT = path.resolve(import.meta.dirname, '..');
const PLAYBOOK_DIRS = [path.resolve(TEST_ROOT, '../definitions/playbooks'), path.join(TEST_ROOT, 'e2e/fixtures')];
const writeActions = actions.filter((action) => action.kind !== 'read' && action.kind !== 'control');

/** The tests of a file by title, each with its body (up to the next test). */
function testsOf(file: string): Map<string, string> {
  const text = readFileSync(file, 'utf8');
  const title = /\n\s*it(?:\.\w+)?\(\s*(['`"])((?:\\.|(?!\1).)*)\1/g;
  const starts = [...text.matchAll(title)].map((match) => ({ at: match.index, title: match[2]!.replace(/\\(.)/g, '$1') }));
  return new Map(starts.map((start, i) => [start.title, text.slice(start.at, starts[i + 1]?.at ?? text.length)]));
}

/** The body of the test `ref` names in `folder`, or a failure saying what is missing. */
function bodyOf(folder: string, ref: TestRef): string {
  const [file, title] = ref.split(' > ', 2) as [string, string | undefined];
  const full = path.join(TEST_ROOT, folder, file);
  expect(existsSync(full), `${ref}: no file test/${folder}/${file}`).toBe(true);
  const body = testsOf(full).get(title ?? '');
  expect(body, `${ref}: test/${folder}/${file} has no test with that title`).toBeDefined();
  return body!;
}

/** The actions of the playbooks an end-to-end test file runs. */
function playbookActions(file: string): Set<string> {
  const names = new Set(readFileSync(path.join(TEST_ROOT, 'e2e', file), 'utf8').match(/[\w-]+\.yaml/g) ?? []);
  const found = new Set<string>();
  for (const name of names) {
    const playbook = PLAYBOOK_DIRS.map((dir) => path.join(dir, name)).find((candidate) => existsSync(candidate));
    if (!playbook) continue;
    for (const match of readFileSync(playbook, 'utf8').matchAll(/action:\s*([\w.]+)/g)) found.add(match[1]!);
  }
  return found;
}

describe('issue 21 coverage of the write actions', () => {
  it('lists every write action of the catalogue, and nothing else', () => {
    expect(Object.keys(WRITE_COVERAGE).sort()).toEqual(writeActions.map((action) => action.name).sort());
  });

  it.each(writeActions.map((action) => [action.name, action] as const))('%s: its undo and lost-answer tests exist and run it', (name, action) => {
    const coverage = WRITE_COVERAGE[name]!;
    const lost = bodyOf('actions', coverage.lostAnswer);
    expect(lost, `${coverage.lostAnswer}: does not name ${name}`).toContain(`'${name}'`);
    expect(lost, `${coverage.lostAnswer}: loses no answer`).toMatch(/dropAfterCommit|checkWrite\(/);
    if (typeof coverage.undo === 'object') {
      expect(action.compensation?.calls ?? [], `${name} declares an undo: name its test`).toEqual([]);
      expect(coverage.undo.none.length).toBeGreaterThan(10);
    } else {
      const undo = bodyOf('actions', coverage.undo);
      expect(undo, `${coverage.undo}: does not name ${name}`).toContain(`'${name}'`);
      // checkWrite and deleteAndUndo compare the store before the step with the store after its undo
      const compared = /checkWrite\(|deleteAndUndo\(/.test(undo) || (/\.undo\(/.test(undo) && /snapshot\(\)/.test(undo));
      expect(compared, `${coverage.undo}: compares no snapshot before the step with the store after its undo`).toBe(true);
    }
  });

  it('puts every write action in one group, and each group has an end-to-end test running one of its actions', () => {
    const grouped = Object.values(E2E_GROUPS).flatMap((group) => group.actions);
    expect(grouped.sort()).toEqual(writeActions.map((action) => action.name).sort());
    for (const [group, { actions: members, e2e }] of Object.entries(E2E_GROUPS)) {
      expect(e2e.length, group).toBeGreaterThan(0);
      const run = new Set(e2e.flatMap((ref) => {
        bodyOf('e2e', ref);
        return [...playbookActions(ref.split(' > ')[0]!)];
      }));
      expect(members.filter((name) => run.has(name)), `${group}: no end-to-end test runs any of ${members.join(', ')}`).not.toEqual([]);
    }
  });
});
