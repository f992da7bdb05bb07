/** Actions on tags. */
import type { ActionModule } from '../action.ts';

export const tagActions: ActionModule = { actions: {}, undo: {} };
