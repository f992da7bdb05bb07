/**
 * Steps of a playbook with triggers read the event as `event.*`; the interpreter's scope has
 * `inputs`, `steps` and `run`, and the watcher hands the event to a run as its `event` input.
 * So the compiled plan reads `inputs.event` where the playbook says `event`: each reference is
 * rewritten where the syntax tree puts it (a name bound by a macro, `list.map(event, ...)`, is
 * left alone).
 */
import { isTemplate, referencesOf, scanTemplates, unwrapExpression } from './expressions.ts';
import type { Plan, PlanStep, Template } from './plan-types.ts';
import { EVENT_INPUT } from './trigger-types.ts';

/** The bare expression with every `event` read from the run's `event` input. */
export function rewriteExpression(expression: string): string {
  const text = unwrapExpression(expression);
  const starts = referencesOf(text)
    .refs.filter((ref) => ref.root === EVENT_INPUT)
    .map((ref) => ref.start);
  if (starts.length === 0) return expression;
  let out = text;
  for (const start of starts.sort((a, b) => b - a)) out = `${out.slice(0, start)}inputs.${out.slice(start)}`;
  return out;
}

/** The template with every `${{ }}` part rewritten; text outside them stays as it is. */
export function rewriteTemplate(value: Template): Template {
  if (typeof value === 'string') {
    if (!isTemplate(value)) return value;
    let out = '';
    let at = 0;
    for (const part of scanTemplates(value)) {
      out += `${value.slice(at, part.start)}\${{ ${rewriteExpression(part.expression)} }}`;
      at = part.end;
    }
    return out + value.slice(at);
  }
  if (Array.isArray(value)) return value.map(rewriteTemplate);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewriteTemplate(inner)]));
  return value;
}

function rewriteStep(step: PlanStep): PlanStep {
  const outputs = Object.fromEntries(
    Object.entries(step.outputs).map(([name, expression]) => [name, rewriteExpression(expression)]),
  );
  return {
    ...step,
    args: rewriteTemplate(step.args),
    ...(step.if ? { if: rewriteExpression(step.if) } : {}),
    ...(step.forEach
      ? {
          forEach: {
            ...step.forEach,
            items: rewriteExpression(step.forEach.items),
            ...(step.forEach.key ? { key: rewriteExpression(step.forEach.key) } : {}),
            ...(step.forEach.if ? { if: rewriteExpression(step.forEach.if) } : {}),
          },
        }
      : {}),
    outputs,
  };
}

/** The plan's steps and outputs reading `inputs.event` for `event`. */
export function readEventFromInput(plan: Pick<Plan, 'steps' | 'outputs'>): Pick<Plan, 'steps' | 'outputs'> {
  return {
    steps: plan.steps.map(rewriteStep),
    outputs: Object.fromEntries(Object.entries(plan.outputs).map(([name, value]) => [name, rewriteTemplate(value)])),
  };
}
