/**
 * Schedule templates (per user), as the catalogue gives them: `schedule.template.list`, `create`
 * (from items or a day), `apply` (to a day), `undoApply`, `rename`, `delete` and `restore`
 * (arguments, outputs, calls, undo). No I/O; the worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, recordId, recordIds, text, wholeNumber } from '../../definitions/actions/outputs.ts';
import { dayRef, numericId, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { restorableDeleteAction, restoreAction } from '../../definitions/actions/by-id.ts';
import { defineRead, listOutputs, nullableInt, nullableText } from '../../definitions/actions/lists.ts';

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
  .refine(
    (args) => unresolved(args) || (args.items === undefined) !== (args.fromDay === undefined),
    'give either "items" or "fromDay"',
  );
export type ScheduleTemplateCreateArgs = z.infer<typeof scheduleTemplateCreateArgs>;

export const scheduleTemplateCreate = defineAction({
  name: 'schedule.template.create',
  description: 'Save a schedule template from item IDs or from all items of a day.',
  args: scheduleTemplateCreateArgs,
  outputs: outputs({
    id: recordId('template ID'),
    name: text('template name'),
    itemCount: wholeNumber('number of items saved'),
  }),
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
  outputs: outputs({
    templateId: recordId('template ID'),
    dayId: recordId('day ID'),
    removed: recordIds('IDs of the items removed'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/schedule-templates',
    'GET /v1/tours/{tourId}/days/{dayId}/schedule',
    'POST /v1/schedule-templates/{templateId}/undo-apply',
  ],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the removed items', calls: ['POST /v1/schedule/items/{itemId}/restore'] },
});

export const scheduleTemplateListArgs = z.strictObject({
  tourId,
  name: z.string().min(1).optional().describe('Only the template with this name (case-insensitive).'),
  items: z.boolean().default(false).describe('Read each template’s items too (one call per template).'),
});
export type ScheduleTemplateListArgs = z.infer<typeof scheduleTemplateListArgs>;

export const scheduleTemplateList = defineRead({
  name: 'schedule.template.list',
  description:
    'List your schedule templates in the tour (templates are per user), newest first, optionally with their items.',
  args: scheduleTemplateListArgs,
  outputs: listOutputs(
    'templates',
    z.strictObject({
      id: z.int(),
      name: z.string(),
      itemCount: nullableInt,
      items: z
        .array(
          z.strictObject({
            id: z.int(),
            name: z.string(),
            start: nullableText,
            end: nullableText,
            notes: nullableText,
            tagIds: z.array(z.int()),
          }),
        )
        .optional(),
    }),
    'id, name, itemCount, items: [{ id, name, start, end, notes, tagIds }]',
  ),
  calls: ['GET /v1/tours/{tourId}/schedule-templates', 'GET /v1/schedule-templates/{templateId}/items'],
});

export const scheduleTemplateRenameArgs = z.strictObject({
  tourId,
  template: templateRef,
  name: z.string().min(1).max(255).describe('The new name, unique among your templates in the tour.'),
});
export type ScheduleTemplateRenameArgs = z.infer<typeof scheduleTemplateRenameArgs>;

export const scheduleTemplateRename = defineAction({
  name: 'schedule.template.rename',
  description: 'Rename one of your schedule templates (the only edit the API offers on a template).',
  args: scheduleTemplateRenameArgs,
  outputs: outputs({ id: recordId('template ID'), name: text('the new name') }),
  calls: ['GET /v1/tours/{tourId}/schedule-templates', 'PUT /v1/schedule-templates/{templateId}'],
  kind: ActionKind.update,
  compensation: { describe: 'put the previous name back', calls: ['PUT /v1/schedule-templates/{templateId}'] },
});

const template = {
  prefix: 'schedule.template',
  noun: 'template',
  idArg: 'templateId',
  path: '/v1/schedule-templates/{templateId}',
};

export const scheduleTemplateDelete = restorableDeleteAction(
  template,
  'Delete one of your schedule templates, named by its name or ID, with its items (items already made from it stay); it can be restored.',
  { by: { nameArg: 'template', idArg: 'templateId', noun: 'template' }, list: '/v1/tours/{tourId}/schedule-templates' },
);

export const scheduleTemplateRestore = restoreAction(
  template,
  'Bring back a deleted schedule template of yours with its items.',
);

/** The schedule template actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const scheduleTemplateActionList = [
  scheduleTemplateList,
  scheduleTemplateCreate,
  scheduleTemplateApply,
  scheduleTemplateUndoApply,
  scheduleTemplateRename,
  scheduleTemplateDelete,
  scheduleTemplateRestore,
] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per schedule template action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const SCHEDULE_TEMPLATE_EXAMPLES = {
  'schedule.template.list': { tourId: exampleTour, items: true },
  'schedule.template.create': { tourId: exampleTour, name: 'Show day', fromDay: '2027-03-27' },
  'schedule.template.apply': { tourId: exampleTour, template: 'Show day', day: '2027-03-29', mode: 'MERGE' },
  'schedule.template.undoApply': { tourId: exampleTour, template: 'Show day', day: '2027-03-29' },
  'schedule.template.rename': { tourId: exampleTour, template: 'Show day', name: 'Arena show day' },
  'schedule.template.delete': { tourId: exampleTour, template: 'Show day' },
  'schedule.template.restore': { templateId: 31 },
} as const;
