/** Actions on stays. */
import type { ActionModule } from '../action.ts';

export const stayActions: ActionModule = { actions: {}, undo: {} };
