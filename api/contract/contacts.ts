/**
 * Contacts: key contacts of the organization book (create, update, link to venues and stays),
 * and the general contact rows (e-mail, phone, URL) a venue or stay owns.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { keyContact } from './organizations.ts';
import { fields, lookupId } from './fields.ts';
import { noData, operation } from './shared.ts';

const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** `null` empties a field (decided: `docs/api-assumptions.md`). */
const keyContactFields = {
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: optionalText(320),
  role: optionalText(200),
  company: optionalText(200),
  city: optionalText(200),
  url: optionalText(2048),
  avatarColorId: lookupId('avatarColors').nullable().optional(),
};

export const createKeyContactBody = z.looseObject({
  ...keyContactFields,
  org_id: fields.uuid,
  /** Without the country code. */
  number: z.number().nonnegative().nullable().optional(),
  /** Calling code. */
  country: z.number().int().nonnegative().nullable().optional(),
});
export type CreateKeyContactBody = z.input<typeof createKeyContactBody>;

/**
 * Same fields, all optional; `org_id` cannot change (the API refuses another one), and
 * `number`/`country` are strings here (shown).
 */
export const updateKeyContactBody = z.looseObject({
  ...z.object(keyContactFields).partial().shape,
  org_id: fields.uuid.optional(),
  number: optionalText(50),
  country: optionalText(10),
});
export type UpdateKeyContactBody = z.input<typeof updateKeyContactBody>;

/** Link changes: only the listed links change; the contact must exist. An empty list changes nothing. */
export const keyContactLinks = z.looseObject({
  key_contacts: z.array(z.looseObject({ key_contact_id: fields.id, operation: z.enum(['ADD', 'REMOVE']) })).max(500),
});

const contactChange = {
  id: fields.id.optional(),
  label: z.string().max(100).nullable().optional(),
  operation,
  is_google: z.boolean().optional(),
};

/** At least one of `emails`, `numbers`, `urls` (shown); `id` is required for UPDATE and REMOVE. */
export const generalContactChanges = z
  .looseObject({
    emails: z
      .array(z.looseObject({ ...contactChange, email: z.string().min(1).max(320).optional() }))
      .max(100)
      .optional(),
    numbers: z
      .array(
        z.looseObject({ ...contactChange, number: z.number().optional(), country: z.number().nullable().optional() }),
      )
      .max(100)
      .optional(),
    urls: z
      .array(z.looseObject({ ...contactChange, url: z.string().min(1).max(2048).optional() }))
      .max(100)
      .optional(),
  })
  .refine((body) => body.emails || body.numbers || body.urls, 'at least one of emails, numbers, urls is required');

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
