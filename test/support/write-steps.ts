/** The write calls a compiled plan makes, from the action catalogue, for fault injection. */
import { catalogue } from '../../definitions/index.ts';
import type { Plan } from '../../definitions/plan-types.ts';

export interface WriteCall {
  /** Step path, child playbooks included: `templates/apply`. */
  step: string;
  method: string;
  /** Anchored regular expression of the path. */
  path: string;
}

function toRule(call: string): { method: string; path: string } {
  const [method, template] = call.split(' ') as [string, string];
  return { method, path: `^${template.split('?')[0]!.replace(/\{[^}]+\}/g, '[^/]+')}$` };
}

/** Every write call of every write step, child playbooks included, in plan order. */
export function writeCalls(plan: Plan, prefix = ''): WriteCall[] {
  return plan.steps.flatMap((step): WriteCall[] => {
    if (step.plan) return writeCalls(step.plan, `${prefix}${step.id}/`);
    if (step.kind === 'read' || step.kind === 'control') return [];
    const calls = catalogue.get(step.action)?.calls.filter((c) => !c.startsWith('GET ')) ?? [];
    return calls.map((call) => ({ step: `${prefix}${step.id}`, ...toRule(call) }));
  });
}

/** The first write call of each step, one per distinct endpoint. */
export function firstWriteCalls(plan: Plan): WriteCall[] {
  const seenSteps = new Set<string>();
  const seenEndpoints = new Set<string>();
  return writeCalls(plan).filter((call) => {
    const endpoint = `${call.method} ${call.path}`;
    if (seenSteps.has(call.step) || seenEndpoints.has(endpoint)) return false;
    seenSteps.add(call.step);
    seenEndpoints.add(endpoint);
    return true;
  });
}

/** Every distinct write endpoint the plan may call. */
export function distinctWriteEndpoints(plan: Plan): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const call of writeCalls(plan))
    seen.set(`${call.method} ${call.path}`, { method: call.method, path: call.path });
  return [...seen.values()];
}
