/** The action catalogue: every action a playbook step can name, by name. */
import type { ActionDefinition } from './types.ts';
import { approval, playbookRun } from './control.ts';
import { tourCreate } from './tours.ts';

export { ActionKind, defineAction, type ActionDefinition, type Compensation } from './types.ts';
export * from './control.ts';
export * from './tours.ts';

const all: ActionDefinition[] = [tourCreate, approval, playbookRun];

/** Actions by name. */
export const catalogue: ReadonlyMap<string, ActionDefinition> = new Map(all.map((action) => [action.name, action]));

/** The action with this name, if any. */
export function findAction(name: string): ActionDefinition | undefined {
  return catalogue.get(name);
}
