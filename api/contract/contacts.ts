/**
 * Contacts: key contacts of the organization book (create, update, link to venues and stays),
 * and the general contact rows (e-mail, phone, URL) a venue or stay owns.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { keyContact } from './organizations.ts';
import { intId, noData, operation, uuid } from './shared.ts';

export const createKeyContactBody = z.looseObject({
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  org_id: uuid,
  email: z.string().optional(),
  role: z.string().optional(),
  company: z.string().optional(),
  city: z.string().optional(),
  url: z.string().optional(),
  /** Without the country code. */
  number: z.number().optional(),
  /** Calling code. */
  country: z.number().optional(),
  avatarColorId: z.number().optional(),
});
export type CreateKeyContactBody = z.input<typeof createKeyContactBody>;

/**
 * Same fields, all optional; `org_id` cannot change, and `number`/`country` are strings here.
 * `null` empties a field (decided: `docs/api-assumptions.md`).
 */
const clearable = z.string().nullable().optional();
export const updateKeyContactBody = z.looseObject({
  first_name: z.string().min(1).optional(),
  last_name: z.string().min(1).optional(),
  email: clearable,
  role: clearable,
  company: clearable,
  city: clearable,
  url: clearable,
  number: clearable,
  country: clearable,
  avatarColorId: z.number().optional(),
});
export type UpdateKeyContactBody = z.input<typeof updateKeyContactBody>;

/** Link changes: only the listed links change; the contact must exist. */
export const keyContactLinks = z.looseObject({
  key_contacts: z.array(z.looseObject({ key_contact_id: intId, operation: z.enum(['ADD', 'REMOVE']) })).min(1),
});

const contactChange = {
  id: intId.optional(),
  label: z.string().nullable().optional(),
  operation,
  is_google: z.boolean().optional(),
};

export const generalContactChanges = z.looseObject({
  emails: z.array(z.looseObject({ ...contactChange, email: z.string().optional() })).optional(),
  numbers: z
    .array(
      z.looseObject({ ...contactChange, number: z.number().optional(), country: z.number().nullable().optional() }),
    )
    .optional(),
  urls: z.array(z.looseObject({ ...contactChange, url: z.string().optional() })).optional(),
});

const rowBase = { id: z.number(), label: z.string().nullish(), is_google: z.boolean().nullish() };
export const generalContact = z.looseObject({
  email: z.looseObject({ ...rowBase, email: z.string() }).nullish(),
  phone: z
    .looseObject({
      ...rowBase,
      country: z.union([z.string(), z.number()]).nullish(),
      phone: z.union([z.string(), z.number()]),
    })
    .nullish(),
  url: z.looseObject({ ...rowBase, url: z.string() }).nullish(),
});
export type GeneralContact = z.output<typeof generalContact>;
export type GeneralContactChanges = z.input<typeof generalContactChanges>;

export const createKeyContact = defineEndpoint(Endpoints.createKeyContact, {
  body: createKeyContactBody,
  data: z.looseObject({ id: z.number(), first_name: z.string().nullish(), last_name: z.string().nullish() }),
});

export const updateKeyContact = defineEndpoint(Endpoints.updateKeyContact, {
  body: updateKeyContactBody,
  data: noData,
});

export const listVenueKeyContacts = defineEndpoint(Endpoints.listVenueKeyContacts, { data: z.array(keyContact) });
export const updateVenueKeyContacts = defineEndpoint(Endpoints.updateVenueKeyContacts, {
  body: keyContactLinks,
  data: noData,
});

export const listAccommodationKeyContacts = defineEndpoint(Endpoints.listAccommodationKeyContacts, {
  data: z.array(keyContact),
});
export const updateAccommodationKeyContacts = defineEndpoint(Endpoints.updateAccommodationKeyContacts, {
  body: keyContactLinks,
  data: noData,
});

export const listVenueContacts = defineEndpoint(Endpoints.listVenueContacts, { data: z.array(generalContact) });
export const updateVenueContacts = defineEndpoint(Endpoints.updateVenueContacts, {
  body: generalContactChanges,
  data: noData,
});

export const listAccommodationContacts = defineEndpoint(Endpoints.listAccommodationContacts, {
  data: z.array(generalContact),
});
export const updateAccommodationContacts = defineEndpoint(Endpoints.updateAccommodationContacts, {
  body: generalContactChanges,
  data: noData,
});
