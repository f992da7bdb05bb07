/** Actions on day sheets. */
import type { ActionModule } from '../action.ts';

export const daySheetActions: ActionModule = { actions: {}, undo: {} };
