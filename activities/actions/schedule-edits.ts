/**
 * Schedule items restored; templates renamed, deleted, restored; tags renamed and recoloured.
 * Each undo is prepared before the write: the restore's is a delete, the delete's a restore,
 * the rename's and the tag update's a write-back of what was read first.
 */
import { scheduleItemRestore, scheduleTemplateDelete, scheduleTemplateRenameArgs, scheduleTemplateRestore, tagUpdateArgs } from '../../definitions/actions/schedule-edits.ts';
import { restoreScheduleItem } from '../../api/contract/schedule.ts';
import { deleteScheduleTemplate, renameScheduleTemplate, restoreScheduleTemplate } from '../../api/contract/schedule-templates.ts';
import { updateTag } from '../../api/contract/tags.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import { templateIdOf } from '../names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { byIdHandler, recordUndo, restoreForUndo } from './by-id.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from './common.ts';
import { resolveTagIds, tourCache } from './schedule-items.ts';
import { resolveTemplate } from './templates.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/**
 * The template to rename. One that already carries the new name is taken as renamed: an attempt
 * after a lost answer finds it so (the write is then replayed by its key).
 */
async function templateToRename(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, scheduleTemplateRenameArgs, call.args);
  try {
    return { args, template: await resolveTemplate(ctx, args.tourId, args.template) };
  } catch (error) {
    if (typeof args.template === 'number') throw error;
    return { args, template: await resolveTemplate(ctx, args.tourId, args.name) };
  }
}

async function scheduleTemplateRenameRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, template } = await templateToRename(call, ctx);
  await ctx.client.call(renameScheduleTemplate, { params: { templateId: template.id }, body: { templateName: args.name }, idempotencyKey: ctx.key(), signal: ctx.signal });
  return {
    output: { id: template.id, name: args.name },
    undo: [],
    tourId: args.tourId,
    describe: `renamed schedule template ${template.template_name} to ${args.name}`,
  };
}

async function scheduleTemplateRenamePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { template } = await templateToRename(call, ctx);
  const describe = `rename schedule template ${template.id} back to ${template.template_name}`;
  return [recordUndo('scheduleTemplateRenameBack', 'scheduleTemplate', 'templateId', template.id, call.idempotencyKey, describe, { name: template.template_name })];
}

/** The tag as it is before the update; one already carrying the new name is taken as renamed (a lost answer). */
async function tagBefore(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, tagUpdateArgs, call.args);
  const cache = tourCache(ctx, args.tourId);
  const find = async (ref: string | number) => {
    const [tagId] = (await resolveTagIds(cache, [ref])) as [number];
    const tag = (await cache.tags()).find((row) => row.id === tagId);
    if (!tag) throw stepError(`Tag ${String(ref)} is not on tour ${args.tourId}.`, FailureType.UNKNOWN_NAME);
    return tag;
  };
  try {
    return { args, tag: await find(args.tag) };
  } catch (error) {
    if (args.name === undefined || typeof args.tag === 'number') throw error;
    return { args, tag: await find(args.name) };
  }
}

async function tagUpdateRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, tag } = await tagBefore(call, ctx);
  const body = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.color !== undefined ? { colorId: await ctx.client.lookups.resolve('avatarColors', args.color) } : {}),
  };
  const updated = await ctx.client.call(updateTag, { params: { tourId: args.tourId, tagId: tag.id }, body, idempotencyKey: ctx.key(), signal: ctx.signal });
  return { output: { id: tag.id, name: updated.name }, undo: [], tourId: args.tourId, describe: `updated tag ${tag.name} (${Object.keys(body).join(', ')})` };
}

async function tagUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, tag } = await tagBefore(call, ctx);
  const saved = { tourId: args.tourId, name: tag.name, ...(tag.color ? { colorId: tag.color.id } : {}) };
  return [recordUndo('tagWriteBack', 'tag', 'tagId', tag.id, call.idempotencyKey, `put tag ${tag.name} back as it was`, saved)];
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const scheduleEditUndo = {
  scheduleTemplateRestore: (undo, ctx) =>
    restoreForUndo(() => ctx.client.call(restoreScheduleTemplate, { params: { templateId: Number(undo.templateId) }, idempotencyKey: ctx.key(), signal: ctx.signal })),
  scheduleTemplateRenameBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(renameScheduleTemplate, { params: { templateId: Number(undo.templateId) }, body: { templateName: String(undo.name) }, idempotencyKey: ctx.key(), signal: ctx.signal }),
    ),
  tagWriteBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateTag, {
        params: { tourId: String(undo.tourId), tagId: Number(undo.tagId) },
        body: { name: String(undo.name), ...(typeof undo.colorId === 'number' ? { colorId: undo.colorId } : {}) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const scheduleEditActions = {
  actions: {
    'schedule.item.restore': byIdHandler({
      action: scheduleItemRestore,
      idArg: 'itemId',
      describe: (id) => `restored schedule item ${id}`,
      write: (ctx, itemId, idempotencyKey) => ctx.client.call(restoreScheduleItem, { params: { itemId }, idempotencyKey, signal: ctx.signal }),
      undo: (id) => ({ activity: 'scheduleItemsDelete', args: { itemIds: [id] }, describe: `delete schedule item ${id} again`, record: { resource: 'scheduleItem', id } }),
    }),
    'schedule.template.rename': { run: scheduleTemplateRenameRun, prepare: scheduleTemplateRenamePrepare },
    'schedule.template.delete': byIdHandler({
      action: scheduleTemplateDelete,
      idArg: 'templateId',
      resolve: (ctx, args) => templateIdOf(ctx, args),
      describe: (id) => `deleted schedule template ${id}`,
      write: (ctx, templateId, idempotencyKey) => deleteOnce(() => ctx.client.call(deleteScheduleTemplate, { params: { templateId }, idempotencyKey, signal: ctx.signal })),
      undo: (id, by) => recordUndo('scheduleTemplateRestore', 'scheduleTemplate', 'templateId', id, by, `restore schedule template ${id}`),
    }),
    'schedule.template.restore': byIdHandler({
      action: scheduleTemplateRestore,
      idArg: 'templateId',
      describe: (id) => `restored schedule template ${id}`,
      write: (ctx, templateId, idempotencyKey) => ctx.client.call(restoreScheduleTemplate, { params: { templateId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) => recordUndo('scheduleTemplateDelete', 'scheduleTemplate', 'templateId', id, by, `delete schedule template ${id} again`),
    }),
    'tag.update': { run: tagUpdateRun, prepare: tagUpdatePrepare },
  },
  undo: scheduleEditUndo,
} satisfies ActionModule;
