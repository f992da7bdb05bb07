/** Custom fields of schedule items, venues and stays: read the set, or change listed fields. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { customField, intId, noData, operation } from './shared.ts';

/** One change: ADD (title, or a premade `templateKey` on venues and stays), UPDATE or REMOVE by `id`. */
export const customFieldChange = z.looseObject({
  operation,
  id: intId.max(2_147_483_647).optional(),
  title: z.string().trim().min(1).max(255).optional(),
  /** `null` clears the value (decided: `docs/api-assumptions.md`). */
  description: z.string().max(5000).nullable().optional(),
  sortOrder: z.number().int().optional(),
  templateKey: z.string().min(1).max(100).optional(),
});

export type CustomFieldChange = z.input<typeof customFieldChange>;

/** The stay's premade field that is its booking number, not a row of its own (shown). */
export const STAY_CONFIRMATION_NUMBER_KEY = 'confirmation_number';

const changes = z.looseObject({ fields: z.array(customFieldChange).max(200) });
const fields = z.array(customField);

export const listScheduleItemCustomFields = defineEndpoint(Endpoints.listScheduleItemCustomFields, { data: fields });
export const updateScheduleItemCustomFields = defineEndpoint(Endpoints.updateScheduleItemCustomFields, {
  body: changes,
  data: noData,
});

export const listVenueCustomFields = defineEndpoint(Endpoints.listVenueCustomFields, { data: fields });
export const updateVenueCustomFields = defineEndpoint(Endpoints.updateVenueCustomFields, {
  body: changes,
  data: noData,
});

export const listAccommodationCustomFields = defineEndpoint(Endpoints.listAccommodationCustomFields, {
  data: fields,
});
export const updateAccommodationCustomFields = defineEndpoint(Endpoints.updateAccommodationCustomFields, {
  body: changes,
  data: noData,
});
