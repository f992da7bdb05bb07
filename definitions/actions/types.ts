/**
 * The catalogue contract: what every action declares so that the compiler can check a step,
 * `tourflow plan` can explain it and the activities can run it.
 */
import type { z } from 'zod';
import { ActionKind, type JsonObject } from '../plan-types.ts';
import type { OutputSchema } from './outputs.ts';

export { ActionKind };

export interface Compensation {
  /** What undoing the action does, in words. */
  describe: string;
  /** The API calls the undo makes. */
  calls: string[];
}

export interface ActionDefinition<Args extends z.ZodType = z.ZodType> {
  /** `resource.verb`, e.g. `tour.create`. */
  name: string;
  description: string;
  /** Arguments in the playbook's vocabulary; activities `parse` the evaluated `with:` by it. */
  args: Args;
  /**
   * What the action returns (`outputs.ts`): `steps.<id>.outputs.<field>` is checked against the
   * fields, and expressions reading them against their types.
   */
  outputs: OutputSchema;
  /** The API calls the action makes, `METHOD /v1/path`. */
  calls: string[];
  kind: ActionKind;
  /** How the action is undone; null when there is nothing to undo. */
  compensation: Compensation | null;
  /**
   * Why a step with these arguments destroys data beyond undo, or null. Called at compile time
   * with the literal arguments; where they hold `${{ }}` expressions it decides conservatively.
   */
  destructive?: (args: JsonObject) => string | null;
  /**
   * A read that runs as a plain activity, not a local one: it takes long or saves files on the
   * worker, so it heartbeats and, after a worker crash, is retried on another worker without
   * holding up the workflow task. @default false: reads run as local activities (quick, and a
   * retry is harmless)
   */
  plainActivity?: boolean;
  /**
   * The Temporal activity that implements it: the action name in camelCase. Control actions
   * (kind `control`) are run by the workflow itself and have no activity of that name.
   */
  activity: string;
}

/**
 * Declares an action, keeping the exact type of its argument schema. The activity name is the
 * action name in camelCase (`schedule.item.create` -> `scheduleItemCreate`).
 */
export function defineAction<Args extends z.ZodType>(
  definition: Omit<ActionDefinition<Args>, 'activity'>,
): ActionDefinition<Args> {
  return { ...definition, activity: activityName(definition.name) };
}

/** `schedule.template.undoApply` -> `scheduleTemplateUndoApply` */
export function activityName(action: string): string {
  return action.replace(/\.(\w)/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * A `destructive` check for an optional list argument (`removeDays`, `removeAttachments`):
 * the step destroys data when the list is non-empty, or when it is computed at run time.
 */
export function destroysWhenListed(
  field: string,
  reason: (which: string) => string,
): (args: JsonObject) => string | null {
  return (args) => {
    const list = args[field];
    if (list === undefined || (Array.isArray(list) && list.length === 0)) return null;
    const literal = Array.isArray(list) && !JSON.stringify(list).includes('${{');
    // a day by date and name reads `2026-12-02 Roskilde Festival`
    const shown = (item: unknown) =>
      item !== null && typeof item === 'object' ? Object.values(item).join(' ') : String(item);
    return reason(literal ? ` ${list.map(shown).join(', ')}` : ' (chosen at run time)');
  };
}
