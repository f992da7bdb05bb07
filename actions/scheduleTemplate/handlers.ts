/**
 * The worker's handlers of the schedule template actions (catalogue in `catalogue.ts`); templates
 * are each user's own: list them, save one from items or a whole day, apply one to a day, undo an
 * apply, rename, delete and restore one (the rename's undo writes the old name back). Apply and
 * undo-apply, with `resolveTemplate`, are in `apply-handlers.ts`.
 */
import {
  scheduleTemplateDelete as scheduleTemplateDeleteAction,
  scheduleTemplateListArgs,
  scheduleTemplateRenameArgs,
  scheduleTemplateRestore as scheduleTemplateRestoreAction,
  scheduleTemplateCreateArgs,
} from './catalogue.ts';
import {
  resolveTemplate,
  scheduleTemplateApply,
  scheduleTemplateApplyPrepare,
  scheduleTemplateUndoApply,
  scheduleTemplateUndoApplyPrepare,
} from './apply-handlers.ts';
import {
  createScheduleTemplate,
  deleteScheduleTemplate,
  listScheduleTemplateItems,
  renameScheduleTemplate,
  restoreScheduleTemplate,
  undoApplyScheduleTemplate,
} from '../../api/contract/schedule-templates.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { clockOf, foldName, readItemsOfDay, readTemplates, templateIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { byIdHandler, recordUndo, restoreForUndo } from '../../activities/actions/by-id.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { plural } from '../../definitions/plural.ts';
import { lookupTour, resolveDay } from '../../activities/actions/tour-days.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** Most items one template holds. */
const TEMPLATE_MAX_ITEMS = 500;

async function scheduleTemplateCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleTemplateCreateArgs, call.args);
  let itemIds = args.items ?? [];
  let source = `${itemIds.length} items`;
  if (args.fromDay !== undefined) {
    const day = resolveDay(await lookupTour(ctx, args.tourId), args.fromDay);
    itemIds = (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id);
    if (itemIds.length === 0)
      throw stepError(
        `Day ${day.date} has no schedule items you can see; there is nothing to save as template "${args.name}".`,
        FailureType.EMPTY_SELECTION,
      );
    if (itemIds.length > TEMPLATE_MAX_ITEMS)
      throw stepError(
        `Day ${day.date} has ${itemIds.length} items; a template holds at most ${TEMPLATE_MAX_ITEMS}. Pass "items" instead.`,
      );
    source = `the ${itemIds.length} items of ${day.date}`;
  }
  const body = {
    templateName: args.name,
    itemIds,
    includeNotes: args.includeNotes,
    includeVisibility: args.includeVisibility,
    includeAttachment: args.includeAttachments,
  };
  const { id } = await ctx.client.call(createScheduleTemplate, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  return {
    output: { id, name: args.name, itemCount: itemIds.length },
    undo: [
      {
        activity: 'scheduleTemplateDelete',
        args: { templateId: id },
        describe: `delete schedule template ${args.name}`,
        record: { resource: 'scheduleTemplate', id, label: args.name },
      },
    ],
    tourId: args.tourId,
    describe: `saved schedule template ${args.name} from ${source}`,
  };
}

async function scheduleTemplateList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleTemplateListArgs, call.args);
  const all = await readTemplates(ctx, args.tourId);
  const chosen =
    args.name === undefined ? all : all.filter((template) => foldName(template.template_name) === foldName(args.name!));
  const templates = await mapLimited(chosen, DAY_READS_IN_FLIGHT, async (template) => {
    const entry: JsonObject = {
      id: template.id,
      name: template.template_name,
      itemCount: template.item_templates_count ?? null,
    };
    if (!args.items) return entry;
    const items = await ctx.client.call(listScheduleTemplateItems, {
      params: { templateId: template.id },
      signal: ctx.signal,
    });
    entry.items = items.map((item) => ({
      id: item.id,
      name: item.name,
      start: clockOf(item.start_time),
      end: clockOf(item.end_time),
      notes: item.notes ?? null,
      tagIds: item.tag_ids ?? [],
    }));
    entry.itemCount = items.length;
    return entry;
  });
  return {
    output: { templates, ids: templates.map((template) => template.id as number), count: templates.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(templates.length, 'template')}`,
  };
}

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
  await ctx.client.call(renameScheduleTemplate, {
    params: { templateId: template.id },
    body: { templateName: args.name },
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
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
  return [
    recordUndo(
      'scheduleTemplateRenameBack',
      'scheduleTemplate',
      'templateId',
      template.id,
      call.idempotencyKey,
      describe,
      { name: template.template_name },
    ),
  ];
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const templateUndo = {
  scheduleTemplateDelete: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(deleteScheduleTemplate, { params: { templateId: Number(args.templateId) }, signal: ctx.signal }),
    ),
  scheduleTemplateUnapply: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(undoApplyScheduleTemplate, {
        params: { templateId: Number(args.templateId) },
        body: { dayId: Number(args.dayId) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
  scheduleTemplateRestore: (undo, ctx) =>
    restoreForUndo(() =>
      ctx.client.call(restoreScheduleTemplate, {
        params: { templateId: Number(undo.templateId) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
  scheduleTemplateRenameBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(renameScheduleTemplate, {
        params: { templateId: Number(undo.templateId) },
        body: { templateName: String(undo.name) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const templateActions = {
  actions: {
    'schedule.template.list': { run: scheduleTemplateList },
    'schedule.template.create': { run: scheduleTemplateCreate },
    'schedule.template.apply': { run: scheduleTemplateApply, prepare: scheduleTemplateApplyPrepare },
    'schedule.template.undoApply': { run: scheduleTemplateUndoApply, prepare: scheduleTemplateUndoApplyPrepare },
    'schedule.template.rename': { run: scheduleTemplateRenameRun, prepare: scheduleTemplateRenamePrepare },
    'schedule.template.delete': byIdHandler({
      action: scheduleTemplateDeleteAction,
      idArg: 'templateId',
      resolve: (ctx, args) => templateIdOf(ctx, args),
      describe: (id) => `deleted schedule template ${id}`,
      write: (ctx, templateId, idempotencyKey) =>
        deleteOnce(() =>
          ctx.client.call(deleteScheduleTemplate, { params: { templateId }, idempotencyKey, signal: ctx.signal }),
        ),
      undo: (id, by) =>
        recordUndo(
          'scheduleTemplateRestore',
          'scheduleTemplate',
          'templateId',
          id,
          by,
          `restore schedule template ${id}`,
        ),
    }),
    'schedule.template.restore': byIdHandler({
      action: scheduleTemplateRestoreAction,
      idArg: 'templateId',
      describe: (id) => `restored schedule template ${id}`,
      write: (ctx, templateId, idempotencyKey) =>
        ctx.client.call(restoreScheduleTemplate, { params: { templateId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) =>
        recordUndo(
          'scheduleTemplateDelete',
          'scheduleTemplate',
          'templateId',
          id,
          by,
          `delete schedule template ${id} again`,
        ),
    }),
  },
  undo: templateUndo,
} satisfies ActionModule;
