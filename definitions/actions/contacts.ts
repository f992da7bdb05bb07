/** Key contacts of the organization and their links to venues and stays. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { email, nameRef, numericId, tourId, unresolved } from './vocabulary.ts';
import { outputs, recordId } from './outputs.ts';

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

export const contactCreate = defineAction({
  name: 'contact.create',
  description: 'Add a key contact to the organization’s book (link it with contact.link).',
  args: contactCreateArgs,
  outputs: outputs({ id: recordId('key contact ID') }),
  calls: ['GET /v1/organizations', 'GET /v1/tours?org_id', 'POST /v1/key-contacts'],
  kind: ActionKind.create,
  compensation: { describe: 'none: the API cannot delete key contacts, the contact stays in the book', calls: [] },
});

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

export const contactLink = defineAction({
  name: 'contact.link',
  description: 'Link a key contact (by ID, e-mail or full name) to a venue or a stay (by title or ID).',
  args: contactLinkArgs,
  outputs: outputs({ contactId: recordId('key contact ID') }),
  calls: [
    'GET /v1/organizations',
    'GET /v1/tours?org_id',
    'GET /v1/organizations/{orgId}/key-contacts',
    'PUT /v1/venues/{venueId}/key-contacts',
    'PUT /v1/accommodation/{accommodationId}/key-contacts',
  ],
  kind: ActionKind.update,
  compensation: {
    describe: 'unlink the contact',
    calls: ['PUT /v1/venues/{venueId}/key-contacts', 'PUT /v1/accommodation/{accommodationId}/key-contacts'],
  },
});
