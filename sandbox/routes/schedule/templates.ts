/**
 * Schedule templates, per user: every endpoint sees only the caller's own templates, even for
 * administrators. The tour is derived from the saved items and fixed at save time.
 */
import type { FastifyInstance } from 'fastify';
import { canSee, requireTour, setDeleted } from '../../access.ts';
import type { SandboxContext } from '../../context.ts';
import { ApiProblem, ErrorCode, notFound, validationError } from '../../errors.ts';
import { defineRoute, type BodyInput } from '../../pipeline/route.ts';
import type { ScheduleItemRecord, TemplateRecord } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import { userRef } from '../../views/people.ts';
import { nowIso } from '../shared/schemas.ts';
import { applyTemplateItems, saveTemplateItems, templateItemView, templateItemsOf } from './template-model.ts';

/** The caller's own template (live, or deleted when asked), under a live tour they belong to. */
function ownTemplate(
  store: Store,
  templateId: number,
  userId: string,
  deleted: boolean | 'any' = false,
): TemplateRecord {
  const template = store.templates.get(templateId);
  if (!template || template.userId !== userId) throw notFound('Schedule template');
  requireTour(store, template.tourId, userId);
  if (deleted !== 'any' && template.isDeleted !== deleted) throw notFound('Schedule template');
  return template;
}

function checkUniqueName(store: Store, tourId: string, userId: string, name: string, except?: number): void {
  const taken = store.templates.find(
    (row) => row.tourId === tourId && row.userId === userId && !row.isDeleted && row.name === name && row.id !== except,
  );
  if (taken) throw new ApiProblem(409, ErrorCode.conflict, `You already have a template named "${name}" in this tour`);
}

/** Items to save: unknown → 404; several tours → 400; restricted away from the caller → 404. */
function itemsToSave(store: Store, itemIds: number[], userId: string): ScheduleItemRecord[] {
  const items = itemIds.map((id) => {
    const item = store.scheduleItems.get(id);
    if (!item || item.isDeleted) throw notFound(`Schedule item ${id}`);
    return item;
  });
  if (new Set(items.map((item) => item.tourId)).size > 1)
    throw validationError('itemIds: all items must belong to one tour');
  requireTour(store, (items[0] as ScheduleItemRecord).tourId, userId);
  for (const item of items) if (!canSee(item, userId)) throw notFound(`Schedule item ${item.id}`);
  return items;
}

/** The day must belong to the template's tour (400 otherwise). */
function templateDay(store: Store, template: TemplateRecord, dayId: number): number {
  if (store.days.get(dayId)?.tourId !== template.tourId)
    throw validationError(`dayId: ${dayId} is not a day of the template's tour`);
  return dayId;
}

/** Soft-deletes the day's live items the user sees (and `which` picks); others stay untouched. */
function deleteVisibleItems(
  store: Store,
  dayId: number,
  userId: string,
  which: (item: ScheduleItemRecord) => boolean,
): void {
  for (const item of store.scheduleItems.filter(
    (row) => row.dayId === dayId && !row.isDeleted && canSee(row, userId) && which(row),
  ))
    setDeleted(item, true);
}

/** A template as the list read returns it. */
function templateListItem(store: Store, row: TemplateRecord): Record<string, unknown> {
  return {
    id: row.id,
    template_name: row.name,
    tour_id: row.tourId,
    org_id: row.orgId,
    created_by: userRef(store, row.userId),
    item_templates_count: templateItemsOf(store, row.id).length,
  };
}

function setTemplateDeleted(store: Store, template: TemplateRecord, isDeleted: boolean): void {
  setDeleted(template, isDeleted);
  for (const entry of store.templateItems.filter((row) => row.templateId === template.id)) entry.isDeleted = isDeleted;
}

function createTemplate(store: Store, userId: string, input: BodyInput<'createScheduleTemplate'>): number {
  const items = itemsToSave(store, input.itemIds, userId);
  const tour = requireTour(store, (items[0] as ScheduleItemRecord).tourId, userId);
  checkUniqueName(store, tour.id, userId, input.templateName);
  const now = nowIso();
  const template = store.templates.put({
    id: store.nextId('template'),
    tourId: tour.id,
    orgId: tour.orgId,
    userId,
    name: input.templateName,
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
  });
  saveTemplateItems(store, template, items, {
    includeNotes: input.includeNotes ?? true,
    includeVisibility: input.includeVisibility ?? true,
    includeAttachment: input.includeAttachment ?? true,
  });
  return template.id;
}

/** Registers the template endpoints. */
export function registerTemplateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listScheduleTemplates', ({ store, caller, params }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const own = store.templates.filter(
      (row) => row.tourId === tour.id && row.userId === caller.userId && !row.isDeleted,
    );
    own.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    return { data: own.map((row) => templateListItem(store, row)) };
  });

  defineRoute(app, ctx, 'listScheduleTemplateItems', ({ store, caller, params }) => {
    const template = ownTemplate(store, params.templateId as number, caller.userId);
    return { data: templateItemsOf(store, template.id).map(templateItemView) };
  });

  defineRoute(app, ctx, 'createScheduleTemplate', ({ store, caller, input }) => ({
    data: { id: createTemplate(store, caller.userId, input()) },
    message: 'Schedule template created',
  }));

  defineRoute(app, ctx, 'renameScheduleTemplate', ({ store, caller, params, input }) => {
    const template = ownTemplate(store, params.templateId as number, caller.userId);
    const name = input().templateName;
    checkUniqueName(store, template.tourId, caller.userId, name, template.id);
    Object.assign(template, { name, updatedAt: nowIso() });
    return { data: { id: template.id }, message: 'Schedule template renamed' };
  });

  defineRoute(app, ctx, 'deleteScheduleTemplate', ({ store, caller, params }) => {
    setTemplateDeleted(store, ownTemplate(store, params.templateId as number, caller.userId), true);
    return { message: 'Schedule template deleted' };
  });

  defineRoute(app, ctx, 'restoreScheduleTemplate', ({ store, caller, params }) => {
    const template = ownTemplate(store, params.templateId as number, caller.userId, 'any');
    if (!template.isDeleted) throw validationError('Schedule template is not deleted');
    checkUniqueName(store, template.tourId, caller.userId, template.name, template.id);
    setTemplateDeleted(store, template, false);
    return { message: 'Schedule template restored' };
  });

  defineRoute(app, ctx, 'applyScheduleTemplate', ({ store, caller, params, input }) => {
    const template = ownTemplate(store, params.templateId as number, caller.userId);
    const { dayId: asked, mode = 'MERGE' } = input();
    const dayId = templateDay(store, template, asked);
    if (mode === 'REPLACE') deleteVisibleItems(store, dayId, caller.userId, () => true);
    return {
      data: { ids: applyTemplateItems(store, template, dayId, caller.userId) },
      message: 'Schedule template applied',
    };
  });

  defineRoute(app, ctx, 'undoApplyScheduleTemplate', ({ store, caller, params, input }) => {
    const template = ownTemplate(store, params.templateId as number, caller.userId);
    const dayId = templateDay(store, template, input().dayId);
    deleteVisibleItems(store, dayId, caller.userId, (item) => item.templateId === template.id);
    return { message: 'Template application undone' };
  });
}
