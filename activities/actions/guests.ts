/** Actions on guests. */
import type { ActionModule } from '../action.ts';

export const guestActions: ActionModule = { actions: {}, undo: {} };
