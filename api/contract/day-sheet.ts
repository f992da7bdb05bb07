/** Day sheet: the print-ready model of one day, and a rendered PDF behind a short-lived URL. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { daySheetRenderBody } from './bodies.ts';

/** The model is read whole and handed on; its sections are not pinned down by the contract. */
export const daySheetData = z.looseObject({});

export const daySheetRender = z.looseObject({
  url: z.string(),
  expiresInSeconds: z.number().nullish(),
  expiresAt: z.string().nullish(),
  fileName: z.string().nullish(),
  contentType: z.string().nullish(),
  /** IDs named in the body that the caller cannot see; the render still succeeds. */
  ignoredIdCount: z.number(),
});
export type DaySheetRender = z.output<typeof daySheetRender>;

export const getDaySheetData = defineEndpoint(Endpoints.getDaySheetData, { data: daySheetData });

/** Creates nothing; a POST all the same, so it carries an idempotency key. */
export const renderDaySheet = defineEndpoint(Endpoints.renderDaySheet, {
  body: daySheetRenderBody,
  data: daySheetRender,
});
