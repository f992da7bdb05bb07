/**
 * The field list of a schedule item, venue or stay: who owns it, reading it, writing changes
 * to it, and the undo that writes a saved list back (fields added since removed, changed ones
 * given their title, value and place back, removed ones added again under new IDs, a stay's
 * confirmation number set back).
 */
import type { DayRef } from '../../definitions/actions/vocabulary.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  listAccommodationCustomFields,
  listScheduleItemCustomFields,
  listVenueCustomFields,
  STAY_CONFIRMATION_NUMBER_KEY,
  updateAccommodationCustomFields,
  updateScheduleItemCustomFields,
  updateVenueCustomFields,
  type CustomFieldChange,
} from '../../api/contract/custom-fields.ts';
import { ENUM_FIELD_LOOKUPS } from '../../api/contract/bodies.ts';
import type { ActionContext, UndoHandler } from '../action.ts';
import { itemIdOf, stayIdOf, venueIdOf, type NameRef } from '../names/index.ts';
import type { UndoRecord } from '../types.ts';
import { ignoreGone, stepError } from './common.ts';
import { lookupTour, resolveDay } from './tour-days.ts';
import { listBackTo } from './list-write-back.ts';

export const CONFIRMATION_NUMBER = STAY_CONFIRMATION_NUMBER_KEY;
export type FieldChange = CustomFieldChange;

/** What owns a field list. */
export interface FieldOwner {
  kind: 'item' | 'venue' | 'stay';
  id: number;
  /** `schedule item 12`, `venue 3`, `stay 9`. */
  label: string;
}

/** A field as the undo keeps it. */
export interface SavedField {
  /** Null for a stay's confirmation number (its booking number). */
  id: number | null;
  title: string | null;
  description: string | null;
  sortOrder: number | null;
  templateKey: string | null;
}

/** The owner a step names: an item of a day, a venue or a stay, by name or ID. */
export async function fieldOwnerOf(
  ctx: ActionContext,
  args: {
    tourId: string;
    day?: DayRef | undefined;
    item?: NameRef | undefined;
    venue?: NameRef | undefined;
    stay?: NameRef | undefined;
  },
): Promise<FieldOwner> {
  if (args.item !== undefined) {
    const day = resolveDay(await lookupTour(ctx, args.tourId), args.day!);
    const id = await itemIdOf(ctx, args.tourId, day, { item: args.item });
    return { kind: 'item', id, label: `schedule item ${id}` };
  }
  if (args.venue !== undefined) {
    const id = await venueIdOf(ctx, { tourId: args.tourId, venue: args.venue });
    return { kind: 'venue', id, label: `venue ${id}` };
  }
  const id = await stayIdOf(ctx, { tourId: args.tourId, stay: args.stay });
  return { kind: 'stay', id, label: `stay ${id}` };
}

/** The key of a premade field of a venue or stay, named by key or label. */
export async function premadeKey(ctx: ActionContext, owner: FieldOwner, template: string): Promise<string> {
  if (owner.kind === 'item')
    throw stepError('Schedule items have no premade fields; give the field by "title" or "field".');
  const group = owner.kind === 'venue' ? 'venueFieldTemplates' : 'stayFieldTemplates';
  const id = await ctx.client.lookups.resolve(group, template);
  return (await ctx.client.lookups.nameOf(group, id)) ?? template;
}

/**
 * The value a premade field of a venue is written with: for one whose value comes from another
 * lookup (the age restriction) the entry's label, named by label or ID; any other as given.
 */
export async function premadeValue(
  ctx: ActionContext,
  owner: FieldOwner,
  key: string | null | undefined,
  value: string | null | undefined,
): Promise<string | null | undefined> {
  const group = key ? ENUM_FIELD_LOOKUPS[key] : undefined;
  if (owner.kind !== 'venue' || group === undefined || typeof value !== 'string') return value;
  return ctx.client.lookups.nameOf(group, await ctx.client.lookups.resolve(group, value));
}

