/** Actions on lookups. */
import type { ActionModule } from '../action.ts';

export const lookupActions: ActionModule = { actions: {}, undo: {} };
