/**
 * One example step per action: its `with:` arguments as a playbook would write them. The docs'
 * action reference and the editor JSON Schema both show them, and a test compiles each one
 * against its action, so they cannot drift from what the compiler accepts. A tour is
 * `${{ inputs.tourId }}` (a `tour.find` step's `outputs.id` in a real playbook).
 */
import type { JsonObject } from '../plan-types.ts';
import { BULLETIN_EXAMPLES } from '../../actions/bulletin/catalogue.ts';
import { CONTACT_EXAMPLES } from '../../actions/contact/catalogue.ts';
import { CUSTOM_FIELD_EXAMPLES } from '../../actions/customField/catalogue.ts';
import { DAY_SHEET_EXAMPLES } from '../../actions/daySheet/catalogue.ts';
import { FILE_EXAMPLES } from '../../actions/file/catalogue.ts';
import { GUEST_EXAMPLES } from '../../actions/guest/catalogue.ts';
import { LOOKUP_EXAMPLES } from '../../actions/lookup/catalogue.ts';
import { ROOM_EXAMPLES } from '../../actions/room/catalogue.ts';
import { SCHEDULE_ITEM_EXAMPLES } from '../../actions/scheduleItem/catalogue.ts';
import { SCHEDULE_TEMPLATE_EXAMPLES } from '../../actions/scheduleTemplate/catalogue.ts';
import { STAY_EXAMPLES } from '../../actions/stay/catalogue.ts';
import { TAG_EXAMPLES } from '../../actions/tag/catalogue.ts';
import { ORG_EXAMPLES } from '../../actions/org/catalogue.ts';
import { PASS_TYPE_EXAMPLES } from '../../actions/passType/catalogue.ts';
import { TOUR_EXAMPLES } from '../../actions/tour/catalogue.ts';
import { VENUE_EXAMPLES } from '../../actions/venue/catalogue.ts';

/** Arguments of an example step, by action name. */
export const ACTION_EXAMPLES: Readonly<Record<string, JsonObject>> = {
  ...TOUR_EXAMPLES,
  ...ORG_EXAMPLES,
  ...SCHEDULE_ITEM_EXAMPLES,
  ...SCHEDULE_TEMPLATE_EXAMPLES,
  ...TAG_EXAMPLES,
  ...VENUE_EXAMPLES,
  ...STAY_EXAMPLES,
  ...ROOM_EXAMPLES,
  ...CONTACT_EXAMPLES,
  ...CUSTOM_FIELD_EXAMPLES,
  ...GUEST_EXAMPLES,
  ...PASS_TYPE_EXAMPLES,
  ...BULLETIN_EXAMPLES,
  notify: { webhook: 'ops', text: '3 guest requests on 2027-03-27 wait for approval.' },
  ...FILE_EXAMPLES,
  ...DAY_SHEET_EXAMPLES,
  ...LOOKUP_EXAMPLES,
  approval: { message: 'Approve 42 guests for Berlin?', timeout: '24h' },
  'playbook.run': {
    playbook: 'create-tour.yaml',
    inputs: {
      name: 'Spring Tour 2027',
      timeZone: 'Europe/Berlin',
      days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }],
    },
  },
};
