/** Actions on bulletins. */
import type { ActionModule } from '../action.ts';

export const bulletinActions: ActionModule = { actions: {}, undo: {} };
