/**
 * The worker's handlers of `schedule.template.apply` and `schedule.template.undoApply`
 * (catalogue in `catalogue.ts`, registered in `handlers.ts`), and `resolveTemplate`, which finds
 * the template a step names. A REPLACE apply deletes the day's visible items first; its undo
 * removes what the template created and then restores those items.
 */
import {
  ApplyMode,
  scheduleTemplateApplyArgs,
  scheduleTemplateUndoApplyArgs,
  type ScheduleTemplateApplyArgs,
} from './catalogue.ts';
import {
  applyScheduleTemplate,
  undoApplyScheduleTemplate,
  type ScheduleTemplate,
} from '../../api/contract/schedule-templates.ts';
import type { ActionContext } from '../../activities/action.ts';
import { pickTemplate, readItemsOfDay, readTemplates } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { parseArgs } from '../../activities/actions/common.ts';
import { restoreMissingUndo } from '../../activities/actions/schedule-items.ts';
import { lookupTour, resolveDay, type TourDay } from '../../activities/actions/tour-days.ts';

/**
 * One of the caller's templates in the tour, by name (case-insensitive) or ID. Applying a
 * template does not change the list, so the calls of one activity read it once.
 */
export async function resolveTemplate(
  ctx: ActionContext,
  tourId: string,
  ref: string | number,
): Promise<ScheduleTemplate> {
  return pickTemplate(await ctx.shared(`templates:${tourId}`, () => readTemplates(ctx, tourId)), ref, tourId);
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
function applyUndo(
  args: ScheduleTemplateApplyArgs,
  template: ScheduleTemplate,
  day: TourDay,
  replaced: number[],
  by: string,
): UndoRecord[] {
  const restore =
    replaced.length > 0
      ? [
          restoreMissingUndo(
            args.tourId,
            day.id,
            replaced,
            by,
            `restore the ${replaced.length} items REPLACE deleted on ${day.date}`,
          ),
        ]
      : [];
  return [...restore, undoApplyRecord(template, day, by)];
}

async function applyTarget(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, scheduleTemplateApplyArgs, call.args);
  const template = await resolveTemplate(ctx, args.tourId, args.template);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const visible =
    args.mode === ApplyMode.replace ? (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id) : [];
  return { args, template, day, visible };
}

export async function scheduleTemplateApply(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, template, day, visible } = await applyTarget(call, ctx);
  const body = { dayId: day.id, mode: args.mode };
  const { ids } = await ctx.client.call(applyScheduleTemplate, {
    params: { templateId: template.id },
    body,
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
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
export async function scheduleTemplateApplyPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, template, day, visible } = await applyTarget(call, ctx);
  return applyUndo(args, template, day, visible, call.idempotencyKey);
}

async function undoApplyTarget(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, scheduleTemplateUndoApplyArgs, call.args);
  const template = await resolveTemplate(ctx, args.tourId, args.template);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  return { args, template, day };
}

export async function scheduleTemplateUndoApply(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, template, day } = await undoApplyTarget(call, ctx);
  const before = (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id);
  await ctx.client.call(undoApplyScheduleTemplate, {
    params: { templateId: template.id },
    body: { dayId: day.id },
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
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
export async function scheduleTemplateUndoApplyPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, template, day } = await undoApplyTarget(call, ctx);
  const visible = (await readItemsOfDay(ctx, args.tourId, day.id)).map((item) => item.id);
  if (visible.length === 0) return [];
  return [
    restoreMissingUndo(
      args.tourId,
      day.id,
      visible,
      call.idempotencyKey,
      `restore the items template ${template.template_name} had created on ${day.date}`,
    ),
  ];
}
