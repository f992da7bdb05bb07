/**
 * Contacts, as the catalogue gives them: `contact.list` (a venue's or stay's), `contact.create`,
 * `contact.link`, `contact.update` and `contact.ensure` (key contacts of the organization's book)
 * and `contacts.set` (a venue's or stay's own e-mails, phones and web addresses). Their arguments
 * are in `vocabulary.ts`. No I/O; the worker's handlers are in `handlers.ts` and the
 * `*-handlers.ts` files beside it.
 */
import { z } from 'zod';
import {
  contactCreateArgs,
  contactEnsureArgs,
  contactLinkArgs,
  contactListArgs,
  contactsSetArgs,
  contactUpdateArgs,
} from './vocabulary.ts';
import { defineRead, KEY_CONTACT_FIELDS, keyContactEntry, nullableText } from '../../definitions/actions/lists.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, recordId, wholeNumber } from '../../definitions/actions/outputs.ts';

export * from './vocabulary.ts';

export const contactList = defineRead({
  name: 'contact.list',
  description: 'List a venue’s or stay’s contacts: its linked key contacts and its own e-mail, phone and web rows.',
  args: contactListArgs,
  outputs: outputs({
    keyContacts: z.array(keyContactEntry).describe(`list of { ${KEY_CONTACT_FIELDS} }`),
    emails: z
      .array(z.strictObject({ id: z.int(), label: nullableText, email: z.string() }))
      .describe('list of { id, label, email }'),
    phones: z
      .array(z.strictObject({ id: z.int(), label: nullableText, phone: z.string() }))
      .describe('list of { id, label, phone }'),
    urls: z
      .array(z.strictObject({ id: z.int(), label: nullableText, url: z.string() }))
      .describe('list of { id, label, url }'),
    count: wholeNumber('number of contacts of every kind'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/venues',
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/venues/{venueId}/key-contacts',
    'GET /v1/venues/{venueId}/contacts',
    'GET /v1/accommodation/{accommodationId}/key-contacts',
    'GET /v1/accommodation/{accommodationId}/contacts',
  ],
});
export const contactCreate = defineAction({
  name: 'contact.create',
  description: 'Add a key contact to the organization’s book (link it with contact.link).',
  args: contactCreateArgs,
  outputs: outputs({ id: recordId('key contact ID') }),
  calls: ['GET /v1/organizations', 'GET /v1/tours?org_id', 'POST /v1/key-contacts'],
  kind: ActionKind.create,
  compensation: { describe: 'none: the API cannot delete key contacts, the contact stays in the book', calls: [] },
});

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

/** The contact actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const contactActionList = [
  contactList,
  contactCreate,
  contactLink,
  contactUpdate,
  contactEnsure,
  contactsSet,
] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per contact action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const CONTACT_EXAMPLES = {
  'contact.list': { tourId: exampleTour, venue: 'Uber Arena' },
  'contact.create': {
    tourId: exampleTour,
    firstName: 'Lena',
    lastName: 'Vogt',
    role: 'Promoter',
    company: 'Arena Berlin GmbH',
    phone: { country: 49, number: '30 1234567' },
  },
  'contact.link': { tourId: exampleTour, contact: 'lena.vogt@example.com', venue: 'Uber Arena' },
  'contact.update': {
    tourId: exampleTour,
    contact: 'lena.vogt@example.com',
    role: 'Promoter (Berlin)',
    phone: { country: 49, number: '30 7654321' },
  },
  'contact.ensure': {
    tourId: exampleTour,
    firstName: 'Lena',
    lastName: 'Vogt',
    email: 'lena.vogt@example.com',
    company: 'Arena Berlin GmbH',
  },
  'contacts.set': {
    tourId: exampleTour,
    venue: 'Uber Arena',
    emails: [{ email: 'production@uber-arena.example', label: 'Production' }],
    phones: [{ country: 49, number: '30 2060700', label: 'Office' }],
  },
} satisfies Record<string, JsonObject>;
