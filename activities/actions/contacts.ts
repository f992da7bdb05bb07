/** Actions on contacts. */
import type { ActionModule } from '../action.ts';

export const contactActions: ActionModule = { actions: {}, undo: {} };
