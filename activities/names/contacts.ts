/**
 * Key contacts of an organization's book by ID, e-mail or full name (`First Last`), by the one
 * rule of `pick.ts`. Contacts are the organization's address book, which its members see in the
 * app, so a failure may list their names and companies.
 */
import { listOrganizationKeyContacts, type KeyContact } from '../../api/contract/organizations.ts';
import type { ActionContext } from '../action.ts';
import { pick, type Candidate, type PickContext } from './pick.ts';

/** `First Last` of a contact. */
export const fullNameOf = (contact: {
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
}): string => [contact.first_name, contact.last_name].filter((part) => part).join(' ');

/** A book's contacts as candidates: by full name, their e-mail as an alias, their company telling them apart. */
export function keyContactCandidates(book: readonly KeyContact[]): Candidate<KeyContact>[] {
  return book.map((contact) => ({
    record: contact,
    id: contact.id,
    name: fullNameOf(contact),
    aliases: contact.email ? [contact.email] : [],
    detail: contact.company ?? undefined,
  }));
}

/** Where a key contact is looked for, for failures. */
export const keyContactPlace = (orgId: string): PickContext => ({
  kind: 'key contact',
  where: `in the book of organization ${orgId}`,
  hint: 'add one with contact.create',
});

/** The organization's book. */
export function readKeyContacts(ctx: ActionContext, orgId: string): Promise<KeyContact[]> {
  return ctx.client.call(listOrganizationKeyContacts, { params: { orgId }, signal: ctx.signal });
}

/** The key contact of an organization's book that `ref` (ID, e-mail or full name) names. */
export async function pickKeyContact(ctx: ActionContext, orgId: string, ref: string | number): Promise<KeyContact> {
  return pick(keyContactPlace(orgId), ref, keyContactCandidates(await readKeyContacts(ctx, orgId)));
}
