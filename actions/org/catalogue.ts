/**
 * The organization's people, as the catalogue gives them: `org.members` and `org.contacts` (its
 * key contacts). Reads, so local activities. No I/O; the worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { defineRead, KEY_CONTACT_FIELDS, keyContactEntry, nullableText } from '../../definitions/actions/lists.ts';
import { personEntry } from '../tour/catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { outputs, recordIds, wholeNumber } from '../../definitions/actions/outputs.ts';
import { tourId, unresolved } from '../../definitions/actions/vocabulary.ts';

const orgOf = {
  org: z.string().min(1).optional().describe('Organization name or ID. @default your only organization'),
  tourId: tourId.optional().describe('Or the tour whose organization is meant.'),
};
const oneOrg = (args: { org?: unknown; tourId?: unknown }) =>
  unresolved(args) || args.org === undefined || args.tourId === undefined;

export const orgMembersArgs = z
  .strictObject({
    ...orgOf,
    person: z
      .string()
      .min(1)
      .optional()
      .describe('Only this member or invitee: full name or e-mail (case-insensitive).'),
    role: z
      .string()
      .min(1)
      .optional()
      .describe('Only members and invitees with this role in the organization (case-insensitive).'),
  })
  .refine(oneOrg, 'give "org" or "tourId", not both');
export type OrgMembersArgs = z.infer<typeof orgMembersArgs>;

export const orgMembers = defineRead({
  name: 'org.members',
  description: 'List the organization’s members, its pending invites and its seats.',
  args: orgMembersArgs,
  outputs: outputs({
    members: z
      .array(z.strictObject({ ...personEntry.shape, owner: z.boolean(), deactivated: z.boolean() }))
      .describe('list of { id, name, firstName, lastName, email, role, owner, deactivated }'),
    invites: z
      .array(z.strictObject({ id: z.string(), email: nullableText, role: nullableText }))
      .describe('list of { id, email, role }'),
    seats: z
      .strictObject({ active: z.int().nullable(), available: z.int().nullable(), deactivated: z.int().nullable() })
      .describe('{ active, available, deactivated }'),
    count: wholeNumber('number of members'),
  }),
  calls: ['GET /v1/organizations', 'GET /v1/tours?org_id', 'GET /v1/organizations/{orgId}/users'],
});

export const orgContactsArgs = z
  .strictObject({
    ...orgOf,
    name: z.string().min(1).optional().describe('Only contacts with this full name (case-insensitive).'),
    company: z.string().min(1).optional().describe('Only contacts of this company (case-insensitive).'),
    role: z.string().min(1).optional().describe('Only contacts with this role (case-insensitive).'),
  })
  .refine(oneOrg, 'give "org" or "tourId", not both');
export type OrgContactsArgs = z.infer<typeof orgContactsArgs>;

export const orgContacts = defineRead({
  name: 'org.contacts',
  description: 'List the organization’s key contacts (its address book), by name, company or role.',
  args: orgContactsArgs,
  outputs: outputs({
    contacts: z.array(keyContactEntry).describe(`list of { ${KEY_CONTACT_FIELDS} }`),
    ids: recordIds('their IDs'),
    count: wholeNumber('number of contacts'),
  }),
  calls: ['GET /v1/organizations', 'GET /v1/tours?org_id', 'GET /v1/organizations/{orgId}/key-contacts'],
});

/** The organization's people lists, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const orgActionList = [orgMembers, orgContacts] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per organization action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const ORG_EXAMPLES = {
  'org.members': { org: 'Northern Lights Touring' },
  'org.contacts': { tourId: exampleTour, company: 'Arena Berlin GmbH' },
} satisfies Record<string, JsonObject>;
