/**
 * Contacts changed from playbooks: the general e-mails, phone numbers and web addresses of a
 * venue or stay (`contacts.set`), a key contact of the organization's book edited
 * (`contact.update`), and a key contact found in the book or created (`contact.ensure`).
 */
import { z } from 'zod';
import { contactCreateArgs } from './contacts.ts';
import { ActionKind, defineAction } from './types.ts';
import { email, nameRef, tourId, unresolved } from './vocabulary.ts';
import { outputs, recordId, wholeNumber } from './outputs.ts';

const label = z.string().max(100).optional().describe('A label shown beside it (Office, Box office, ...).');
/** A phone number: calling code and digits (the API keeps both as numbers). */
export const phoneNumber = z.strictObject({
  country: z.number().int().min(1).max(999).describe('Calling code, e.g. 49.'),
  number: z.string().regex(/^[0-9 ]+$/, 'expected digits (and spaces), without the calling code'),
});

export const contactsSetArgs = z
  .strictObject({
    tourId,
    venue: nameRef('The venue').optional(),
    stay: nameRef('The stay').optional(),
    mode: z
      .enum(['add', 'replace'])
      .default('add')
      .describe(
        'add: add the entries not there yet (an existing one only gets a new label); replace: each list given becomes the whole list of its kind.',
      ),
    emails: z.array(z.strictObject({ email, label })).optional(),
    phones: z.array(phoneNumber.extend({ label })).optional(),
    urls: z.array(z.strictObject({ url: z.url('expected a URL'), label })).optional(),
  })
  .refine(
    (args) => unresolved(args) || (args.venue === undefined) !== (args.stay === undefined),
    'give either "venue" or "stay"',
  )
  .refine(
    (args) => unresolved(args) || args.emails !== undefined || args.phones !== undefined || args.urls !== undefined,
    'give at least one of emails, phones, urls',
  );
export type ContactsSetArgs = z.infer<typeof contactsSetArgs>;

export const contactsSet = defineAction({
  name: 'contacts.set',
  description:
    'Add or replace the general e-mails, phone numbers and web addresses of a venue or stay (by title or ID).',
  args: contactsSetArgs,
  outputs: outputs({
    added: wholeNumber('entries added'),
    updated: wholeNumber('entries whose label changed'),
    removed: wholeNumber('entries removed (replace mode)'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/venues',
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/venues/{venueId}/contacts',
    'GET /v1/accommodation/{accommodationId}/contacts',
    'PUT /v1/venues/{venueId}/contacts',
    'PUT /v1/accommodation/{accommodationId}/contacts',
  ],
  kind: ActionKind.update,
  compensation: {
    describe: 'write the contact rows back as they were (removed ones come back under new IDs)',
    calls: ['PUT /v1/venues/{venueId}/contacts', 'PUT /v1/accommodation/{accommodationId}/contacts'],
  },
});

/** The book a contact is in: an organization by name or ID, or a tour's. */
const book = {
  org: z.string().min(1).optional().describe('Organization name or ID (default: your only one, or TOURFLOW_ORG).'),
  tourId: tourId.optional().describe('Or the tour whose organization’s book it is.'),
};
const oneBook = (args: { org?: unknown; tourId?: unknown }) =>
  unresolved(args) || args.org === undefined || args.tourId === undefined;
const clearable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

export const contactUpdateArgs = z
  .strictObject({
    ...book,
    contact: z
      .union([z.string().min(1), z.number().int().positive()])
      .describe('The key contact: its ID, e-mail, or full name (First Last).'),
    firstName: z.string().min(1).optional(),
    lastName: z.string().min(1).optional(),
    email: clearable(email),
    phone: clearable(phoneNumber),
    role: clearable(z.string()),
    company: clearable(z.string()),
    city: clearable(z.string()),
    url: clearable(z.url('expected a URL')),
  })
  .refine(oneBook, 'give "org" or "tourId", not both')
  .refine(
    (args) =>
      unresolved(args) ||
      ['firstName', 'lastName', 'email', 'phone', 'role', 'company', 'city', 'url'].some((key) => key in args),
    'give at least one field to change',
  );
export type ContactUpdateArgs = z.infer<typeof contactUpdateArgs>;

export const contactUpdate = defineAction({
  name: 'contact.update',
  description:
    'Edit a key contact of the organization’s book (found by ID, e-mail or full name); only the fields given change, null clears one.',
  args: contactUpdateArgs,
  outputs: outputs({ id: recordId('key contact ID') }),
  calls: [
    'GET /v1/organizations',
    'GET /v1/tours?org_id',
    'GET /v1/organizations/{orgId}/key-contacts',
    'PUT /v1/key-contacts/{keyContactId}',
  ],
  kind: ActionKind.update,
  compensation: { describe: 'put the previous values back', calls: ['PUT /v1/key-contacts/{keyContactId}'] },
});

export const contactEnsureArgs = contactCreateArgs;
export type ContactEnsureArgs = z.infer<typeof contactEnsureArgs>;

export const contactEnsure = defineAction({
  name: 'contact.ensure',
  description:
    'Find a key contact in the organization’s book by e-mail (else by name, among contacts without an e-mail), or add it when there is none; link it with contact.link.',
  args: contactEnsureArgs,
  outputs: outputs({
    id: recordId('key contact ID'),
    created: z.boolean().describe('true when the step added the contact, false when it was in the book'),
  }),
  calls: [
    'GET /v1/organizations',
    'GET /v1/tours?org_id',
    'GET /v1/organizations/{orgId}/key-contacts',
    'POST /v1/key-contacts',
  ],
  kind: ActionKind.create,
  compensation: {
    describe: 'none: the API cannot delete key contacts; one the step added stays in the book',
    calls: [],
  },
});
