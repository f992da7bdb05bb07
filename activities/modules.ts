/** Every action module the worker serves; its handlers and undo handlers are typed by name (`ActionName`, `UndoName`). */
import type { ActionModule } from './action.ts';
import { bulletinActions } from '../actions/bulletin/handlers.ts';
import { contactActions } from '../actions/contact/handlers.ts';
import { customFieldActions } from '../actions/customField/handlers.ts';
import { daySheetActions } from '../actions/daySheet/handlers.ts';
import { fileActions } from '../actions/file/handlers.ts';
import { guestActions } from '../actions/guest/handlers.ts';
import { lookupActions } from '../actions/lookup/handlers.ts';
import { passTypeActions } from '../actions/passType/handlers.ts';
import { roomActions } from '../actions/room/handlers.ts';
import { scheduleItemActions } from '../actions/scheduleItem/handlers.ts';
import { stayActions } from '../actions/stay/handlers.ts';
import { tagActions } from '../actions/tag/handlers.ts';
import { templateActions } from '../actions/scheduleTemplate/handlers.ts';
import { tourActions } from '../actions/tour/handlers.ts';
import { venueActions } from '../actions/venue/handlers.ts';
import { orgActions } from '../actions/org/handlers.ts';
import { notifyActions } from '../actions/notify/handlers.ts';

export const actionModules = [
  tourActions,
  lookupActions,
  scheduleItemActions,
  templateActions,
  tagActions,
  bulletinActions,
  daySheetActions,
  venueActions,
  stayActions,
  roomActions,
  contactActions,
  customFieldActions,
  guestActions,
  passTypeActions,
  fileActions,
  notifyActions,
  orgActions,
] as const satisfies readonly ActionModule[];

/** Every action the worker serves, by the name the catalogue gives it (`venue.update`). */
export type ActionName = ActionsOf<(typeof actionModules)[number]> & string;
/** The action names of each module of a union of them (one by one: `keyof` of a union keeps only shared keys). */
type ActionsOf<Module> = Module extends ActionModule ? keyof Module['actions'] : never;
