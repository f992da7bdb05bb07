/**
 * Type checks of expressions with CEL's checker, reported only where the expression would fail
 * when it runs. Two checks: with every name `dyn`, as evaluation itself checks before it runs
 * (so each of its errors is certain: `"x" + 1`, an unknown function); then with the types of
 * `cel-types.ts`, whose errors count only where evaluation is as strict as the checker. It is
 * not for `==` across types, a choice between different types, or reading a map type as a
 * map (`size()`, `in`): evaluation sees plain values there and lets them through.
 */
import type { Environment, TypeCheckResult } from '@marcbachmann/cel-js';
import { checkingEnvironment } from './cel-environment.ts';
import { a, describe, TYPE_PREFIX } from './type-messages.ts';

/** A type mistake: what and how to fix it, at offsets inside the expression. */
export interface TypeProblem {
  message: string;
  hint?: string;
  start: number;
  end: number;
}

/** Every name `dyn`: what evaluation checks before it runs. */
const untyped = checkingEnvironment();
const untypedResults = new Map<string, TypeCheckResult>();
const UNTYPED_LIMIT = 20_000;

/** Checks of expressions by environment and text: playbooks repeat the same few. */
export class TypeChecks {
  private readonly results = new WeakMap<Environment, Map<string, TypeCheckResult>>();

  /** @param fields field names of the map types, for "did you mean" */
  constructor(private readonly fields: ReadonlyMap<string, readonly string[]>) {}

  /** The first type mistake of `expression` (bare CEL) checked in `env`, if any. */
  problem(expression: string, env: Environment | undefined): TypeProblem | undefined {
    const loose = untypedCheck(expression);
    if (!loose.valid)
      return loose.error?.name === 'TypeError'
        ? describe({ result: loose, text: expression, fields: this.fields }, true)
        : undefined;
    if (!env) return undefined;
    const typed = this.check(expression, env);
    return typed.valid ? undefined : describe({ result: typed, text: expression, fields: this.fields }, false);
  }

  /** The type CEL gives `expression` in `env` (`dyn` when it cannot tell). */
  typeOf(expression: string, env: Environment | undefined): string {
    if (!env || !untypedCheck(expression).valid) return 'dyn';
    const result = this.check(expression, env);
    return result.valid ? (result.type ?? 'dyn') : 'dyn';
  }

  private check(expression: string, env: Environment): TypeCheckResult {
    let known = this.results.get(env);
    if (!known) this.results.set(env, (known = new Map()));
    let result = known.get(expression);
    if (!result) known.set(expression, (result = safeCheck(env, expression)));
    return result;
  }
}

/** What a whole expression must give: a list (`forEach`), true or false (`if`). */
export type Expected = 'list' | 'bool';

/**
 * The mistake of an expression of type `type` where `expected` is needed, if it is one for
 * sure: `dyn` and optional values may turn out right.
 */
export function kindProblem(expression: string, type: string, expected: Expected): TypeProblem | undefined {
  const kind = /^(\w+)/.exec(type)?.[1] ?? 'dyn';
  if (kind === 'dyn' || kind === 'optional' || kind === expected) return undefined;
  const at = { start: 0, end: expression.length };
  const shown = expression.trim();
  if (expected === 'bool') {
    const wrong = type.startsWith('list') || type.startsWith('map') || type.startsWith(TYPE_PREFIX);
    return {
      message: `"if" needs true or false, but ${shown} is ${a(type)}`,
      hint: wrong
        ? `test it, e.g. size(${shown}) > 0`
        : `compare it, e.g. ${shown} ${type === 'string' ? '!= ""' : '> 0'}`,
      ...at,
    };
  }
  const input = /^inputs\.(\w+)$/.exec(shown)?.[1];
  return {
    message: `"forEach" needs a list, but ${shown} is ${a(type)}`,
    hint: input
      ? `declare input "${input}" with "type: list" (and "items:" for its elements)`
      : type === 'string'
        ? `split the text into a list, e.g. ${shown}.split(",")`
        : 'give a list, e.g. [x]',
    ...at,
  };
}

function untypedCheck(expression: string): TypeCheckResult {
  let result = untypedResults.get(expression);
  if (!result) {
    if (untypedResults.size >= UNTYPED_LIMIT) untypedResults.clear();
    untypedResults.set(expression, (result = safeCheck(untyped, expression)));
  }
  return result;
}

/** The checker's verdict; a failure of the checker itself lets the expression through. */
function safeCheck(env: Environment, expression: string): TypeCheckResult {
  try {
    return env.check(expression);
  } catch {
    return { valid: true, type: 'dyn' };
  }
}
