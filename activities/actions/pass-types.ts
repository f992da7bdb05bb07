/** Actions on pass types. */
import type { ActionModule } from '../action.ts';

export const passTypeActions: ActionModule = { actions: {}, undo: {} };
