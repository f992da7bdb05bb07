/** Key contacts of the organization and their links to venues and stays. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { outputs, recordId } from './outputs.ts';
import { email, numericId, tourId, unresolved } from './vocabulary.ts';

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
  .refine((args) => unresolved(args) || args.org === undefined || args.tourId === undefined, 'give "org" or "tourId", not both');
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
    contactId: numericId,
    venueId: numericId.optional(),
    stayId: numericId.optional(),
  })
  .refine((args) => unresolved(args) || (args.venueId === undefined) !== (args.stayId === undefined), 'give either "venueId" or "stayId"');
export type ContactLinkArgs = z.infer<typeof contactLinkArgs>;

export const contactLink = defineAction({
  name: 'contact.link',
  description: 'Link a key contact to a venue or a stay.',
  args: contactLinkArgs,
  outputs: outputs({ contactId: recordId('key contact ID') }),
  calls: ['PUT /v1/venues/{venueId}/key-contacts', 'PUT /v1/accommodation/{accommodationId}/key-contacts'],
  kind: ActionKind.update,
  compensation: { describe: 'unlink the contact', calls: ['PUT /v1/venues/{venueId}/key-contacts', 'PUT /v1/accommodation/{accommodationId}/key-contacts'] },
});
