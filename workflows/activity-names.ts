/**
 * Activity type names: pure functions shared by the workflow (which calls activities by
 * name) and the worker (which registers them), each with the type of the name it makes, so that
 * the registry and the workflow's calls are typed by name. No imports: safe on both sides.
 */

/** `schedule.item.create` -> `scheduleItemCreate`, as a type. */
export type ActivityNameOf<Action extends string> = Action extends `${infer Head}.${infer First}${infer Rest}`
  ? ActivityNameOf<`${Head}${Uppercase<First>}${Rest}`>
  : Action;

/** `guest.create` -> `guestCreateBatch`, as a type. */
export type BatchActivityNameOf<Action extends string> = `${ActivityNameOf<Action>}Batch`;

/** `tourDelete` -> `undoTourDelete`, as a type. */
export type UndoActivityNameOf<Name extends string> = `undo${Capitalize<Name>}`;

/** `tour.create` -> `tourCreate`: the activity type implementing a catalogue action. */
export function activityName<Action extends string>(action: Action): ActivityNameOf<Action> {
  // the string the type above spells out: a replace is not typed by its result
  return action.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()) as ActivityNameOf<Action>;
}

/** `tourDelete` -> `undoTourDelete`: undo activities live apart from the actions' names. */
export function undoActivityName<Name extends string>(name: Name): UndoActivityNameOf<Name> {
  return `undo${name.charAt(0).toUpperCase()}${name.slice(1)}` as UndoActivityNameOf<Name>;
}

/** `guest.create` -> `guestCreateBatch`: the activity type running many calls of the action. */
export function batchActivityName<Action extends string>(action: Action): BatchActivityNameOf<Action> {
  return `${activityName(action)}Batch`;
}
