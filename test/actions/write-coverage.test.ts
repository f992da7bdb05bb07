/**
 * Every write action of the catalogue has a test of its undo (or a reason there is none) and of
 * its lost answer, each group of them an end-to-end test on the dev server. Tests are found by
 * what they declare they cover (`coversAction`, `coversGroup` in write-coverage.ts), not by
 * their titles; each is checked to run what it claims.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { actions } from '../../definitions/actions/index.ts';
import { E2E_GROUPS, NO_UNDO, type Concern } from './write-coverage.ts';

const TEST_ROOT = path.resolve(import.meta.dirname, '..');
const PLAYBOOK_DIRS = [path.resolve(TEST_ROOT, '../definitions/playbooks'), path.join(TEST_ROOT, 'e2e/fixtures')];
const writeActions = actions.filter((action) => action.kind !== 'read' && action.kind !== 'control');
const writeNames = writeActions.map((action) => action.name).sort();

/** One `coversAction`/`coversGroup` call: its arguments and the body of the test it sits in, without the tags. */
interface Tag {
  file: string;
  title: string;
  helper: 'coversAction' | 'coversGroup';
  args: string[];
  body: string;
}

const TAG_HELPERS = new Set(['coversAction', 'coversGroup']);
const isTagCall = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TAG_HELPERS.has(node.expression.text);

/** The tags of one test file; a tag outside a test is reported with the title `(no test)`. */
function tagsIn(file: string, text: string): Tag[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const tags: Tag[] = [];
  const visit = (node: ts.Node): void => {
    if (isTagCall(node)) {
      let test: ts.Node | undefined = node.parent;
      while (test && !(ts.isCallExpression(test) && /^(it|test)\b/.test(test.expression.getText()))) test = test.parent;
      const call = test as ts.CallExpression | undefined;
      const first = call?.arguments[0];
      const title = !first
        ? '(no test)'
        : ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)
          ? first.text
          : first.getText();
      const fn = call?.arguments[1];
      let body = fn ? fn.getText() : '';
      for (const other of fn ? tagCallsIn(fn) : []) body = body.replace(other.getText(), '');
      const args = node.arguments.map((arg) => (ts.isStringLiteral(arg) ? arg.text : arg.getText()));
      tags.push({ file, title, helper: node.expression.getText() as Tag['helper'], args, body });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tags;
}

function tagCallsIn(node: ts.Node): ts.CallExpression[] {
  const found: ts.CallExpression[] = [];
  const visit = (at: ts.Node): void => {
    if (isTagCall(at)) found.push(at);
    ts.forEachChild(at, visit);
  };
  visit(node);
  return found;
}

/** The tags of every test file below test/`folder`. */
function tagsOf(folder: string): Tag[] {
  const names = readdirSync(path.join(TEST_ROOT, folder), { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.test.ts'),
  );
  return names.flatMap((name) => tagsIn(`${folder}/${name}`, readFileSync(path.join(TEST_ROOT, folder, name), 'utf8')));
}

/** The actions of the playbooks an end-to-end test file runs. */
function playbookActions(file: string): Set<string> {
  const names = new Set(readFileSync(path.join(TEST_ROOT, file), 'utf8').match(/[\w-]+\.yaml/g) ?? []);
  const found = new Set<string>();
  for (const name of names) {
    const playbook = PLAYBOOK_DIRS.map((dir) => path.join(dir, name)).find((candidate) => existsSync(candidate));
    if (!playbook) continue;
    for (const match of readFileSync(playbook, 'utf8').matchAll(/action:\s*([\w.]+)/g)) found.add(match[1]!);
  }
  return found;
}

const where = (tag: Tag) => `test/${tag.file} > ${tag.title}`;
const actionTags = tagsOf('actions').filter((tag) => tag.helper === 'coversAction');
const groupTags = tagsOf('e2e').filter((tag) => tag.helper === 'coversGroup');
const testsOf = (name: string, concern: Concern) =>
  actionTags.filter((tag) => tag.args[0] === name && tag.args.includes(concern));

describe('coverage of the write actions', () => {
  it('finds each tag in the test it sits in, whatever its title, and a tag outside any test', () => {
    const text = [
      "it('a title of any wording', async () => {",
      "  coversAction('venue.create', 'undo');",
      "  await h.run('venue.create', {});",
      '});',
      "coversAction('venue.update', 'undo');",
    ].join('\n');
    expect(
      tagsIn('actions/probe.test.ts', text).map((tag) => [tag.title, tag.args, tag.body.includes("'venue.create'")]),
    ).toEqual([
      ['a title of any wording', ['venue.create', 'undo'], true],
      ['(no test)', ['venue.update', 'undo'], false],
    ]);
  });

  it('tags name only write actions of the catalogue, inside a test, and NO_UNDO only write actions', () => {
    expect(
      actionTags.filter((tag) => !writeNames.includes(tag.args[0]!) || tag.title === '(no test)').map(where),
    ).toEqual([]);
    expect(Object.keys(NO_UNDO).filter((name) => !writeNames.includes(name))).toEqual([]);
  });

  it.each(writeActions.map((action) => [action.name, action] as const))(
    '%s: a test shows its undo and one its lost answer, each running it',
    (name, action) => {
      const lost = testsOf(name, 'lostAnswer');
      expect(lost.length, `${name}: no test declares coversAction('${name}', 'lostAnswer')`).toBeGreaterThan(0);
      for (const tag of lost) {
        expect(tag.body, `${where(tag)}: does not run ${name}`).toContain(`'${name}'`);
        expect(tag.body, `${where(tag)}: loses no answer`).toMatch(/dropAfterCommit|checkWrite\(/);
      }
      const undo = testsOf(name, 'undo');
      if (NO_UNDO[name] !== undefined) {
        expect(action.compensation?.calls ?? [], `${name} declares an undo: tag its test, not NO_UNDO`).toEqual([]);
        expect(undo.map(where), `${name} is in NO_UNDO`).toEqual([]);
        expect(NO_UNDO[name]!.length).toBeGreaterThan(10);
        return;
      }
      expect(
        undo.length,
        `${name}: no test declares coversAction('${name}', 'undo') (or say in NO_UNDO why there is none)`,
      ).toBeGreaterThan(0);
      for (const tag of undo) {
        expect(tag.body, `${where(tag)}: does not run ${name}`).toContain(`'${name}'`);
        // checkWrite and deleteAndUndo compare the store before the step with the store after its undo
        const compared =
          /checkWrite\(|deleteAndUndo\(/.test(tag.body) || (/\.undo\(/.test(tag.body) && /snapshot\(\)/.test(tag.body));
        expect(compared, `${where(tag)}: compares no snapshot before the step with the store after its undo`).toBe(
          true,
        );
      }
    },
  );

  it('puts every write action in one group, and each group has an end-to-end test running one of its actions', () => {
    expect(Object.values(E2E_GROUPS).flat().sort()).toEqual(writeNames);
    for (const [group, members] of Object.entries(E2E_GROUPS)) {
      const tests = groupTags.filter((tag) => tag.args[0] === group && tag.title !== '(no test)');
      expect(tests.length, `${group}: no test in test/e2e declares coversGroup('${group}')`).toBeGreaterThan(0);
      const run = new Set(tests.flatMap((tag) => [...playbookActions(tag.file)]));
      expect(
        members.filter((name) => run.has(name)),
        `${group}: no end-to-end test runs any of ${members.join(', ')}`,
      ).not.toEqual([]);
    }
  });
});
