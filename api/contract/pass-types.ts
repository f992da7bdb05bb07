/**
 * Pass types of a tour: list, create, update, delete (refused while a guest holds the pass,
 * unless forced), restore. A refused delete is a 2xx with `status: false`: read it with
 * `client.callRaw` and parse `data` with `passTypeDeleteBlocked`.
 */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { passTypeBody } from './bodies.ts';
import { intIdResult, lookupRef, noData, pageQuery } from './shared.ts';

export const passType = z.looseObject({
  id: z.number(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  quantity: z.number().nullish(),
  pass_material_type: lookupRef.nullish(),
  is_deleted: z.boolean().nullish(),
});
export type PassType = z.output<typeof passType>;

/** `data` of a delete refused because guests hold the pass. */
export const passTypeDeleteBlocked = z.looseObject({
  guestLists: z.array(z.looseObject({ id: z.number() })),
});
export type PassTypeDeleteBlocked = z.output<typeof passTypeDeleteBlocked>;

export const listPassTypes = definePagedEndpoint(Endpoints.listPassTypes, {
  query: z.object(pageQuery),
  data: z.array(passType),
  page: { rows: arrayRows },
});

export const createPassType = defineEndpoint(Endpoints.createPassType, { body: passTypeBody, data: intIdResult });

export const updatePassType = defineEndpoint(Endpoints.updatePassType, {
  body: passTypeBody.partial(),
  data: z.unknown(),
});

/** `force: true` skips the guest check. */
export const deletePassType = defineEndpoint(Endpoints.deletePassType, {
  query: z.object({ force: z.boolean().optional() }),
  data: noData,
});

export const restorePassType = defineEndpoint(Endpoints.restorePassType, { data: noData });
