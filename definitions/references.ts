/**
 * Compile-time checks of the expressions in a playbook: syntax, every name they read (inputs,
 * steps and their outputs, `item`, `index`, `result`, `run`: `reference-names.ts`) and, once
 * the names are right, their types (`cel-types.ts`). Returns the steps each expression reads,
 * which become dependencies.
 */
import type { TypedStep, TypeScope } from './cel-types.ts';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { CEL_RESERVED_WORDS } from './cel-environment.ts';
import { ExpressionError, isTemplate, referencesOf, scanTemplates, type ExpressionRef } from './expressions.ts';
import { checkRef } from './reference-names.ts';
import type { PlaybookSource, ValuePath } from './source.ts';
import type { Expected } from './type-check.ts';

/** What the checker knows about a step: its outputs' names (`outputs`) and types. */
export interface StepFacts extends TypedStep {
  id: string;
}

/** The names in scope where an expression is written. */
export interface ExpressionPlace {
  /** The step the expression belongs to (it may not read its own outputs). */
  step?: string;
  /** The `forEach.as` name, when the element is in scope. */
  item?: string;
  /** `result` is in scope (a step's `outputs`). */
  result?: boolean;
  /** Why the element is not in scope here, when a forEach step has one elsewhere. */
  itemNote?: string;
  /** The element's CEL type, when known. */
  itemType?: string;
  /** What the whole expression must give (`forEach` items, `if`). */
  expect?: Expected;
}

export interface ReferenceContext {
  source: PlaybookSource;
  steps: ReadonlyMap<string, StepFacts>;
  inputs: readonly string[];
  errors: PlaybookError[];
  /** The types of the names; without it, expressions are not type-checked. */
  types?: TypeScope;
  /** The playbook has triggers: expressions may read `event` (`trigger-types.ts`). */
  event?: boolean;
}

/**
 * Checks every template in `value` (at `path` in the document) and returns the IDs of the
 * steps they read. With `bare`, a string without `${{ }}` is one whole expression.
 */
export function checkExpressions(
  value: unknown,
  path: ValuePath,
  place: ExpressionPlace,
  context: ReferenceContext,
  bare = false,
): Set<string> {
  const used = new Set<string>();
  visit(value, [...path], bare, (text, at) => {
    for (const part of parts(text, at, bare, context)) {
      let refs: ExpressionRef[];
      try {
        refs = referencesOf(part.expression).refs;
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        report(
          context,
          PlaybookErrorCode.expressionSyntax,
          `expression: ${error.message}`,
          at,
          part,
          error.start,
          error.end - error.start,
          reservedWordHint(part.expression),
        );
        continue;
      }
      const before = context.errors.length;
      for (const ref of refs)
        checkRef(ref, place, context, used, (code, message, hint) =>
          report(context, code, message, at, part, ref.start, ref.end - ref.start, hint),
        );
      // a wrong name is wrong enough: its type would only say it again
      if (context.errors.length === before) checkTypes(part, place, context, at);
    }
  });
  return used;
}

interface Part {
  expression: string;
  /** The expression is the whole value (not text around `${{ }}`). */
  whole: boolean;
  /** The text to find in the source, and where the expression starts inside it. */
  needle: string;
  offset: number;
}

function parts(text: string, at: ValuePath, bare: boolean, context: ReferenceContext): Part[] {
  if (!isTemplate(text)) return bare ? [{ expression: text.trim(), whole: true, needle: text.trim(), offset: 0 }] : [];
  try {
    return scanTemplates(text).map((part, _, all) => ({
      expression: part.expression,
      whole: all.length === 1 && text.slice(0, part.start).trim() === '' && text.slice(part.end).trim() === '',
      needle: text.slice(part.start, part.end),
      offset: part.expressionStart - part.start,
    }));
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    const open = text.lastIndexOf('${{');
    report(
      context,
      PlaybookErrorCode.expressionSyntax,
      error.message,
      at,
      { expression: '', whole: false, needle: text.slice(open), offset: 0 },
      0,
      3,
    );
    return [];
  }
}

/**
 * Calls `onString` for every string holding a template (every string, with `all`), with its
 * path. The path array is reused while walking and copied only for the strings reported.
 */
function visit(
  value: unknown,
  path: (string | number)[],
  all: boolean,
  onString: (text: string, path: ValuePath) => void,
): void {
  if (typeof value === 'string') {
    if (all || isTemplate(value)) onString(value, [...path]);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      path.push(i);
      visit(item, path, all, onString);
      path.pop();
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      path.push(key);
      visit(inner, path, all, onString);
      path.pop();
    }
  }
}

/** The expression's type mistake, if the checker finds one evaluation would fail on. */
function checkTypes(part: Part, place: ExpressionPlace, context: ReferenceContext, at: ValuePath): void {
  const problem = context.types?.problem(part.expression, place, part.whole ? place.expect : undefined);
  if (problem)
    report(
      context,
      PlaybookErrorCode.expressionType,
      problem.message,
      at,
      part,
      problem.start,
      problem.end - problem.start,
      problem.hint,
    );
}

/** A hint for a field named by a reserved word (`item.in`): write it with brackets. */
function reservedWordHint(expression: string): string | undefined {
  const match = new RegExp(
    `([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*)\\.(${[...CEL_RESERVED_WORDS].join('|')})\\b`,
  ).exec(expression);
  if (!match) return undefined;
  return `"${match[2]}" is a reserved word in expressions; write the field as ${match[1]}["${match[2]}"]`;
}

function report(
  context: ReferenceContext,
  code: PlaybookErrorCode,
  message: string,
  at: ValuePath,
  part: Part,
  start: number,
  length: number,
  hint?: string,
): void {
  const spot = context.source.placeIn(at, part.needle, part.offset + start, Math.max(1, length));
  context.errors.push(new PlaybookError(code, message, { file: context.source.file, ...spot, hint }));
}
