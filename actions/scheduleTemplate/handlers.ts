/**
 * The worker's handlers of the schedule template actions (catalogue in `catalogue.ts`); templates
 * are each user's own: list them, save one from items or a whole day, apply one to a day, undo an
 * apply, rename, delete and restore one (the rename's undo writes the old name back). A REPLACE
 * apply deletes the day's visible items first; its undo removes what the template created and
 * then restores those items.
 */
import {
  ApplyMode,
  scheduleTemplateDelete as scheduleTemplateDeleteAction,
  scheduleTemplateListArgs,
  scheduleTemplateRenameArgs,
  scheduleTemplateRestore as scheduleTemplateRestoreAction,
  scheduleTemplateApplyArgs,
  scheduleTemplateCreateArgs,
  scheduleTemplateUndoApplyArgs,
  type ScheduleTemplateApplyArgs,
} from './catalogue.ts';
import {
  applyScheduleTemplate,
  createScheduleTemplate,
  deleteScheduleTemplate,
  listScheduleTemplateItems,
  renameScheduleTemplate,
  restoreScheduleTemplate,
  undoApplyScheduleTemplate,
  type ScheduleTemplate,
} from '../../api/contract/schedule-templates.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { clockOf, foldName, pickTemplate, readItemsOfDay, readTemplates, templateIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { byIdHandler, recordUndo, restoreForUndo } from '../../activities/actions/by-id.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { plural } from '../../definitions/plural.ts';
import { restoreMissingUndo } from '../../activities/actions/schedule-items.ts';
import { lookupTour, resolveDay, type TourDay } from '../../activities/actions/tour-days.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** Most items one template holds. */
const TEMPLATE_MAX_ITEMS = 500;

/**
 * One of the caller's templates in the tour, by name (case-insensitive) or ID. Applying a
 * template does not change the list, so the calls of one activity read it once.
 */
export async function resolveTemplate(ctx: ActionContext, tourId: string, ref: string | number): Promise<ScheduleTemplate> {
  return pickTemplate(await ctx.shared(`templates:${tourId}`, () => readTemplates(ctx, tourId)), ref, tourId);
}

async function scheduleTemplateCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleTemplateCreateArgs, call.args);
  let itemIds = args.items ?? [];
  let source = `${itemIds.length} items`;
  if (args.fromDay !== undefined) {
    const day = resolveDay(await lookupTour(ctx, args.tourId), args.fromDay);
    itemIds = (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id);
    if (itemIds.length === 0) throw stepError(`Day ${day.date} has no schedule items you can see; there is nothing to save as template "${args.name}".`, FailureType.EMPTY_SELECTION);
    if (itemIds.length > TEMPLATE_MAX_ITEMS) throw stepError(`Day ${day.date} has ${itemIds.length} items; a template holds at most ${TEMPLATE_MAX_ITEMS}. Pass "items" instead.`);
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
    undo: [{ activity: 'scheduleTemplateDelete', args: { templateId: id }, describe: `delete schedule template ${args.name}`, record: { resource: 'scheduleTemplate', id, label: args.name } }],
    tourId: args.tourId,
    describe: `saved schedule template ${args.name} from ${source}`,
  };
}

function undoApplyRecord(template: ScheduleTemplate, day: TourDay, by: string): UndoRecord {
  return {
    activity: 'scheduleTemplateUnapply',
    args: { templateId: template.id, dayId: day.id, by },
    describe: `remove the items template ${template.template_name} created on ${day.date}`,
    record: { resource: 'scheduleTemplate', id: template.id, label: `${template.template_name} on ${day.date}` },
  };
}

/**
 * The undo of an apply, in the order the writes happen: REPLACE's deletions first, then the
 * template's items. Run in reverse, the template's items go before the old ones come back.
 */
function applyUndo(args: ScheduleTemplateApplyArgs, template: ScheduleTemplate, day: TourDay, replaced: number[], by: string): UndoRecord[] {
  const restore = replaced.length > 0 ? [restoreMissingUndo(args.tourId, day.id, replaced, by, `restore the ${replaced.length} items REPLACE deleted on ${day.date}`)] : [];
  return [...restore, undoApplyRecord(template, day, by)];
}

async function applyTarget(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, scheduleTemplateApplyArgs, call.args);
  const template = await resolveTemplate(ctx, args.tourId, args.template);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const visible = args.mode === ApplyMode.replace ? (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id) : [];
  return { args, template, day, visible };
}

