/**
 * Schemas several resources share. Response records are loose objects (the API adds fields
 * without notice): identity fields are required, documented fields are checked for type when
 * present. Request bodies are loose too, so fields the contract leaves "not shown" on updates
 * pass through, while the documented ones are checked before sending.
 */
import { z } from 'zod';

/** Integer IDs (days, items, venues, stays, rooms, guests, templates, tags, pass types...). */
export const intId = z.number().int().positive();
/** Organization and tour IDs. */
export const uuid = z.string().min(1);

/** `{ id, type, description }`: an entry of a lookup table, as embedded in records. */
export const lookupRef = z.looseObject({
  id: z.number(),
  type: z.string().nullish(),
  description: z.string().nullish(),
});

export const latLng = z.looseObject({ lat: z.number(), lng: z.number() });
export const viewport = z.looseObject({ northeast: latLng, southwest: latLng });

/** A place as schedule items take it: `{ formatted_address, viewport, timeZone }`. */
export const place = z.looseObject({
  formatted_address: z.string(),
  viewport: viewport.optional(),
  timeZone: z.string().optional(),
});

/** The Location object of venues (`location`) and stays (`formatted_address`). */
export const location = z.looseObject({
  formatted_address: z.string().optional(),
  place_id: z.string().optional(),
  placeName: z.string().optional(),
  fullAddress: z.string().optional(),
  timeZone: z.string().optional(),
  types: z.array(z.string()).optional(),
  address_components: z
    .array(z.looseObject({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }))
    .optional(),
  geometry: z.looseObject({ location: latLng, viewport, location_type: z.string().optional() }),
});

/** A person as embedded in records (`created_by`, occupants...). */
export const personRef = z.looseObject({
  id: z.union([z.string(), z.number()]),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
});

/** `{ id, name, date }` of a day, as embedded in records. */
export const dayRef = z.looseObject({ id: z.number(), name: z.string().nullish(), date: z.string().nullish() });

/**
 * An attachment on a write: a storage key from an upload endpoint, plus its description; `id`
 * and `deleted` mean something on updates only.
 */
export const attachmentInput = z.looseObject({
  id: intId.max(2_147_483_647).optional(),
  deleted: z.boolean().optional(),
  link: z.string().min(1).max(2048),
  name: z.string().max(255).nullable().optional(),
  fileName: z.string().max(255).nullable().optional(),
  fileSize: z.number().int().nonnegative().nullable().optional(),
  description: z.string().max(2000).nullable().optional(),
});

/** `{ title, description }` custom fields sent inline (a full replace of the set). */
export const customFieldInput = z.looseObject({
  title: z.string().trim().min(1).max(255),
  description: z.string().max(5000).nullable().optional(),
  sortOrder: z.number().int().optional(),
});

/** The inline custom fields of a create: at most 200. */
export const inlineCustomFields = z.array(customFieldInput).max(200);

/** A custom field as read. */
export const customField = z.looseObject({
  id: z.number().nullable(),
  template_key: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  sort_order: z.number().nullish(),
});

const contactLabel = z.string().max(100).nullable().optional();

/** Inline contact details of venue and stay creates (full replace). */
export const inlineContacts = {
  keyContactIds: z.array(intId.max(2_147_483_647)).max(500).optional(),
  emails: z
    .array(z.looseObject({ email: z.string().min(1).max(320), label: contactLabel, is_google: z.boolean().optional() }))
    .max(100)
    .optional(),
  numbers: z
    .array(
      z.looseObject({
        number: z.union([z.number(), z.string().min(1).max(50)]),
        country: z
          .union([z.number(), z.string().max(10)])
          .nullable()
          .optional(),
        label: contactLabel,
        is_google: z.boolean().optional(),
      }),
    )
    .max(100)
    .optional(),
  urls: z
    .array(z.looseObject({ url: z.string().min(1).max(2048), label: contactLabel, is_google: z.boolean().optional() }))
    .max(100)
    .optional(),
};

/** Visibility fields of schedule items, venues and stays. */
export const visibility = {
  isEveryone: z.boolean().optional(),
  isAdminsOnly: z.boolean().optional(),
  explicitVisibility: z.boolean().optional(),
};

/** `data: none`: only `status` and `message` matter; whatever `data` holds is ignored. */
export const noData = z.unknown().transform(() => undefined);

/** `{ id }` of a created or updated integer-keyed record. */
export const intIdResult = z.looseObject({ id: z.number() });

/** `{ id, name }` of stays and rooms. */
export const idNameResult = z.looseObject({ id: z.number(), name: z.string().nullish() });

/** `{ ids: [...] }` in request or template order. */
export const idsResult = z.looseObject({ ids: z.array(z.number()) });

/** The update operations of custom fields, contacts and key-contact links. */
export const operation = z.enum(['ADD', 'UPDATE', 'REMOVE']);

/** Paging query every paged read takes; `paginate` fills it. */
export const pageQuery = {
  limit: z.number().int().positive().optional(),
  offset: z.number().int().nonnegative().optional(),
};
