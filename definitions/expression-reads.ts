/**
 * What an expression reads: the steps, inputs and scope names it refers to, for compile-time
 * checks and for handing CEL only the parts of the scope it needs. Workflow-safe (bundled with
 * `expressions.ts`).
 */
import { parseExpression } from './cel-environment.ts';
import { collectRefs, type ExpressionRef } from './expression-ast.ts';
import { TextCache } from './text-cache.ts';
import { unwrapExpression } from './templates.ts';

/** The names an expression reads. */
export interface ExpressionReferences {
  steps: { id: string; output?: string }[];
  inputs: string[];
  refs: ExpressionRef[];
}

/** Every name an expression reads, for compile-time checks. Throws `ExpressionError` on bad syntax. */
export function referencesOf(expression: string): ExpressionReferences {
  let known = references.get(expression);
  if (!known) references.set(expression, (known = findReferences(expression)));
  return known;
}

// playbooks repeat the same few expressions thousands of times
const references = new TextCache<ExpressionReferences>();

function findReferences(expression: string): ExpressionReferences {
  const refs = collectRefs(parseExpression(unwrapExpression(expression)).ast);
  const steps: ExpressionReferences['steps'] = [];
  const inputs: string[] = [];
  for (const ref of refs) {
    const [first, second, third] = ref.path;
    if (ref.root === 'steps' && first !== undefined) {
      steps.push(second === 'outputs' && third !== undefined ? { id: first, output: third } : { id: first });
    } else if (ref.root === 'inputs' && first !== undefined) inputs.push(first);
  }
  return { steps, inputs, refs };
}

/**
 * What an expression reads of a value: all of it (`true`), or only some fields, each with what
 * it reads of that field. `inputs.days[0].date + inputs.name` reads `days` and `name` of
 * `inputs`, not its 5,000 guests; `size(inputs)` or `inputs[key]` reads all of `inputs`.
 */
export type Need = true | Map<string, Need>;

/** The scope's names an expression reads, each a field of the scope with what is read of it. */
export function needsOf(expression: string): Map<string, Need> {
  let known = needs.get(expression);
  if (!known) needs.set(expression, (known = findNeeds(expression)));
  return known;
}

const needs = new TextCache<Map<string, Need>>();

function findNeeds(expression: string): Map<string, Need> {
  const roots = new Map<string, Need>();
  for (const { root, path } of referencesOf(expression).refs) addNeed(roots, [root, ...path]);
  return roots;
}

/** Records that `fields` is read along `path`: all of its last field, or all of a field already read whole. */
function addNeed(fields: Map<string, Need>, [key, ...rest]: readonly string[]): void {
  if (key === undefined) return;
  const inner = fields.get(key);
  if (inner === true) return;
  if (rest.length === 0) {
    fields.set(key, true);
    return;
  }
  const next = inner ?? new Map<string, Need>();
  fields.set(key, next);
  addNeed(next, rest);
}
