/** Schedule templates (per user): save from items or a day, apply to days, undo an apply. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { outputs, recordId, recordIds, text, wholeNumber } from './outputs.ts';
import { dayRef, numericId, tourId, unresolved } from './vocabulary.ts';

/** A template of the caller’s, by name or ID. */
export const templateRef = z.union([z.string().min(1), numericId]).describe('A template name (yours) or its ID.');

export const scheduleTemplateCreateArgs = z
  .strictObject({
    tourId,
    name: z.string().min(1).max(255).describe('Unique among your templates in the tour.'),
    items: z.array(numericId).min(1).max(500).optional().describe('Item IDs to save.'),
    fromDay: dayRef.optional().describe('Save all items of this day instead.'),
    includeNotes: z.boolean().default(true),
    includeVisibility: z.boolean().default(true),
    includeAttachments: z.boolean().default(true),
  })
  .refine((args) => unresolved(args) || (args.items === undefined) !== (args.fromDay === undefined), 'give either "items" or "fromDay"');
export type ScheduleTemplateCreateArgs = z.infer<typeof scheduleTemplateCreateArgs>;

export const scheduleTemplateCreate = defineAction({
  name: 'schedule.template.create',
  description: 'Save a schedule template from item IDs or from all items of a day.',
  args: scheduleTemplateCreateArgs,
  outputs: outputs({ id: recordId('template ID'), name: text('template name'), itemCount: wholeNumber('number of items saved') }),
  calls: ['GET /v1/tours/{tourId}/days/{dayId}/schedule', 'POST /v1/schedule-templates'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the template', calls: ['DELETE /v1/schedule-templates/{templateId}'] },
});

export const ApplyMode = { merge: 'MERGE', replace: 'REPLACE' } as const;
export type ApplyMode = (typeof ApplyMode)[keyof typeof ApplyMode];

export const scheduleTemplateApplyArgs = z.strictObject({
  tourId,
  template: templateRef,
  day: dayRef,
  mode: z
    .enum([ApplyMode.merge, ApplyMode.replace])
    .default(ApplyMode.merge)
    .describe('MERGE adds the items; REPLACE first deletes the day’s visible items.'),
});
export type ScheduleTemplateApplyArgs = z.infer<typeof scheduleTemplateApplyArgs>;

export const scheduleTemplateApply = defineAction({
  name: 'schedule.template.apply',
  description: 'Apply one of your templates to a day, merging or replacing its items.',
  args: scheduleTemplateApplyArgs,
  outputs: outputs({
    ids: recordIds('IDs of the created items, in template order'),
    dayId: recordId('day ID'),
    date: text('day date'),
    templateId: recordId('template ID'),
    replaced: recordIds('IDs of the items REPLACE deleted'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/schedule-templates',
    'GET /v1/tours/{tourId}/days/{dayId}/schedule',
    'POST /v1/schedule-templates/{templateId}/apply',
  ],
  kind: ActionKind.bulk,
  compensation: {
    describe: 'undo the apply (delete the items it created) and restore the items REPLACE deleted',
    calls: ['POST /v1/schedule-templates/{templateId}/undo-apply', 'POST /v1/schedule/items/{itemId}/restore'],
  },
});

export const scheduleTemplateUndoApplyArgs = z.strictObject({ tourId, template: templateRef, day: dayRef });
export type ScheduleTemplateUndoApplyArgs = z.infer<typeof scheduleTemplateUndoApplyArgs>;

export const scheduleTemplateUndoApply = defineAction({
  name: 'schedule.template.undoApply',
  description: 'Delete the items a template created on a day (hand-made and other templates’ items stay).',
  args: scheduleTemplateUndoApplyArgs,
  outputs: outputs({ templateId: recordId('template ID'), dayId: recordId('day ID'), removed: recordIds('IDs of the items removed') }),
  calls: ['GET /v1/tours/{tourId}/schedule-templates', 'GET /v1/tours/{tourId}/days/{dayId}/schedule', 'POST /v1/schedule-templates/{templateId}/undo-apply'],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the removed items', calls: ['POST /v1/schedule/items/{itemId}/restore'] },
});
