/** The compiled plan as text: what `tourflow plan` prints. */
import { findAction } from '../definitions/index.ts';
import type { JsonObject, JsonValue, Plan, PlanStep } from '../definitions/plan-types.ts';
import { plural } from '../definitions/plural.ts';

/** The plan as text: a header, then each parallel group with its steps. */
export function describePlan(plan: Plan, inputs: JsonObject, indent = ''): string[] {
  const lines = [`${indent}playbook ${plan.name}${plan.description ? `: ${plan.description}` : ''}`];
  const given = Object.entries(inputs);
  if (given.length > 0)
    lines.push(`${indent}inputs: ${given.map(([name, value]) => `${name}=${short(value)}`).join(', ')}`);
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
  return plan.steps.flatMap((step) => [
    { id: `${prefix}${step.id}`, step },
    ...(step.plan ? allSteps(step.plan, `${prefix}${step.id}/`) : []),
  ]);
}

/**
 * The steps that delete or destroy, at the end of the plan: what each destroys, and whether a
 * rollback can bring it back.
 */
function destructiveSummary(plan: Plan): string[] {
  const lines = allSteps(plan).flatMap(({ id, step }) => {
    const action = findAction(step.action);
    if (!step.destroys && action?.kind !== 'delete') return [];
    if (step.destroys || !step.compensation)
      return [`  ${id}  ${step.action}: cannot be undone: ${step.destroys ?? action?.description ?? ''}`];
    return [
      `  ${id}  ${step.action}: ${(action?.description ?? '').replace(/\.$/, '')}; undone on rollback: ${step.compensation}`,
    ];
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
    lines.push(
      `${detail}forEach: ${step.forEach.items} as ${step.forEach.as}, ${step.forEach.concurrency} at once${key}`,
    );
  }
  if (step.action === 'set' && step.kind === 'control') {
    lines.push(
      `${detail}values: ${Object.keys(step.args as JsonObject).join(', ')} (computed in the run: no API call)`,
    );
    return lines;
  }
  const calls = findAction(step.action)?.calls ?? [];
  if (calls.length > 0) lines.push(`${detail}calls: ${calls.join(', ')}`);
  if (step.approvalTimeout)
    lines.push(`${detail}waits for: tourflow approve RUN ${step.id} (up to ${step.approvalTimeout})`);
  if (step.onFailure === 'continue') lines.push(`${detail}on failure: continue`);
  lines.push(
    `${detail}undo: ${step.compensation ?? (step.destroys ? 'none: this step cannot be undone' : 'nothing to undo')}`,
  );
  const shared = sharedDateNote(step);
  if (shared) lines.push(`${detail}note: ${shared}`);
  if (step.plan) lines.push(...describePlan(step.plan, {}, `${detail}| `));
  return lines;
}

const BY_DATE_FAILS = 'a step that gives one of them by its date alone fails (give { date, name } or its ID)';

/**
 * What a step that adds or moves days means for steps that give a day by its date. The plan
 * reads no tour, so it knows only the playbook's own dates: days of a new tour that share one,
 * or the dates a `tour.update` adds days on, which may be a date the tour has already.
 */
function sharedDateNote(step: PlanStep): string | undefined {
  const args = step.args;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  if (step.action === 'tour.create') {
    const dates = datesIn(args.days);
    const twice = [...new Set(dates.filter((date, index) => dates.indexOf(date) !== index))];
    return twice.length > 0 ? `${twice.join(', ')}: several days on one date; ${BY_DATE_FAILS}` : undefined;
  }
  if (step.action !== 'tour.update' || (args.addDays === undefined && !movesDays(args.updateDays))) return undefined;
  const dates = [...new Set([...datesIn(args.addDays), ...datesIn(args.updateDays)])];
  const onto = dates.length > 0 ? ` onto ${dates.join(', ')}` : '';
  return `adds or moves days${onto}; on a date the tour has a day already, the days share it: the run warns, and ${BY_DATE_FAILS}`;
}

/** The `date` fields of a literal list of days. */
function datesIn(list: JsonValue | undefined): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) =>
    entry && typeof entry === 'object' && !Array.isArray(entry) && typeof entry.date === 'string' ? [entry.date] : [],
  );
}

/** Whether `updateDays` may give a day a new date: a literal entry with `date`, or an expression. */
function movesDays(list: JsonValue | undefined): boolean {
  if (list === undefined) return false;
  return (
    !Array.isArray(list) ||
    list.some(
      (entry) =>
        typeof entry === 'string' ||
        (entry !== null && typeof entry === 'object' && !Array.isArray(entry) && entry.date !== undefined),
    )
  );
}

function short(value: JsonValue): string {
  if (Array.isArray(value)) return `[${plural(value.length, 'item')}]`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
