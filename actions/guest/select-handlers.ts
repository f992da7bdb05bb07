/**
 * `guests.select`, and the guest list entries read and selected for it and for `guests.setStatus`: one paged read per day, filtered by days, current
 * status, pass type, requester and party size. Entries are carried without names or e-mails,
 * so nothing personal reaches outputs, undo records or the workflow history.
 */
import { guestsSelectArgs, type GuestSelection } from './catalogue.ts';
import { listGuestlist, listRequesters, type GuestEntry } from '../../api/contract/guestlist.ts';
import type { ActionContext, ActionHandler } from '../../activities/action.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { pickPerson, type TourPerson } from '../../activities/names/index.ts';
import { parseArgs, stepError } from '../../activities/actions/common.ts';
import { lookupTour, selectDays, type TourDay } from '../../activities/actions/tour-days.ts';
import { passTypeId, readPassTypes } from '../passType/handlers.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** A guest list entry as the guest actions handle it. */
export interface GuestRow {
  id: number;
  dayId: number;
  date: string;
  statusId: number | null;
  status: string | null;
  guests: number;
  requesterId: string | null;
  /** Pass type IDs the entry holds, when the read shows them. */
  passIds: number[] | undefined;
}

/** Who asked for an entry: its requester when the read shows one, else its creator. */
function requesterOf(entry: GuestEntry): string | null {
  const raw = entry as Record<string, unknown>;
  const nested = (value: unknown) => (value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined);
  const id = raw.requesterId ?? nested(raw.requester) ?? nested(raw.created_by);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

function passIdsOf(entry: GuestEntry): number[] | undefined {
  const passes = (entry as { passes?: unknown }).passes;
  if (!Array.isArray(passes)) return undefined;
  return passes
    .map((pass: { passId?: unknown; id?: unknown }) => Number(pass.passId ?? pass.id))
    .filter(Number.isInteger);
}

function rowOf(entry: GuestEntry, day: Pick<TourDay, 'id' | 'date'>): GuestRow {
  return {
    id: entry.id,
    dayId: day.id,
    date: day.date,
    statusId: entry.status?.id ?? null,
    status: entry.status?.type ?? null,
    guests: entry.numberOfGuests,
    requesterId: requesterOf(entry),
    passIds: passIdsOf(entry),
  };
}

/** The live entries of some days, day by day in date order. */
export async function readGuestRows(
  ctx: ActionContext,
  tourId: string,
  days: ReadonlyArray<Pick<TourDay, 'id' | 'date'>>,
): Promise<GuestRow[]> {
  const perDay = await mapLimited(days, DAY_READS_IN_FLIGHT, async (day) => {
    const rows: GuestRow[] = [];
    for await (const entry of ctx.client.paginate(listGuestlist, {
      params: { tourId, dayId: day.id },
      signal: ctx.signal,
    })) {
      if (entry.is_deleted !== true) rows.push(rowOf(entry, day));
    }
    return rows;
  });
  return perDay.flat();
}

/** Requesters (tour members) by full name or e-mail → their IDs; one that is not a requester of the tour fails the step. */
async function requesterIds(ctx: ActionContext, tourId: string, refs: readonly string[]): Promise<Set<string>> {
  const requesters = await ctx.client.call(listRequesters, { params: { tourId }, signal: ctx.signal });
  const people: TourPerson[] = requesters.map((person) => ({
    id: person.id,
    kind: 'member',
    name: [person.firstname, person.lastname].filter((part) => part).join(' ') || null,
    firstName: person.firstname ?? null,
    lastName: person.lastname ?? null,
    email: typeof person.email === 'string' ? person.email : null,
    role: null,
  }));
  return new Set(refs.map((ref) => String(pickPerson(people, ref, tourId, 'requester').id)));
}

/** The ID of one requester by full name or e-mail. */
export async function requesterId(ctx: ActionContext, tourId: string, ref: string): Promise<string> {
  return [...(await requesterIds(ctx, tourId, [ref]))][0]!;
}

/** Keeps the rows holding one of the pass types; the read must show passes for that. */
async function holdingPasses(
  ctx: ActionContext,
  tourId: string,
  rows: GuestRow[],
  refs: ReadonlyArray<string | number>,
): Promise<GuestRow[]> {
  const passTypes = await readPassTypes(ctx, tourId);
  const wanted = new Set(refs.map((ref) => passTypeId(passTypes, ref, tourId)));
  if (rows.some((row) => row.passIds === undefined)) {
    throw stepError(
      'Selecting by pass type is not possible here: the guest list read does not show the passes of its entries.',
      FailureType.INVALID_ARGUMENTS,
    );
  }
  return rows.filter((row) => row.passIds!.some((id) => wanted.has(id)));
}

/** The entries a selection picks, in date order. */
export async function selectGuests(ctx: ActionContext, tourId: string, selection: GuestSelection): Promise<GuestRow[]> {
  const days = await selectDays(ctx, await lookupTour(ctx, tourId), selection);
  let rows = await readGuestRows(ctx, tourId, days);
  if (selection.status) {
    const ids = new Set(
      await Promise.all(selection.status.map((status) => ctx.client.lookups.resolve('guestlistStatuses', status))),
    );
    rows = rows.filter((row) => row.statusId !== null && ids.has(row.statusId));
  }
  if (selection.minGuests !== undefined) rows = rows.filter((row) => row.guests >= selection.minGuests!);
  if (selection.maxGuests !== undefined) rows = rows.filter((row) => row.guests <= selection.maxGuests!);
  if (selection.requesters) {
    const ids = await requesterIds(ctx, tourId, selection.requesters);
    rows = rows.filter((row) => row.requesterId !== null && ids.has(row.requesterId));
  }
  if (selection.passTypes) rows = await holdingPasses(ctx, tourId, rows, selection.passTypes);
  return rows;
}

/** The entries with these IDs, wherever they are on the tour; IDs not found fail the step. */
export async function guestsById(ctx: ActionContext, tourId: string, ids: readonly number[]): Promise<GuestRow[]> {
  const wanted = new Set(ids);
  const rows = (await readGuestRows(ctx, tourId, (await lookupTour(ctx, tourId)).days)).filter((row) =>
    wanted.has(row.id),
  );
  if (rows.length < wanted.size) {
    const found = new Set(rows.map((row) => row.id));
    const missing = [...wanted].filter((id) => !found.has(id));
    throw stepError(`Guest list entries not on tour ${tourId}: ${missing.join(', ')}.`, FailureType.UNKNOWN_RECORD);
  }
  return rows;
}

async function guestsSelect(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, guestsSelectArgs, call.args);
  const rows = await selectGuests(ctx, args.tourId, args.select);
  const totalGuests = rows.reduce((sum, row) => sum + row.guests, 0);
  return {
    output: {
      ids: rows.map((row) => row.id),
      count: rows.length,
      totalGuests,
      entries: rows.map((row) => ({
        id: row.id,
        dayId: row.dayId,
        date: row.date,
        status: row.status,
        guests: row.guests,
      })),
    },
    undo: [],
    tourId: args.tourId,
    describe: `selected ${rows.length} guest list entries (${totalGuests} guests)`,
  };
}

/** The handler of `guests.select`; `guestActions` (`handlers.ts`) serves it. */
export const selectHandlers = {
  'guests.select': { run: guestsSelect },
} satisfies Record<string, ActionHandler>;
