/** Actions on templates. */
import type { ActionModule } from '../action.ts';

export const templateActions: ActionModule = { actions: {}, undo: {} };