async function scheduleTemplateApply(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, template, day, visible } = await applyTarget(call, ctx);
  const body = { dayId: day.id, mode: args.mode };
  const { ids } = await ctx.client.call(applyScheduleTemplate, { params: { templateId: template.id }, body, idempotencyKey: ctx.key(), signal: ctx.signal });
  // On a repeated attempt the day already shows the template's items: they were not replaced.
  const created = new Set(ids);
  const replaced = visible.filter((id) => !created.has(id));
  return {
    output: { ids, dayId: day.id, date: day.date, templateId: template.id, replaced },
    undo: applyUndo(args, template, day, replaced, call.idempotencyKey),
    tourId: args.tourId,
    describe: `applied template ${template.template_name} to ${day.date} (${args.mode}): ${ids.length} items created${replaced.length ? `, ${replaced.length} replaced` : ''}`,
  };
}

/** For a catalogue that prepares this step's undo: the same records, read before the call. */
async function scheduleTemplateApplyPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, template, day, visible } = await applyTarget(call, ctx);
  return applyUndo(args, template, day, visible, call.idempotencyKey);
}

async function undoApplyTarget(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, scheduleTemplateUndoApplyArgs, call.args);
  const template = await resolveTemplate(ctx, args.tourId, args.template);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  return { args, template, day };
}

async function scheduleTemplateUndoApply(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, template, day } = await undoApplyTarget(call, ctx);
  const before = (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id);
  await ctx.client.call(undoApplyScheduleTemplate, { params: { templateId: template.id }, body: { dayId: day.id }, idempotencyKey: ctx.key(), signal: ctx.signal });
  const after = new Set((await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id));
  const removed = before.filter((id) => !after.has(id));
  return {
    output: { templateId: template.id, dayId: day.id, removed },
    undo: [],
    tourId: args.tourId,
    describe: `removed ${removed.length} items of template ${template.template_name} from ${day.date}`,
  };
}

/** Undo-apply deletes only this template's items; the undo restores whatever of the day's items went missing. */
async function scheduleTemplateUndoApplyPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, template, day } = await undoApplyTarget(call, ctx);
  const visible = (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id);
  if (visible.length === 0) return [];
  return [restoreMissingUndo(args.tourId, day.id, visible, call.idempotencyKey, `restore the items template ${template.template_name} had created on ${day.date}`)];
}

async function scheduleTemplateList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleTemplateListArgs, call.args);
  const all = await readTemplates(ctx, args.tourId);
  const chosen = args.name === undefined ? all : all.filter((template) => foldName(template.template_name) === foldName(args.name!));
  const templates = await mapLimited(chosen, DAY_READS_IN_FLIGHT, async (template) => {
    const entry: JsonObject = { id: template.id, name: template.template_name, itemCount: template.item_templates_count ?? null };
    if (!args.items) return entry;
    const items = await ctx.client.call(listScheduleTemplateItems, { params: { templateId: template.id }, signal: ctx.signal });
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

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const templateUndo = {
  scheduleTemplateDelete: (args, ctx) =>
    ignoreGone(() => ctx.client.call(deleteScheduleTemplate, { params: { templateId: Number(args.templateId) }, signal: ctx.signal })),
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
    restoreForUndo(() => ctx.client.call(restoreScheduleTemplate, { params: { templateId: Number(undo.templateId) }, idempotencyKey: ctx.key(), signal: ctx.signal })),
  scheduleTemplateRenameBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(renameScheduleTemplate, { params: { templateId: Number(undo.templateId) }, body: { templateName: String(undo.name) }, idempotencyKey: ctx.key(), signal: ctx.signal }),
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
      write: (ctx, templateId, idempotencyKey) => deleteOnce(() => ctx.client.call(deleteScheduleTemplate, { params: { templateId }, idempotencyKey, signal: ctx.signal })),
      undo: (id, by) => recordUndo('scheduleTemplateRestore', 'scheduleTemplate', 'templateId', id, by, `restore schedule template ${id}`),
    }),
    'schedule.template.restore': byIdHandler({
      action: scheduleTemplateRestoreAction,
      idArg: 'templateId',
      describe: (id) => `restored schedule template ${id}`,
      write: (ctx, templateId, idempotencyKey) => ctx.client.call(restoreScheduleTemplate, { params: { templateId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) => recordUndo('scheduleTemplateDelete', 'scheduleTemplate', 'templateId', id, by, `delete schedule template ${id} again`),
    }),
  },
  undo: templateUndo,
} satisfies ActionModule;
