/**
 * One-line activity summaries shown in the Temporal Web UI, e.g. "rooms: assign Room 412 to
 * J. Doe". Built from the step's evaluated arguments; guest names never appear.
 */
import type { JsonValue, PlanStep } from '../definitions/plan-types.ts';
import type { StepCall } from '../activities/types.ts';

type Args = Record<string, JsonValue | undefined>;

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** "Jane Doe" or "jane.doe@x" -> "J. Doe" / "jane.doe": enough to find the row, no more. */
function person(value: JsonValue | undefined): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  if (raw.includes('@')) return raw.split('@')[0];
  const parts = raw.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]?.[0] ?? ''}. ${parts.slice(1).join(' ')}` : raw;
}

const byAction: Record<string, (args: Args) => string | undefined> = {
  'tour.create': (a) => `create tour ${text(a.name) ?? ''}`.trim(),
  'room.assign': (a) => {
    const who = Array.isArray(a.people) ? a.people.map(person).filter(Boolean).join(', ') : person(a.person ?? a.email);
    const room = text(a.roomNumber) ? `Room ${text(a.roomNumber)}` : 'a room';
    return `assign ${room}${who ? ` to ${who}` : ''}`;
  },
  'guests.setStatus': (a) => `set guest status to ${text(a.status) ?? '?'}`,
  'guest.create': (a) => `add a guest entry on ${text(a.day) ?? text(a.date) ?? 'a day'}`,
  'guest.update': () => 'update a guest entry',
  'daySheet.render': (a) => `render day sheets ${text(a.date) ?? text(a.from) ?? ''}`.trim(),
  'schedule.template.apply': (a) =>
    `apply template ${text(a.template) ?? ''} to ${text(a.date) ?? text(a.day) ?? 'a day'}`,
};

const labelFields = ['name', 'title', 'templateName', 'template', 'email', 'date', 'city'] as const;

/** The summary of one call: "<step>: <what>". */
export function summarize(step: PlanStep, call: StepCall): string {
  const args = (call.args && typeof call.args === 'object' && !Array.isArray(call.args) ? call.args : {}) as Args;
  const specific = byAction[step.action]?.(args);
  if (specific) return `${step.id}: ${specific}`;
  const label = labelFields.map((field) => (field === 'email' ? person(args[field]) : text(args[field]))).find(Boolean);
  const verb = step.action.replace(/\./g, ' ');
  return `${step.id}: ${verb}${label ? ` ${label}` : ''}${call.itemKey !== null && !label ? ` #${call.itemKey.slice(0, 8)}` : ''}`;
}
