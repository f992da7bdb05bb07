/**
 * The catalogue contract: what every action declares so that the compiler can check a step,
 * `tourflow plan` can explain it and the activities can run it.
 */
import type { z } from 'zod';
import { ActionKind, type JsonObject } from '../plan-types.ts';

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
  /** Output field -> description; `steps.<id>.outputs.<field>` is checked against these. */
  outputs: Record<string, string>;
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
   * The Temporal activity that implements it: the action name in camelCase. Control actions
   * (kind `control`) are run by the workflow itself and have no activity of that name.
   */
  activity: string;
}

/** Declares an action, keeping the exact type of its argument schema. */
export function defineAction<Args extends z.ZodType>(definition: ActionDefinition<Args>): ActionDefinition<Args> {
  return definition;
}
