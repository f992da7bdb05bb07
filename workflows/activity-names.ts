/**
 * Activity type names: pure functions shared by the workflow (which calls activities by
 * name) and the worker (which registers them). No imports: safe on both sides.
 */

/** `tour.create` -> `tourCreate`: the activity type implementing a catalogue action. */
export function activityName(action: string): string {
  return action.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
}

/** `tourDelete` -> `undoTourDelete`: undo activities live apart from the actions' names. */
export function undoActivityName(name: string): string {
  return `undo${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** `guest.create` -> `guestCreateBatch`: the activity type running many calls of the action. */
export function batchActivityName(action: string): string {
  return `${activityName(action)}Batch`;
}
