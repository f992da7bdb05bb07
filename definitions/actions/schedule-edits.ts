/** Schedule items restored, templates renamed, deleted and restored, tags renamed and recoloured. */
import { z } from 'zod';
import { restorableDeleteAction, restoreAction } from './by-id.ts';
import { tagRef } from './schedule.ts';
import { templateRef } from './templates.ts';
import { ActionKind, defineAction } from './types.ts';
import { outputs, recordId, text } from './outputs.ts';
import { lookupName, tourId, unresolved } from './vocabulary.ts';

export const scheduleItemRestore = restoreAction(
  { prefix: 'schedule.item', noun: 'schedule item', idArg: 'itemId', path: '/v1/schedule/items/{itemId}' },
  'Bring back a deleted schedule item, its content intact.',
);

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

const template = { prefix: 'schedule.template', noun: 'template', idArg: 'templateId', path: '/v1/schedule-templates/{templateId}' };

export const scheduleTemplateDelete = restorableDeleteAction(
  template,
  'Delete one of your schedule templates, named by its name or ID, with its items (items already made from it stay); it can be restored.',
  { by: { nameArg: 'template', idArg: 'templateId', noun: 'template' }, list: '/v1/tours/{tourId}/schedule-templates' },
);

export const scheduleTemplateRestore = restoreAction(template, 'Bring back a deleted schedule template of yours with its items.');

export const tagUpdateArgs = z
  .strictObject({
    tourId,
    tag: tagRef,
    name: z.string().min(1).max(100).optional().describe('The new name.'),
    color: lookupName('avatarColors').optional().describe('The new color: a name from the avatarColors lookup, or its ID.'),
  })
  .refine((args) => unresolved(args) || args.name !== undefined || args.color !== undefined, 'give "name", "color" or both');
export type TagUpdateArgs = z.infer<typeof tagUpdateArgs>;

export const tagUpdate = defineAction({
  name: 'tag.update',
  description: 'Rename or recolour a tag; every schedule item carrying it shows the change.',
  args: tagUpdateArgs,
  outputs: outputs({ id: recordId('tag ID'), name: text('the tag’s name now') }),
  calls: ['GET /v1/tours/{tourId}/tags', 'GET /v1/reference/types', 'PUT /v1/tours/{tourId}/tags/{tagId}'],
  kind: ActionKind.update,
  compensation: { describe: 'put the previous name and color back', calls: ['PUT /v1/tours/{tourId}/tags/{tagId}'] },
});
