/** The action catalogue: every action a playbook step can name, by name. */
import { bulletinActionList } from '../../actions/bulletin/catalogue.ts';
import { contactActionList } from '../../actions/contact/catalogue.ts';
import { approval, playbookRun } from './control.ts';
import { customFieldActionList } from '../../actions/customField/catalogue.ts';
import { daySheetActionList } from '../../actions/daySheet/catalogue.ts';
import { fileActionList } from '../../actions/file/catalogue.ts';
import { guestActionList } from '../../actions/guest/catalogue.ts';
import { passTypeActionList } from '../../actions/passType/catalogue.ts';
import { orgActionList } from '../../actions/org/catalogue.ts';
import { lookupActionList } from '../../actions/lookup/catalogue.ts';
import { scheduleItemActionList, scheduleItemTagActionList } from '../../actions/scheduleItem/catalogue.ts';
import { stayActionList } from '../../actions/stay/catalogue.ts';
import { roomActionList } from '../../actions/room/catalogue.ts';
import { tagActionList } from '../../actions/tag/catalogue.ts';
import { scheduleTemplateActionList } from '../../actions/scheduleTemplate/catalogue.ts';
import { tourActionList } from '../../actions/tour/catalogue.ts';
import type { ActionDefinition } from './types.ts';
import { venueActionList } from '../../actions/venue/catalogue.ts';
import { notify } from '../../actions/notify/catalogue.ts';

export { ActionKind, activityName, defineAction, type ActionDefinition, type Compensation } from './types.ts';
export * from '../../actions/bulletin/catalogue.ts';
export * from '../../actions/passType/catalogue.ts';
export * from '../../actions/contact/catalogue.ts';
export * from './control.ts';
export * from '../../actions/customField/catalogue.ts';
export * from '../../actions/daySheet/catalogue.ts';
export * from '../../actions/file/catalogue.ts';
export * from '../../actions/guest/catalogue.ts';
export * from './lists.ts';
export * from '../../actions/org/catalogue.ts';
export * from '../../actions/lookup/catalogue.ts';
export * from '../../actions/scheduleItem/catalogue.ts';
export * from '../../actions/stay/catalogue.ts';
export * from '../../actions/room/catalogue.ts';
export * from '../../actions/tag/catalogue.ts';
export * from '../../actions/scheduleTemplate/catalogue.ts';
export * from '../../actions/tour/catalogue.ts';
export * from '../../actions/venue/catalogue.ts';
export * from '../../actions/notify/catalogue.ts';
export * from './vocabulary.ts';

/** Every action, grouped by resource in the order the docs list them. */
export const actions: readonly ActionDefinition[] = [
  ...tourActionList,
  ...orgActionList,
  ...scheduleItemActionList,
  ...scheduleTemplateActionList,
  ...tagActionList,
  ...scheduleItemTagActionList,
  ...venueActionList,
  ...stayActionList,
  ...roomActionList,
  ...contactActionList,
  ...customFieldActionList,
  ...guestActionList,
  ...passTypeActionList,
  ...bulletinActionList,
  ...fileActionList,
  ...daySheetActionList,
  notify,
  ...lookupActionList,
  approval,
  playbookRun,
];

/** Actions by name. */
export const catalogue: ReadonlyMap<string, ActionDefinition> = new Map(actions.map((action) => [action.name, action]));

/** The action with this name, if any. */
export function findAction(name: string): ActionDefinition | undefined {
  return catalogue.get(name);
}
