/** `contact.list`: a venue's or stay's linked key contacts and its own e-mail, phone and web rows. */
import { contactListArgs } from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  listAccommodationContacts,
  listAccommodationKeyContacts,
  listVenueContacts,
  listVenueKeyContacts,
} from '../../api/contract/contacts.ts';
import type { ActionContext, ActionHandler } from '../../activities/action.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { plural } from '../../definitions/plural.ts';
import { parseArgs } from '../../activities/actions/common.ts';
import { placeOf } from '../../activities/actions/list-places.ts';
import { isNamed, keyContactOutput } from '../org/handlers.ts';

async function contactList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, contactListArgs, call.args);
  const place = await placeOf(ctx, args.tourId, args);
  const signal = ctx.signal;
  const [keyContacts, rows] =
    place.kind === 'venue'
      ? await Promise.all([
          ctx.client.call(listVenueKeyContacts, { params: { venueId: place.id }, signal }),
          ctx.client.call(listVenueContacts, { params: { venueId: place.id }, signal }),
        ])
      : await Promise.all([
          ctx.client.call(listAccommodationKeyContacts, { params: { accommodationId: place.id }, signal }),
          ctx.client.call(listAccommodationContacts, { params: { accommodationId: place.id }, signal }),
        ]);
  if (args.name !== undefined) return namedContacts(keyContacts.map(keyContactOutput), args.name, args.tourId, place);
  const emails = rows.flatMap((row) =>
    row.email ? [{ id: row.email.id, label: row.email.label ?? null, email: row.email.email }] : [],
  );
  const phones = rows.flatMap((row) =>
    row.phone ? [{ id: row.phone.id, label: row.phone.label ?? null, phone: String(row.phone.phone) }] : [],
  );
  const urls = rows.flatMap((row) =>
    row.url ? [{ id: row.url.id, label: row.url.label ?? null, url: row.url.url }] : [],
  );
  const count = keyContacts.length + emails.length + phones.length + urls.length;
  return {
    output: { keyContacts: keyContacts.map(keyContactOutput), emails, phones, urls, count },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(count, 'contact')} of ${place.kind} ${place.id}`,
  };
}

/** The outcome of `contact.list` with `name`: the key contacts of that name or e-mail, no rows. */
function namedContacts(
  all: JsonObject[],
  name: string,
  tourId: string,
  place: { kind: string; id: number },
): StepOutcome {
  const keyContacts = all.filter((contact) => isNamed(contact as { name: string | null; email: string | null }, name));
  return {
    output: { keyContacts, emails: [], phones: [], urls: [], count: keyContacts.length },
    undo: [],
    tourId,
    describe: `read ${plural(keyContacts.length, 'contact')} of ${place.kind} ${place.id}`,
  };
}

export const listHandlers = {
  'contact.list': { run: contactList },
} satisfies Record<string, ActionHandler>;
