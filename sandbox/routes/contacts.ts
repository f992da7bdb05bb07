/**
 * Contacts: the organization's key contact book, and the contacts of venues and stays (links to
 * key contacts, and general e-mail/phone/URL rows).
 */
import type { FastifyInstance } from 'fastify';
import { memberKey, requireOrgMember, requireTour, requireVisible } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { notFound, validationError } from '../errors.ts';
import { defineRoute, type BodyInput } from '../pipeline/route.ts';
import type { KeyContactRecord, StayRecord, VenueRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { generalContactView, linkedKeyContactViews } from '../views/contacts.ts';
import { applyContactOps, applyKeyContactLinks, contactsOf, type ContactOwnerRef } from './shared/contacts.ts';
import { nowIso } from './shared/schemas.ts';

const toText = (value: number | string | null | undefined): string | null | undefined =>
  value === undefined || value === null ? value : String(value);

function assign(contact: KeyContactRecord, input: BodyInput<'createKeyContact'> | BodyInput<'updateKeyContact'>): void {
  const mapped: Partial<KeyContactRecord> = {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    role: input.role,
    company: input.company,
    city: input.city,
    url: input.url,
    avatarColorId: input.avatarColorId,
    number: toText(input.number),
    country: toText(input.country),
  };
  for (const [key, value] of Object.entries(mapped))
    if (value !== undefined) (contact as unknown as Record<string, unknown>)[key] = value;
}

const brief = (contact: KeyContactRecord) => ({
  id: contact.id,
  first_name: contact.firstName,
  last_name: contact.lastName,
  email: contact.email,
});

/** A venue or stay the caller sees, as a contact owner. */
function owner(
  store: Store,
  type: 'venue' | 'stay',
  id: number,
  userId: string,
): { record: VenueRecord | StayRecord; ref: ContactOwnerRef } {
  const record: VenueRecord | StayRecord =
    type === 'venue'
      ? requireVisible(store, store.venues.get(id), userId, 'Venue')
      : requireVisible(store, store.stays.get(id), userId, 'Accommodation');
  const tour = requireTour(store, record.tourId, userId);
  return { record, ref: { type, id, orgId: tour.orgId, keyContactIds: record.keyContactIds } };
}

function registerOwnerContacts(app: FastifyInstance, ctx: SandboxContext, type: 'venue' | 'stay'): void {
  const param = type === 'venue' ? 'venueId' : 'accommodationId';
  const names =
    type === 'venue'
      ? (['listVenueKeyContacts', 'updateVenueKeyContacts', 'listVenueContacts', 'updateVenueContacts'] as const)
      : ([
          'listAccommodationKeyContacts',
          'updateAccommodationKeyContacts',
          'listAccommodationContacts',
          'updateAccommodationContacts',
        ] as const);
  defineRoute(app, ctx, names[0], ({ store, caller, params }) => {
    const { record } = owner(store, type, params[param] as number, caller.userId);
    return { data: linkedKeyContactViews(store, record.keyContactIds) };
  });
  defineRoute(app, ctx, names[1], ({ store, caller, params, input }) => {
    const { record, ref } = owner(store, type, params[param] as number, caller.userId);
    Object.assign(record, { keyContactIds: applyKeyContactLinks(store, ref, input()), updatedAt: nowIso() });
    return { message: 'Key contacts updated' };
  });
  defineRoute(app, ctx, names[2], ({ store, caller, params }) => {
    const { ref } = owner(store, type, params[param] as number, caller.userId);
    return { data: contactsOf(store, ref).map(generalContactView) };
  });
  defineRoute(app, ctx, names[3], ({ store, caller, params, input }) => {
    const { record, ref } = owner(store, type, params[param] as number, caller.userId);
    applyContactOps(store, ref, input());
    record.updatedAt = nowIso();
    return { message: 'Contacts updated' };
  });
}

/** Registers the contact endpoints. */
export function registerContactRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'createKeyContact', ({ store, caller, input: read }) => {
    const input = read();
    requireOrgMember(store, input.org_id, caller.userId);
    const contact: KeyContactRecord = {
      id: store.nextId('keyContact'),
      orgId: input.org_id,
      firstName: input.first_name,
      lastName: input.last_name,
      email: null,
      number: null,
      country: null,
      role: null,
      company: null,
      city: null,
      url: null,
      avatarColorId: null,
      createdAt: nowIso(),
    };
    assign(contact, input);
    store.keyContacts.put(contact);
    return { data: brief(contact), message: 'Key contact created' };
  });

  defineRoute(app, ctx, 'updateKeyContact', ({ store, caller, params, input: read }) => {
    const contact = store.keyContacts.get(params.keyContactId as number);
    if (!contact || !store.orgMembers.has(memberKey(contact.orgId, caller.userId))) throw notFound('Key contact');
    const input = read();
    if (input.org_id !== undefined && input.org_id !== contact.orgId)
      throw validationError('org_id: a key contact cannot move to another organization');
    assign(contact, input);
    return { data: brief(contact), message: 'Key contact updated' };
  });

  registerOwnerContacts(app, ctx, 'venue');
  registerOwnerContacts(app, ctx, 'stay');
}
