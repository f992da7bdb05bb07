/** Actions on schedule. */
import type { ActionModule } from '../action.ts';

export const scheduleActions: ActionModule = { actions: {}, undo: {} };
