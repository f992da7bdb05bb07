/**
 * One catalogue of failure types (definitions/failure-types.ts): one naming scheme, a one-line
 * meaning each, and no failure type written anywhere else in tourflow's code. The sandbox plays
 * the API, so it writes the API's codes itself and is not scanned.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FAILURE_TYPES, FailureType, isFailureType } from '../../definitions/failure-types.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOGUE = 'definitions/failure-types.ts';
const SCANNED = ['api', 'actions', 'activities', 'workflows', 'worker', 'cli', 'definitions', 'scripts', 'bench'];

/** The scanned source files, as git sees them (tracked or new), with their text. */
function sources(): { file: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...SCANNED], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n'))]
    .filter((file) => /\.(ts|cjs)$/.test(file) && file !== CATALOGUE)
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
}

const SCREAMING = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
/** Calls and constructors that take a failure type, and the position of it. */
const TYPE_ARGUMENT: Record<string, number> = {
  nonRetryable: 1,
  retryable: 1,
  stepError: 1,
  StepFailed: 1,
  PlanEvaluationError: 0,
};

function calleeName(node: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** True for an object with a `message` too: a failure (`{ type, message }`), not a pass (`{ type: 'VIP', count }`). */
function hasMessage(object: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(object) && object.properties.some((property) => property.name?.getText() === 'message')
  );
}

/** True inside the arguments of `new ApiError(...)`, whose `code` is the failure type. */
function inApiError(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isNewExpression(parent) && calleeName(parent) === 'ApiError') return true;
  }
  return false;
}

/** `file:line: 'TEXT'` for every failure type written as a string in `text`, rather than taken from the catalogue. */
function writtenTypes(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.ES2022,
    true,
    file.endsWith('.cjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node, why: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}: ${node.getText(source)} ${why}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && isFailureType(node.text)) report(node, `(use FailureType.${node.text})`);
    else if (
      (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
      TYPE_ARGUMENT[calleeName(node) ?? ''] !== undefined
    ) {
      const argument = node.arguments?.[TYPE_ARGUMENT[calleeName(node)!]!];
      if (argument && ts.isStringLiteralLike(argument) && !isFailureType(argument.text))
        report(argument, '(a failure type missing from the catalogue)');
    } else if (
      ts.isPropertyAssignment(node) &&
      (node.name.getText(source) === 'type'
        ? hasMessage(node.parent)
        : node.name.getText(source) === 'code' && inApiError(node))
    ) {
      const value = node.initializer;
      if (ts.isStringLiteralLike(value) && SCREAMING.test(value.text) && !isFailureType(value.text))
        report(value, '(a failure type missing from the catalogue)');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the catalogue of failure types', () => {
  it('has one naming scheme and a one-line meaning for each type', () => {
    for (const [type, { meaning }] of Object.entries(FAILURE_TYPES)) {
      expect(type).toMatch(SCREAMING);
      expect(meaning, type).toMatch(/^[A-Z`].*\.$/);
      expect(meaning, type).not.toContain('\n');
    }
    expect(FailureType.UNKNOWN_NAME).toBe('UNKNOWN_NAME');
    expect(Object.keys(FailureType)).toEqual(Object.keys(FAILURE_TYPES));
  });

  it('is where every failure type of the code is written', () => {
    const written = sources().flatMap(({ file, text }) => writtenTypes(file, text));
    expect(written, 'write failure types as FailureType.X, and add new ones to definitions/failure-types.ts').toEqual(
      [],
    );
  });

  it('finds a failure type written outside it', () => {
    const probe = [
      "throw ApplicationFailure.nonRetryable('no', 'UNKNOWN_NAME');",
      "throw stepError('no', 'NOT_IN_THE_CATALOGUE');",
      "throw new StepFailed(step.id, 'APPROVAL_LOST', 'no', undefined);",
      "throw ApplicationFailure.create({ type: 'SOMETHING_NEW', message: 'no' });",
      "throw new ApiError('no', { code: 'NEW_CLIENT_CODE', endpoint, retryable: false });",
      "const pass = { code: 'VIP', name: 'VIP', type: 'GUEST_PASS' };",
      "throw ApplicationFailure.nonRetryable('no', FailureType.UNKNOWN_NAME);",
    ].join('\n');
    expect(writtenTypes('activities/probe.ts', probe)).toEqual([
      "activities/probe.ts:1: 'UNKNOWN_NAME' (use FailureType.UNKNOWN_NAME)",
      "activities/probe.ts:2: 'NOT_IN_THE_CATALOGUE' (a failure type missing from the catalogue)",
      "activities/probe.ts:3: 'APPROVAL_LOST' (a failure type missing from the catalogue)",
      "activities/probe.ts:4: 'SOMETHING_NEW' (a failure type missing from the catalogue)",
      "activities/probe.ts:5: 'NEW_CLIENT_CODE' (a failure type missing from the catalogue)",
    ]);
  });
});
