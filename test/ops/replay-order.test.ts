/**
 * The replay-sensitive places of workflow code stay named: each carries a `// replay-order:`
 * comment, workflows/ARCHITECTURE.md lists each (file, function), and the lint refuses any other
 * `await` of a value that is not a promise. See "Replay-sensitive code" in that file.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { workflowFiles } from '../../eslint.config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MARKER = '// replay-order:';
const AWAIT_RULE = '@typescript-eslint/await-thenable';

interface Site {
  line: number;
  fn: string;
  what: string;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
// The files of a pattern of workflowFiles: a path, or every .ts file below a folder (`folder/**/*.ts`).
function filesOf(pattern: string): string[] {
  if (!pattern.endsWith('/**/*.ts')) return [pattern];
  const folder = pattern.slice(0, -'/**/*.ts'.length);
  const names = readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' });
  return names.filter((name) => name.endsWith('.ts')).map((name) => `${folder}/${name.split(path.sep).join('/')}`);
}
const files = [...new Set(workflowFiles.flatMap(filesOf))].sort();
const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/** Names of the functions and methods declared in `sources` that return no promise. */
function synchronousFunctions(sources: ts.SourceFile[]): Set<string> {
  const sync = new Set<string>();
  const notSync = new Set<string>();
  const visit = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      const isAsync = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) ?? false;
      const returns = node.type?.getText() ?? '';
      (!isAsync && node.type && !/Promise|Thenable/.test(returns) ? sync : notSync).add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);
  for (const name of notSync) sync.delete(name);
  return sync;
}

/** The name of the function, method or named arrow `node` sits in. */
function enclosingName(node: ts.Node): string {
  for (let at = node.parent; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name) return at.name.getText();
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent))
      return at.parent.name.getText();
  }
  return '(top level)';
}

function calleeName(node: ts.Expression): string | undefined {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isNonNullExpression(inner))
    inner = inner.expression;
  if (!ts.isCallExpression(inner)) return undefined;
  const callee = inner.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/** The places of `source` whose order replay depends on: awaits of `sync` functions, `executeWithOptions` calls. */
function sitesOf(source: ts.SourceFile, sync: Set<string>): Site[] {
  const sites: Site[] = [];
  const visit = (node: ts.Node): void => {
    const awaited = ts.isAwaitExpression(node) ? calleeName(node.expression) : undefined;
    const called = ts.isCallExpression(node) ? calleeName(node) : undefined;
    const what =
      awaited && sync.has(awaited) ? `await ${awaited}` : called === 'executeWithOptions' ? called : undefined;
    if (what)
      sites.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line, fn: enclosingName(node), what });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/** The comment lines right above line `line` (0-based), nearest last. */
function commentsAbove(lines: string[], line: number): string[] {
  let first = line;
  while (first > 0 && lines[first - 1]!.trim().startsWith('//')) first--;
  return lines.slice(first, line).map((text) => text.trim());
}

/** What is wrong with the replay-order places of one file: unmarked sites, stale markers, bare disables. */
function problemsOf(file: string, text: string, sync: Set<string>): { sites: Site[]; problems: string[] } {
  const sites = sitesOf(parse(file, text), sync);
  const lines = text.split('\n');
  const problems: string[] = [];
  for (const site of sites) {
    if (!commentsAbove(lines, site.line).some((c) => c.startsWith(MARKER))) {
      problems.push(`${file}:${site.line + 1} ${site.what} in ${site.fn} has no ${MARKER} comment`);
    }
  }
  const siteLines = new Set(sites.map((site) => site.line));
  lines.forEach((line, index) => {
    const text = line.trim();
    if (!text.startsWith('//')) return;
    let next = index + 1;
    while (next < lines.length && lines[next]!.trim().startsWith('//')) next++;
    if (text.startsWith(MARKER) && !siteLines.has(next))
      problems.push(`${file}:${index + 1} ${MARKER} comment marks no replay-sensitive call`);
    if (text.includes(AWAIT_RULE) && !commentsAbove(lines, next).some((c) => c.startsWith(MARKER))) {
      problems.push(`${file}:${index + 1} disables ${AWAIT_RULE} without a ${MARKER} comment`);
    }
  });
  return { sites, problems };
}

/** `file` `function` of each place listed under "Replay-sensitive code" in workflows/ARCHITECTURE.md. */
function listedPlaces(): string[] {
  const doc = read('workflows/ARCHITECTURE.md');
  const section = doc.split('\n## Replay-sensitive code\n')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^- `([\w/.-]+\.ts)` `(\w+)`/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
}

const sources = files.map((file) => parse(file, read(file)));
const sync = synchronousFunctions(sources);

describe('replay-sensitive code', () => {
  it('marks every await of a synchronous function and every executeWithOptions call in workflow code', () => {
    expect(files).toContain('workflows/interpreter.ts');
    expect([...sync]).toEqual(expect.arrayContaining(['evaluateAt', 'conditionAt', 'playbookOutputs']));
    expect(files.flatMap((file) => problemsOf(file, read(file), sync).problems)).toEqual([]);
  });

  it('lists each marked place in workflows/ARCHITECTURE.md, and no other', () => {
    const marked = files.flatMap((file) =>
      problemsOf(file, read(file), sync).sites.map((site) => `${file} ${site.fn}`),
    );
    expect(marked.length).toBeGreaterThanOrEqual(9);
    const how =
      'list each // replay-order: place under "Replay-sensitive code" in workflows/ARCHITECTURE.md as - `file` `function`: what';
    expect(listedPlaces(), how).toEqual(marked.sort());
  });

  it('finds an unmarked await, a stale marker and a bare disable', () => {
    const probe = [
      'export function now(): number { return 1; }',
      'export async function f(): Promise<number> {',
      '  const a = await now();',
      '  // replay-order: marks nothing',
      '  const b = a + 1;',
      `  // eslint-disable-next-line ${AWAIT_RULE}`,
      '  return (await now()) + b;',
      '}',
    ].join('\n');
    expect(problemsOf('workflows/probe.ts', probe, synchronousFunctions([parse('probe.ts', probe)])).problems).toEqual([
      'workflows/probe.ts:3 await now in f has no // replay-order: comment',
      'workflows/probe.ts:7 await now in f has no // replay-order: comment',
      'workflows/probe.ts:4 // replay-order: comment marks no replay-sensitive call',
      `workflows/probe.ts:6 disables ${AWAIT_RULE} without a // replay-order: comment`,
    ]);
  });

  it('has the lint refuse any other await of a value that is not a promise, in every workflow file', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as { rules: Record<string, unknown> };
      expect([file, config.rules[AWAIT_RULE]]).toEqual([file, [2]]);
    }
  });
});
