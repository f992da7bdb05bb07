/** Actions on venues. */
import type { ActionModule } from '../action.ts';

export const venueActions: ActionModule = { actions: {}, undo: {} };
