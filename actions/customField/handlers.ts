/**
 * The worker's handlers of the custom field actions (catalogue in `catalogue.ts`):
 * `customField.list`, and `customField.add`, `customField.update` and `customField.remove` on schedule items, venues and
 * stays. Every write carries the call's idempotency key: an attempt after a lost answer gets the
 * first answer back and changes nothing more. The undo, prepared before the call, is the owner's
 * field list as it was; it writes that list back (`fieldsWriteBack` in `field-lists.ts`).
 */
import {
  customFieldAddArgs,
  customFieldListArgs,
  customFieldRemoveArgs,
  customFieldUpdateArgs,
  type CustomFieldAddArgs,
  type CustomFieldRemoveArgs,
} from './catalogue.ts';
import { ApplicationFailure } from '@temporalio/activity';
import type { ActionContext, ActionHandler, ActionModule } from '../../activities/action.ts';
import { foldName, pick, pickItem, readItemsOfDay, type Candidate } from '../../activities/names/index.ts';
import {
  listAccommodationCustomFields,
  listScheduleItemCustomFields,
  listVenueCustomFields,
} from '../../api/contract/custom-fields.ts';
import { placeOf } from '../../activities/actions/list-places.ts';
import { lookupTour, resolveDay } from '../../activities/actions/tour-days.ts';
import { plural } from '../../definitions/plural.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { parseArgs } from '../../activities/actions/common.ts';
import {
  CONFIRMATION_NUMBER,
  fieldListUndo,
  fieldOwnerOf,
  fieldsOf,
  fieldsWriteBack,
  premadeKey,
  premadeValue,
  writeFields,
  type FieldChange,
  type FieldOwner,
  type SavedField,
} from '../../activities/actions/field-lists.ts';
import { FailureType } from '../../definitions/failure-types.ts';

type Action = 'add' | 'update' | 'remove';
const SCHEMAS = { add: customFieldAddArgs, update: customFieldUpdateArgs, remove: customFieldRemoveArgs } as const;
type FieldArgs = CustomFieldAddArgs &
  Partial<Omit<CustomFieldRemoveArgs, 'template'>> & { value?: string | null; field?: string | number };

/** The field a call names: by title or ID, or (`template`) by its premade key. */
function pickField(
  fields: readonly SavedField[],
  owner: FieldOwner,
  ref: { field?: string | number | undefined; key?: string | undefined },
): SavedField {
  const candidates: Candidate<SavedField>[] = fields.map((field) => ({
    record: field,
    id: field.id ?? `premade:${field.templateKey ?? ''}`,
    name: ref.key !== undefined ? field.templateKey : field.title,
    ...(field.templateKey && ref.key === undefined ? { aliases: [field.templateKey] } : {}),
  }));
  return pick(
    { kind: 'custom field', where: `on ${owner.label}`, hint: 'add one with customField.add' },
    ref.key ?? ref.field!,
    candidates,
  );
}

/** What a call does to the field list it finds. */
function changeOf(
  action: Action,
  args: FieldArgs,
  fields: readonly SavedField[],
  owner: FieldOwner,
  key: string | undefined,
): { change: FieldChange; field?: SavedField } {
  const values = {
    ...(args.title !== undefined ? { title: args.title } : {}),
    ...(args.value !== undefined ? { description: args.value } : {}),
    ...(args.sortOrder !== undefined ? { sortOrder: args.sortOrder } : {}),
  };
  if (action === 'add')
    return { change: { operation: 'ADD', ...values, ...(key !== undefined ? { templateKey: key } : {}) } };
  let field: SavedField;
  try {
    field = pickField(fields, owner, { field: args.field, key });
  } catch (error) {
    // A rename whose answer was lost: the field already carries its new title.
    if (action !== 'update' || args.title === undefined || key !== undefined) throw error;
    field = pickField(fields, owner, { field: args.title });
  }
  // The stay's confirmation number has no row: writing its premade key sets the booking number.
  if (field.id === null) {
    const description = action === 'remove' ? null : args.value !== undefined ? args.value : field.description;
    return { change: { operation: 'ADD', templateKey: CONFIRMATION_NUMBER, description }, field };
  }
  return {
    change:
      action === 'remove' ? { operation: 'REMOVE', id: field.id } : { operation: 'UPDATE', id: field.id, ...values },
    field,
  };
}

/** The call's owner, its fields now, and its premade key (resolved). */
async function stateOf(action: Action, call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, SCHEMAS[action], call.args) as FieldArgs;
  const owner = await fieldOwnerOf(ctx, args);
  const key = args.template === undefined ? undefined : await premadeKey(ctx, owner, args.template);
  const fields = await fieldsOf(ctx, owner);
  return { args, owner, key, fields };
}