/** The owner's fields now. */
export async function fieldsOf(ctx: ActionContext, owner: FieldOwner): Promise<SavedField[]> {
  const { signal } = ctx;
  const rows =
    owner.kind === 'item'
      ? await ctx.client.call(listScheduleItemCustomFields, { params: { itemId: owner.id }, signal })
      : owner.kind === 'venue'
        ? await ctx.client.call(listVenueCustomFields, { params: { venueId: owner.id }, signal })
        : await ctx.client.call(listAccommodationCustomFields, { params: { accommodationId: owner.id }, signal });
  return rows.map((row) => ({
    id: row.id,
    title: row.title ?? null,
    description: row.description ?? null,
    sortOrder: row.sort_order ?? null,
    templateKey: row.template_key ?? null,
  }));
}

/** Writes changes to the owner's fields (only the listed fields change). */
export async function writeFields(
  ctx: ActionContext,
  owner: FieldOwner,
  fields: FieldChange[],
  idempotencyKey: string,
): Promise<void> {
  const { signal } = ctx;
  const body = { fields };
  if (owner.kind === 'item')
    await ctx.client.call(updateScheduleItemCustomFields, {
      params: { itemId: owner.id },
      body,
      idempotencyKey,
      signal,
    });
  else if (owner.kind === 'venue')
    await ctx.client.call(updateVenueCustomFields, { params: { venueId: owner.id }, body, idempotencyKey, signal });
  else
    await ctx.client.call(updateAccommodationCustomFields, {
      params: { accommodationId: owner.id },
      body,
      idempotencyKey,
      signal,
    });
}

/**
 * The undo that writes `fields` back as the owner's list. `by` (the call's idempotency key) keeps
 * its own write's key apart from another call's that saved the same list.
 */
export function fieldsWriteBack(owner: FieldOwner, fields: SavedField[], by: string): UndoRecord {
  return {
    activity: 'customFieldsWriteBack',
    args: { owner: { ...owner }, fields: fields as unknown as JsonObject[], by },
    describe: `put the custom fields of ${owner.label} back as they were (${fields.length})`,
    record: { resource: owner.kind === 'item' ? 'scheduleItem' : owner.kind, id: owner.id },
  };
}

const differs = (a: SavedField, b: SavedField) =>
  a.title !== b.title || a.description !== b.description || (a.sortOrder !== null && a.sortOrder !== b.sortOrder);

/** The values of a saved field, as an ADD or UPDATE writes them. */
const valuesOf = (field: SavedField) => ({
  title: field.title ?? '',
  description: field.description,
  ...(field.sortOrder !== null ? { sortOrder: field.sortOrder } : {}),
});

/** The changes that turn `now` back into `saved`. */
export function changesBackTo(saved: readonly SavedField[], now: readonly SavedField[]): FieldChange[] {
  const fields = listBackTo<SavedField, FieldChange>(saved, now, {
    id: (field) => field.id,
    remove: (field) => ({ operation: 'REMOVE', id: field.id! }),
    add: (field) => ({
      operation: 'ADD',
      ...valuesOf(field),
      ...(field.templateKey ? { templateKey: field.templateKey } : {}),
    }),
    update: (field, current) =>
      differs(field, current) ? { operation: 'UPDATE', id: field.id!, ...valuesOf(field) } : undefined,
  });
  const bookingThen = saved.find((field) => field.id === null)?.description ?? null;
  const bookingNow = now.find((field) => field.id === null)?.description ?? null;
  const booking: FieldChange[] =
    bookingThen === bookingNow
      ? []
      : [{ operation: 'ADD', templateKey: CONFIRMATION_NUMBER, description: bookingThen }];
  return [...fields, ...booking];
}

const writeBack: UndoHandler = (args, ctx) =>
  ignoreGone(async () => {
    const owner = args.owner as unknown as FieldOwner;
    const changes = changesBackTo(args.fields as unknown as SavedField[], await fieldsOf(ctx, owner));
    if (changes.length > 0) await writeFields(ctx, owner, changes, ctx.key());
  });

/** Undo activities of the custom-field actions. */
export const fieldListUndo = { customFieldsWriteBack: writeBack } satisfies Record<string, UndoHandler>;
