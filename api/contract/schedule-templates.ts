/** Schedule templates (per user): list, items, save, rename, delete, restore, apply, undo-apply. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { fields } from './fields.ts';
import { idsResult, intIdResult, latLng, noData } from './shared.ts';

export const scheduleTemplate = z.looseObject({
  id: z.number(),
  template_name: z.string(),
  tour_id: z.string().nullish(),
  org_id: z.string().nullish(),
  item_templates_count: z.number().nullish(),
});
export type ScheduleTemplate = z.output<typeof scheduleTemplate>;

export const scheduleTemplateItem = z.looseObject({
  id: z.number(),
  scheduled_template_id: z.number().nullish(),
  name: z.string(),
  notes: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  location_coordinates: latLng.nullish(),
  tag_ids: z.array(z.number()).nullish(),
});

export const ApplyMode = { merge: 'MERGE', replace: 'REPLACE' } as const;
export type ApplyMode = (typeof ApplyMode)[keyof typeof ApplyMode];

export const listScheduleTemplates = defineEndpoint(Endpoints.listScheduleTemplates, {
  data: z.array(scheduleTemplate),
});

export const listScheduleTemplateItems = defineEndpoint(Endpoints.listScheduleTemplateItems, {
  data: z.array(scheduleTemplateItem),
});

const templateName = z.string().trim().min(1).max(255);

/** The `include*` flags default to true (shown); the API applies the default, so the client sends only what is set. */
export const createScheduleTemplate = defineEndpoint(Endpoints.createScheduleTemplate, {
  body: z.looseObject({
    templateName,
    itemIds: z.array(fields.id).min(1).max(500),
    includeNotes: z.boolean().optional(),
    includeVisibility: z.boolean().optional(),
    includeAttachment: z.boolean().optional(),
  }),
  data: intIdResult,
});

export const renameScheduleTemplate = defineEndpoint(Endpoints.renameScheduleTemplate, {
  body: z.looseObject({ templateName }),
  data: intIdResult,
});

export const deleteScheduleTemplate = defineEndpoint(Endpoints.deleteScheduleTemplate, { data: noData });

export const restoreScheduleTemplate = defineEndpoint(Endpoints.restoreScheduleTemplate, { data: noData });

export const applyScheduleTemplate = defineEndpoint(Endpoints.applyScheduleTemplate, {
  body: z.looseObject({ dayId: fields.id, mode: z.enum([ApplyMode.merge, ApplyMode.replace]).optional() }),
  data: idsResult,
});

export const undoApplyScheduleTemplate = defineEndpoint(Endpoints.undoApplyScheduleTemplate, {
  body: z.looseObject({ dayId: fields.id }),
  data: noData,
});
