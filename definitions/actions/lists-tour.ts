/**
 * Read actions that list the tour's people, the organization's people and contacts, bulletins,
 * pass types, files and a day's sheet data. Local activities, like every read.
 */
import { z } from 'zod';
import { defineRead } from './lists.ts';
import { daySelection } from './tours.ts';
import { dayRef, tourId, unresolved } from './vocabulary.ts';

export const PERSON_FIELDS = 'id, name, firstName, lastName, email, role';

export const tourMembersArgs = z.strictObject({
  tourId,
  role: z.string().min(1).optional().describe('Only members with this role on the tour (Admin, Member, ...).'),
  invites: z.boolean().default(true).describe('List the pending invites too.'),
});
export type TourMembersArgs = z.infer<typeof tourMembersArgs>;

export const tourMembers = defineRead({
  name: 'tour.members',
  description: 'List the tour’s members (the crew, with their role) and pending invites.',
  args: tourMembersArgs,
  outputs: {
    members: `list of { ${PERSON_FIELDS} }`,
    invites: 'list of { id, email }',
    names: 'the members’ full names',
    emails: 'every member’s and invitee’s e-mail',
    count: 'members plus invites',
  },
  calls: ['GET /v1/tours/{tourId}/users'],
});

const orgOf = {
  org: z.string().min(1).optional().describe('Organization name or ID. @default your only organization'),
  tourId: tourId.optional().describe('Or the tour whose organization is meant.'),
};
const oneOrg = (args: { org?: unknown; tourId?: unknown }) => unresolved(args) || args.org === undefined || args.tourId === undefined;

export const orgMembersArgs = z.strictObject({ ...orgOf }).refine(oneOrg, 'give "org" or "tourId", not both');
export type OrgMembersArgs = z.infer<typeof orgMembersArgs>;

export const orgMembers = defineRead({
  name: 'org.members',
  description: 'List the organization’s members, its pending invites and its seats.',
  args: orgMembersArgs,
  outputs: {
    members: 'list of { id, name, firstName, lastName, email, role, owner, deactivated }',
    invites: 'list of { id, email, role }',
    seats: '{ active, available, deactivated }',
    count: 'number of members',
  },
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

export const KEY_CONTACT_FIELDS = 'id, name, firstName, lastName, email, phone, role, company, city, url';

export const orgContacts = defineRead({
  name: 'org.contacts',
  description: 'List the organization’s key contacts (its address book), by name, company or role.',
  args: orgContactsArgs,
  outputs: { contacts: `list of { ${KEY_CONTACT_FIELDS} }`, ids: 'their IDs', count: 'number of contacts' },
  calls: ['GET /v1/organizations', 'GET /v1/tours?org_id', 'GET /v1/organizations/{orgId}/key-contacts'],
});

export const bulletinListArgs = z.strictObject({
  tourId,
  ...daySelection,
  title: z.string().min(1).optional().describe('Only bulletins with this title (case-insensitive).'),
  pinned: z.boolean().optional().describe('Only pinned (true) or unpinned (false) bulletins.'),
});
export type BulletinListArgs = z.infer<typeof bulletinListArgs>;

export const bulletinList = defineRead({
  name: 'bulletin.list',
  description: 'List the tour’s bulletins, by day range, dates, day type, title or pinned.',
  args: bulletinListArgs,
  outputs: { bulletins: 'list of { id, title, body, dayId, date, pinned, postedAt }', ids: 'their IDs', count: 'number of bulletins' },
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/bulletins'],
});

export const passTypeListArgs = z.strictObject({
  tourId,
  name: z.string().min(1).optional().describe('Only the pass type with this name (case-insensitive).'),
});
export type PassTypeListArgs = z.infer<typeof passTypeListArgs>;

export const passTypeList = defineRead({
  name: 'passType.list',
  description: 'List the tour’s guest list pass types.',
  args: passTypeListArgs,
  outputs: { passTypes: 'list of { id, name, description, quantity }', ids: 'their IDs', names: 'their names', count: 'number of pass types' },
  calls: ['GET /v1/tours/{tourId}/passTypes'],
});

/** What a file is attached to, in the playbook's words. */
export const FileOwner = { scheduleItem: 'scheduleItem', venue: 'venue', stay: 'stay', passType: 'passType' } as const;
export type FileOwner = (typeof FileOwner)[keyof typeof FileOwner];

export const fileListArgs = z.strictObject({
  tourId,
  day: dayRef.optional().describe('Only files of this day (date or ID).'),
  on: z.array(z.enum([FileOwner.scheduleItem, FileOwner.venue, FileOwner.stay, FileOwner.passType])).optional().describe('Only files attached to these kinds of record.'),
  search: z.string().min(1).optional().describe('Only files whose name contains this text (case-insensitive).'),
});
export type FileListArgs = z.infer<typeof fileListArgs>;

export const fileList = defineRead({
  name: 'file.list',
  description: 'List the files attached in the tour (schedule items, venues, stays, pass types), by day, kind of record or name.',
  args: fileListArgs,
  outputs: {
    files: 'list of { id, name, fileName, size, on, recordId, recordName, dayId, date }',
    ids: 'their IDs',
    count: 'number of files',
  },
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/files'],
});

export const daySheetDataArgs = z.strictObject({ tourId, day: dayRef });
export type DaySheetDataArgs = z.infer<typeof daySheetDataArgs>;

export const daySheetData = defineRead({
  name: 'daySheet.data',
  description:
    'Read the print-ready model of one day’s sheet: header, running order, venues, stays, key contacts, bulletins, next days, and guest list totals (without guest names).',
  args: daySheetDataArgs,
  outputs: {
    dayId: 'day ID',
    date: 'day date',
    header: 'the sheet’s header',
    runningOrder: 'the day’s schedule, in order',
    venues: 'venues of the day',
    stays: 'stays of the night',
    keyContacts: 'key contacts of the day’s venues and stays',
    guestList: '{ entries, totalGuests, approvedGuests, pendingGuests, declinedGuests } (counts only)',
    bulletins: 'bulletins of the day',
    nextDays: 'the next few days',
  },
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/days/{dayId}/day-sheet/data'],
});