/** The ID of the field a write made or changed, read back after it. */
function idAfter(
  before: readonly SavedField[],
  after: readonly SavedField[],
  change: FieldChange,
  field: SavedField | undefined,
): number | null {
  if (field) return field.id;
  if (change.templateKey === CONFIRMATION_NUMBER) return null;
  const known = new Set(before.map((row) => row.id));
  const same = (row: SavedField) =>
    change.templateKey !== undefined ? row.templateKey === change.templateKey : row.title === change.title;
  // After a lost answer the field is in `before` already: then the newest one of its title.
  const made = after.filter((row) => same(row) && !known.has(row.id));
  const candidates = made.length > 0 ? made : after.filter(same);
  return candidates.reduce<number | null>(
    (newest, row) => (row.id !== null && (newest === null || row.id > newest) ? row.id : newest),
    null,
  );
}

function handler(action: Action): ActionHandler {
  return {
    async run(call, ctx): Promise<StepOutcome> {
      const state = await stateOf(action, call, ctx);
      let change;
      try {
        change = changeOf(action, state.args, state.fields, state.owner, state.key);
      } catch (error) {
        // An earlier attempt removed the field and its answer was lost: the step's work is done.
        if (
          action !== 'remove' ||
          !isRetry() ||
          !(error instanceof ApplicationFailure) ||
          error.type !== FailureType.UNKNOWN_NAME
        )
          throw error;
        const { field } = state.args;
        return {
          output: { id: typeof field === 'number' ? field : null, owner: state.owner.label },
          undo: [],
          tourId: state.args.tourId,
          describe: `the field was removed from ${state.owner.label} by an earlier attempt`,
        };
      }
      const { args, owner, fields } = state;
      const description = await premadeValue(
        ctx,
        owner,
        change.change.templateKey ?? change.field?.templateKey,
        change.change.description,
      );
      if (description !== undefined) change.change.description = description;
      await writeFields(ctx, owner, [change.change], ctx.key());
      const after = action === 'remove' ? fields : await fieldsOf(ctx, owner);
      const id = idAfter(fields, after, change.change, change.field);
      const what = change.field?.title ?? change.change.title ?? change.change.templateKey ?? '';
      const verb = action === 'add' ? 'added' : action === 'update' ? 'changed' : 'removed';
      return {
        output: { id, owner: owner.label },
        undo: [],
        tourId: args.tourId,
        describe: `${verb} custom field "${what}" on ${owner.label}`,
      };
    },
    async prepare(call, ctx): Promise<UndoRecord[]> {
      const { owner, fields } = await stateOf(action, call, ctx);
      return [fieldsWriteBack(owner, fields, call.idempotencyKey)];
    },
  };
}

async function customFieldList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, customFieldListArgs, call.args);
  const signal = ctx.signal;
  let fields;
  let owner: string;
  if (args.item !== undefined) {
    const day = resolveDay(await lookupTour(ctx, args.tourId), args.day!);
    const item = pickItem(await readItemsOfDay(ctx, args.tourId, day.id), args.item, day.date);
    fields = await ctx.client.call(listScheduleItemCustomFields, { params: { itemId: item.id }, signal });
    owner = `schedule item ${item.id}`;
  } else {
    const place = await placeOf(ctx, args.tourId, args);
    fields =
      place.kind === 'venue'
        ? await ctx.client.call(listVenueCustomFields, { params: { venueId: place.id }, signal })
        : await ctx.client.call(listAccommodationCustomFields, { params: { accommodationId: place.id }, signal });
    owner = `${place.kind} ${place.id}`;
  }
  const wanted = (field: { title?: string | null; template_key?: string | null }) =>
    args.title === undefined ||
    [field.title, field.template_key].some((text) => text != null && foldName(text) === foldName(args.title!));
  const list = fields.filter(wanted).map((field) => ({
    id: field.id,
    title: field.title ?? null,
    description: field.description ?? null,
    templateKey: field.template_key ?? null,
    sortOrder: field.sort_order ?? null,
  }));
  return {
    output: { fields: list, count: list.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(list.length, 'custom field')} of ${owner}`,
  };
}

export const customFieldActions = {
  actions: {
    'customField.list': { run: customFieldList },
    'customField.add': handler('add'),
    'customField.update': handler('update'),
    'customField.remove': handler('remove'),
  },
  undo: fieldListUndo,
} satisfies ActionModule;
