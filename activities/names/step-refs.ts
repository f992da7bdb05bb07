/**
 * The records a step's arguments name, as IDs: a name or an ID (`stay`, `venue`, `item`,
 * `passType`, `template`, `bulletin`) or an older ID field (`stayId`…), resolved through the
 * reads and picks of `records.ts`. On a retry, a record an earlier attempt renamed answers to its
 * new name too, and a name gone after a lost delete counts as done (`goneOnRetry`).
 */
import type { Bulletin } from '../../api/contract/bulletins.ts';
import type { ScheduleItem } from '../../api/contract/schedule.ts';
import type { ActionContext } from '../action.ts';
import { isRetry } from '../actions/attempts.ts';
import { FailureType } from '../../definitions/failure-types.ts';
import {
  pickBulletin,
  pickItem,
  pickPassType,
  pickStay,
  pickTemplate,
  pickVenue,
  readBulletins,
  readItemsOfDay,
  readPassTypeList,
  readStays,
  readTemplates,
  readVenues,
  type NameRef,
} from './records.ts';

/** A record a step names by `name` (name or ID) or by an older ID field; `tourId` is there for a name (checked by the schema). */
interface Named {
  tourId?: string | undefined;
}

/**
 * The record `ref` names; on a retry, one an earlier attempt of a renaming call renamed answers
 * to its new name (`renamedTo`) too.
 */
function pickOrRenamed<T>(pickOne: (ref: NameRef) => T, ref: NameRef, renamedTo: string | undefined): T {
  try {
    return pickOne(ref);
  } catch (error) {
    if (renamedTo === undefined || typeof ref === 'number' || !isRetry()) throw error;
    return pickOne(renamedTo);
  }
}

/** The ID of the stay a step names (`stay`: title or ID, or `stayId`); `title` is its new title, if the step renames it. */
export async function stayIdOf(
  ctx: ActionContext,
  args: Named & { stay?: NameRef | undefined; stayId?: number | undefined; title?: string | undefined },
): Promise<number> {
  if (args.stayId !== undefined) return args.stayId;
  if (typeof args.stay === 'number' || args.tourId === undefined) return Number(args.stay);
  // Read afresh for every call: a call of the same step may have renamed a stay.
  const stays = await readStays(ctx, args.tourId);
  return pickOrRenamed((ref) => pickStay(stays, ref, args.tourId!), args.stay!, args.title).id;
}

/** The ID of the venue a step names (`venue`: title or ID, or `venueId`); `title` is its new title, if the step renames it. */
export async function venueIdOf(
  ctx: ActionContext,
  args: Named & { venue?: NameRef | undefined; venueId?: number | undefined; title?: string | undefined },
): Promise<number> {
  if (args.venueId !== undefined) return args.venueId;
  if (typeof args.venue === 'number' || args.tourId === undefined) return Number(args.venue);
  const venues = await readVenues(ctx, args.tourId);
  return pickOrRenamed((ref) => pickVenue(venues, ref, args.tourId!), args.venue!, args.title).id;
}

/**
 * The schedule item a step names on a day (`item`: name or ID, or `itemId`), read from the
 * day's list; `name` is its new name, if the step renames it.
 */
export async function itemOf(
  ctx: ActionContext,
  tourId: string,
  day: { id: number; date: string },
  args: { item?: NameRef | undefined; itemId?: number | undefined; name?: string | undefined },
): Promise<ScheduleItem> {
  const items = await readItemsOfDay(ctx, tourId, day.id);
  const ref = args.itemId ?? args.item!;
  return pickOrRenamed((r) => pickItem(items, r, day.date), ref, args.name);
}

/** The ID of the item a step names; only a name needs the day's list read. */
export async function itemIdOf(
  ctx: ActionContext,
  tourId: string,
  day: { id: number; date: string },
  args: { item?: NameRef | undefined; itemId?: number | undefined; name?: string | undefined },
): Promise<number> {
  if (args.itemId !== undefined) return args.itemId;
  if (typeof args.item === 'number') return args.item;
  return (await itemOf(ctx, tourId, day, args)).id;
}

/** A record a step names by `<nameArg>` (its name or ID) or `<idArg>` (its ID); a name needs `tourId`. */
type NamedBy<N extends string, I extends string, Id> = Named & Partial<Record<N, NameRef>> & Partial<Record<I, Id>>;

/**
 * The ID of the record a step names: `idArg` as given, a number as it is, a name read from
 * `read` and picked by `pickOne`.
 */
async function namedId<T extends { id: number | string }, Id extends number | string>(
  args: Named,
  keys: { name: string; id: string },
  read: (tourId: string) => Promise<readonly T[]>,
  pickOne: (rows: readonly T[], ref: NameRef, tourId: string) => T,
  renamedTo?: string,
): Promise<Id> {
  const fields = args as Record<string, unknown>;
  const id = fields[keys.id] as Id | undefined;
  if (id !== undefined) return id;
  const ref = fields[keys.name] as NameRef;
  if (typeof ref === 'number' || args.tourId === undefined) return ref as Id;
  const tourId = args.tourId;
  const rows = await read(tourId);
  return pickOrRenamed((r) => pickOne(rows, r, tourId), ref, renamedTo).id as Id;
}

/** The ID of the pass type a step names (`passType`: name or ID, or `passTypeId`). */
export function passTypeIdOf(ctx: ActionContext, args: NamedBy<'passType', 'passTypeId', number>): Promise<number> {
  return namedId(args, { name: 'passType', id: 'passTypeId' }, (tourId) => readPassTypeList(ctx, tourId), pickPassType);
}

/** The ID of the caller's template a step names (`template`: name or ID, or `templateId`). */
export function templateIdOf(ctx: ActionContext, args: NamedBy<'template', 'templateId', number>): Promise<number> {
  return namedId(args, { name: 'template', id: 'templateId' }, (tourId) => readTemplates(ctx, tourId), pickTemplate);
}

/**
 * The ID of the bulletin a step names (`bulletin`: title or ID, or `bulletinId`); `dates` names
 * the days of the candidates; `title` is its new title, if the step renames it.
 */
export function bulletinIdOf(
  ctx: ActionContext,
  args: NamedBy<'bulletin', 'bulletinId', string> & { title?: string | undefined },
  dates: () => Promise<ReadonlyMap<number, string>>,
): Promise<string> {
  // Bulletin IDs are text: a number given as "bulletin" is looked up as text (an ID matches first).
  const bulletin = typeof args.bulletin === 'number' ? String(args.bulletin) : args.bulletin;
  let days: ReadonlyMap<number, string> = new Map();
  return namedId<Bulletin, string>(
    { ...args, bulletin } as Named,
    { name: 'bulletin', id: 'bulletinId' },
    async (tourId) => {
      days = await dates();
      return readBulletins(ctx, tourId);
    },
    (rows, ref, tourId) => pickBulletin(rows, ref, tourId, days),
    args.title,
  );
}

/**
 * True for a name that matched nothing on a retry: an earlier attempt of a delete removed the
 * record and its answer was lost, so the step's work is done.
 */
export function goneOnRetry(error: unknown): boolean {
  return isRetry() && error instanceof Error && (error as { type?: unknown }).type === FailureType.UNKNOWN_NAME;
}
