/**
 * Read actions that list the tour's people, the organization's people and contacts, bulletins,
 * pass types, files and a day's sheet data. Local activities, like every read.
 */
import { z } from 'zod';
import { defineRead, KEY_CONTACT_FIELDS, keyContactEntry } from './lists.ts';
import { outputs, recordIds, wholeNumber } from './outputs.ts';
import { tourId, unresolved } from './vocabulary.ts';

const nullableText = z.string().nullable();

/** A tour member as `tour.members` gives it. */
const personEntry = z.strictObject({ id: z.string(), name: nullableText, firstName: nullableText, lastName: nullableText, email: nullableText, role: nullableText });
export const PERSON_FIELDS = Object.keys(personEntry.shape).join(', ');

export const tourMembersArgs = z.strictObject({
  tourId,
  role: z.string().min(1).optional().describe('Only members with this role on the tour (Admin, Member, ...).'),
  person: z.string().min(1).optional().describe('Only this member or invitee: full name or e-mail (case-insensitive), as steps name people.'),
  invites: z.boolean().default(true).describe('List the pending invites too.'),
});
export type TourMembersArgs = z.infer<typeof tourMembersArgs>;

export const tourMembers = defineRead({
  name: 'tour.members',
  description: 'List the tour’s members (the crew, with their role) and pending invites.',
  args: tourMembersArgs,
  outputs: outputs({
    members: z.array(personEntry).describe(`list of { ${PERSON_FIELDS} }`),
    invites: z.array(z.strictObject({ id: z.union([z.int(), z.string()]), email: nullableText })).describe('list of { id, email }'),
    names: z.array(z.string()).describe('the members’ full names'),
    emails: z.array(z.string()).describe('every member’s and invitee’s e-mail'),
    count: wholeNumber('members plus invites'),
  }),
  calls: ['GET /v1/tours/{tourId}/users'],
});

const orgOf = {
  org: z.string().min(1).optional().describe('Organization name or ID. @default your only organization'),
  tourId: tourId.optional().describe('Or the tour whose organization is meant.'),
};
const oneOrg = (args: { org?: unknown; tourId?: unknown }) => unresolved(args) || args.org === undefined || args.tourId === undefined;

export const orgMembersArgs = z
  .strictObject({
    ...orgOf,
    person: z.string().min(1).optional().describe('Only this member or invitee: full name or e-mail (case-insensitive).'),
    role: z.string().min(1).optional().describe('Only members and invitees with this role in the organization (case-insensitive).'),
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
    invites: z.array(z.strictObject({ id: z.string(), email: nullableText, role: nullableText })).describe('list of { id, email, role }'),
    seats: z.strictObject({ active: z.int().nullable(), available: z.int().nullable(), deactivated: z.int().nullable() }).describe('{ active, available, deactivated }'),
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
  outputs: outputs({ contacts: z.array(keyContactEntry).describe(`list of { ${KEY_CONTACT_FIELDS} }`), ids: recordIds('their IDs'), count: wholeNumber('number of contacts') }),
  calls: ['GET /v1/organizations', 'GET /v1/tours?org_id', 'GET /v1/organizations/{orgId}/key-contacts'],
});
