/** The compiled plan as text: what `tourflow plan` prints. */
import { findAction } from '../definitions/index.ts';
import type { JsonObject, JsonValue, Plan, PlanStep } from '../definitions/plan-types.ts';
import { plural } from '../activities/actions/plural.ts';

/** The plan as text: a header, then each parallel group with its steps. */
export function describePlan(plan: Plan, inputs: JsonObject, indent = ''): string[] {
  const lines = [`${indent}playbook ${plan.name}${plan.description ? `: ${plan.description}` : ''}`];
  const given = Object.entries(inputs);
  if (given.length > 0) lines.push(`${indent}inputs: ${given.map(([name, value]) => `${name}=${short(value)}`).join(', ')}`);
  if (!plan.rollback) lines.push(`${indent}rollback: off (completed steps stay when the run fails)`);
  const byId = new Map(plan.steps.map((step) => [step.id, step]));
  plan.groups.forEach((group, index) => {
    const parallel = group.length > 1 ? ` (in parallel: ${group.join(', ')})` : '';
    lines.push(`${indent}group ${index + 1}${parallel}`);
    for (const id of group) {
      const step = byId.get(id);
      if (step) lines.push(...describeStep(step, `${indent}  `));
    }
  });
  if (indent === '') lines.push(...destructiveSummary(plan));
  return lines;
}

/** Every step, those of child playbooks too (`parent/child` IDs). */
function allSteps(plan: Plan, prefix = ''): Array<{ id: string; step: PlanStep }> {
  return plan.steps.flatMap((step) => [{ id: `${prefix}${step.id}`, step }, ...(step.plan ? allSteps(step.plan, `${prefix}${step.id}/`) : [])]);
}

/**
 * The steps that delete or destroy, at the end of the plan: what each destroys, and whether a
 * rollback can bring it back.
 */
function destructiveSummary(plan: Plan): string[] {
  const lines = allSteps(plan).flatMap(({ id, step }) => {
    const action = findAction(step.action);
    if (!step.destroys && action?.kind !== 'delete') return [];
    if (step.destroys || !step.compensation) return [`  ${id}  ${step.action}: cannot be undone: ${step.destroys ?? action?.description ?? ''}`];
    return [`  ${id}  ${step.action}: ${(action?.description ?? '').replace(/\.$/, '')}; undone on rollback: ${step.compensation}`];
  });
  return lines.length > 0 ? ['deletes and destroys:', ...lines] : [];
}

function describeStep(step: PlanStep, indent: string): string[] {
  const detail = `${indent}    `;
  const lines = [`${indent}${step.id}  ${step.action}${step.needs.length ? `  (after ${step.needs.join(', ')})` : ''}`];
  if (step.destroys) lines.push(`${detail}! destroys data (allowDestroy): ${step.destroys}`);
  if (step.if) lines.push(`${detail}if: ${step.if}`);
  if (step.forEach) {
    const key = step.forEach.key ? `, key ${step.forEach.key}` : '';
    lines.push(`${detail}forEach: ${step.forEach.items} as ${step.forEach.as}, ${step.forEach.concurrency} at once${key}`);
  }
  const calls = findAction(step.action)?.calls ?? [];
  if (calls.length > 0) lines.push(`${detail}calls: ${calls.join(', ')}`);
  if (step.approvalTimeout) lines.push(`${detail}waits for: tourflow approve RUN ${step.id} (up to ${step.approvalTimeout})`);
  if (step.onFailure === 'continue') lines.push(`${detail}on failure: continue`);
  lines.push(`${detail}undo: ${step.compensation ?? (step.destroys ? 'none: this step cannot be undone' : 'nothing to undo')}`);
  if (step.plan) lines.push(...describePlan(step.plan, {}, `${detail}| `));
  return lines;
}

function short(value: JsonValue): string {
  if (Array.isArray(value)) return `[${plural(value.length, 'item')}]`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
