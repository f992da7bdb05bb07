/**
 * Schedule templates (each user's own): save one from items or a whole day, apply one to a day,
 * undo an apply. A REPLACE apply deletes the day's visible items first; its undo removes what the
 * template created and then restores those items.
 */
import {
  ApplyMode,
  scheduleTemplateApplyArgs,
  scheduleTemplateCreateArgs,
  scheduleTemplateUndoApplyArgs,
  type ScheduleTemplateApplyArgs,
} from '../../definitions/actions/templates.ts';
import {
  applyScheduleTemplate,
  createScheduleTemplate,
  deleteScheduleTemplate,
  undoApplyScheduleTemplate,
  type ScheduleTemplate,
} from '../../api/contract/schedule-templates.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import { pickTemplate, readItemsOfDay, readTemplates } from '../names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { ignoreGone, parseArgs, stepError } from './common.ts';
import { restoreMissingUndo } from './schedule-items.ts';
import { lookupTour, resolveDay, type TourDay } from './tour-days.ts';
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
} satisfies Record<string, UndoHandler>;

export const templateActions = {
  actions: {
    'schedule.template.create': { run: scheduleTemplateCreate },
    'schedule.template.apply': { run: scheduleTemplateApply, prepare: scheduleTemplateApplyPrepare },
    'schedule.template.undoApply': { run: scheduleTemplateUndoApply, prepare: scheduleTemplateUndoApplyPrepare },
  },
  undo: templateUndo,
} satisfies ActionModule;
