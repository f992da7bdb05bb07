/**
 * Lookups, the API's reference tables by group, as the catalogue gives them: `lookup` (arguments,
 * outputs, calls). No I/O; the worker's handler is in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs } from '../../definitions/actions/outputs.ts';

/**
 * Lookup groups playbooks name values from: the reference bundle's, plus the age restrictions
 * (`label` as the name) and the venue and stay field templates (`key` as the name, `label` as
 * the description), which have endpoints of their own.
 */
export const LOOKUP_GROUPS = [
  'statusTypes',
  'scheduleItemTypes',
  'itemTypes',
  'scheduleItemTimeTypes',
  'scheduleItemTravelTypes',
  'reminderTypes',
  'avatarColors',
  'dayTypes',
  'guestlistStatuses',
  'pickupMethods',
  'passMaterialTypes',
  'venueTypes',
  'venueCategories',
  'hotelRoomTypes',
  'ageRestrictions',
  'venueFieldTemplates',
  'stayFieldTemplates',
] as const;

export const lookupArgs = z.strictObject({
  group: z.enum(LOOKUP_GROUPS),
  name: z.string().min(1).optional().describe('Resolve this name to its ID (case-insensitive).'),
});
export type LookupArgs = z.infer<typeof lookupArgs>;

export const lookup = defineAction({
  name: 'lookup',
  description:
    'Read a lookup table (day types, room types, statuses, age restrictions, venue and stay field templates, ...) or resolve one name to its ID.',
  args: lookupArgs,
  outputs: outputs({
    entries: z
      .array(z.strictObject({ id: z.int(), name: z.string(), description: z.string().nullable() }))
      .describe('list of { id, name, description }'),
    id: z.int().nullable().describe('ID of "name" (when given)'),
  }),
  calls: [
    'GET /v1/reference/types',
    'GET /v1/day-types',
    'GET /v1/reference/age-restrictions',
    'GET /v1/reference/venue-field-templates',
    'GET /v1/reference/stay-field-templates',
  ],
  kind: ActionKind.read,
  compensation: null,
});

/** The lookup actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const lookupActionList = [lookup] as const;

/** One example step per lookup action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const LOOKUP_EXAMPLES = {
  lookup: { group: 'hotelRoomTypes', name: 'Double' },
} as const;
