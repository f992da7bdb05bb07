/** Actions on rooms. */
import type { ActionModule } from '../action.ts';

export const roomActions: ActionModule = { actions: {}, undo: {} };
