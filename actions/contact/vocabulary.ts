/**
 * The contact actions' arguments, shared by their catalogue entries (`catalogue.ts`) and the
 * worker's handlers: a key contact as added to the organization's book, linked to a venue or stay
 * and edited, a venue's or stay's own e-mails, phones and web addresses, and the place a list
 * reads. Declarations only, no I/O.
 */
import { z } from 'zod';
import { placeOf } from '../../definitions/actions/lists.ts';
import { email, nameRef, numericId, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';

export const contactCreateArgs = z
  .strictObject({
    org: z.string().min(1).optional().describe('Organization name or ID.'),
    tourId: tourId.optional().describe('Or the tour whose organization gets the contact.'),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    email: email.optional(),
    phone: z
      .strictObject({
        country: z.number().int().min(1).max(999).describe('Calling code, e.g. 49.'),
        number: z.string().regex(/^[0-9 ]+$/, 'expected digits (and spaces), without the calling code'),
      })
      .optional(),
    role: z.string().optional(),
    company: z.string().optional(),
    city: z.string().optional(),
    url: z.url('expected a URL').optional(),
  })
  .refine(
    (args) => unresolved(args) || args.org === undefined || args.tourId === undefined,
    'give "org" or "tourId", not both',
  );
export type ContactCreateArgs = z.infer<typeof contactCreateArgs>;

export const contactLinkArgs = z
  .strictObject({
    contact: z
      .union([z.string().min(1), numericId])
      .optional()
      .describe(
        'The key contact: its ID, e-mail, or full name (First Last), in the book of the tour’s organization (or of "org").',
      ),
    contactId: numericId
      .optional()
      .describe('Or the key contact’s ID (contact.create’s or contact.ensure’s output `id`).'),
    org: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Without "tourId": the organization whose book "contact" is in, by name or ID (default: your only one, or TOURFLOW_ORG).',
      ),
    tourId: tourId
      .optional()
      .describe(
        'The tour: needed when "venue" or "stay" is a title; its organization’s book is where "contact" is looked up.',
      ),
    venue: nameRef('The venue').optional(),
    venueId: numericId.optional().describe('Or the venue’s ID.'),
    stay: nameRef('The stay').optional(),
    stayId: numericId.optional().describe('Or the stay’s ID.'),
  })
  .refine(
    (args) => unresolved(args) || (args.contact === undefined) !== (args.contactId === undefined),
    'give "contact" (its name or ID) or "contactId"',
  )
  .refine(
    (args) => unresolved(args) || args.org === undefined || args.tourId === undefined,
    'give "org" or "tourId", not both',
  )
  .refine(
    (args) =>
      unresolved(args) ||
      [args.venue, args.venueId, args.stay, args.stayId].filter((value) => value !== undefined).length === 1,
    'give one of "venue", "venueId", "stay" or "stayId"',
  )
  .refine(
    (args) =>
      unresolved(args) ||
      (typeof args.venue !== 'string' && typeof args.stay !== 'string') ||
      args.tourId !== undefined,
    {
      message: 'a venue or stay by title needs "tourId"',
      path: ['tourId'],
    },
  );
export type ContactLinkArgs = z.infer<typeof contactLinkArgs>;

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

export const contactEnsureArgs = contactCreateArgs;
export type ContactEnsureArgs = z.infer<typeof contactEnsureArgs>;

const onePlace = (args: { venue?: unknown; stay?: unknown }) =>
  unresolved(args) || (args.venue === undefined) !== (args.stay === undefined);

export const contactListArgs = z
  .strictObject({
    tourId,
    ...placeOf,
    name: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Only key contacts with this full name (First Last) or e-mail (case-insensitive); the place’s own e-mail, phone and web rows are then left out.',
      ),
  })
  .refine(onePlace, 'give either "venue" or "stay"');
export type ContactListArgs = z.infer<typeof contactListArgs>;
