/** Reference data: the lookup bundle, age restrictions and the premade field templates. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';

export const lookupEntry = z.looseObject({ id: z.number(), type: z.string(), description: z.string().nullish() });
export type LookupEntry = z.output<typeof lookupEntry>;

export const referenceTypes = z.looseObject({
  types: z.array(z.looseObject({ name: z.string(), type: z.array(lookupEntry) })),
});
export type ReferenceTypes = z.output<typeof referenceTypes>;

export const ageRestriction = z.looseObject({ id: z.number(), label: z.string() });

export const fieldTemplate = z.looseObject({
  id: z.number(),
  key: z.string(),
  icon: z.string().nullish(),
  label: z.string(),
  subtitle: z.string().nullish(),
  field_type: z.string().nullish(),
  sort_order: z.number().nullish(),
});
export type FieldTemplate = z.output<typeof fieldTemplate>;

/** `limit`/`offset` count tables, not rows; without them the whole bundle comes back. */
export const getReferenceTypes = defineEndpoint(Endpoints.getReferenceTypes, {
  query: z.object({ limit: z.number().int().positive().optional(), offset: z.number().int().nonnegative().optional() }),
  data: referenceTypes,
});

export const listAgeRestrictions = defineEndpoint(Endpoints.listAgeRestrictions, { data: z.array(ageRestriction) });

export const listVenueFieldTemplates = defineEndpoint(Endpoints.listVenueFieldTemplates, {
  data: z.array(fieldTemplate),
});

export const listStayFieldTemplates = defineEndpoint(Endpoints.listStayFieldTemplates, {
  data: z.array(fieldTemplate),
});
