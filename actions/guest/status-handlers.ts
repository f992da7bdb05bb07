/**
 * `guests.setStatus`: approve or decline entries with the bulk, all-or-nothing status call.
 * Its prepared undo puts every entry back to the status it had, one bulk call per previous
 * status. Approvals are checked against each day's cap first (the API's count: guests of the
 * entries not declined), so an over-cap request fails with the day, the cap and the numbers
 * before anything is written. A day that is locked or past its cut-off is the API's to refuse:
 * the step fails with the API's code and message, and the calls never split a day's entries,
 * so such a day keeps every entry as it was.
 */
import { GuestDecision, guestsSetStatusArgs, type GuestsSetStatusArgs } from './catalogue.ts';
import {
  getGuestlistApprovedTotal,
  getGuestlistDayConfig,
  updateGuestlistStatuses,
} from '../../api/contract/guestlist.ts';
import { PartialFailure, type ActionContext, type ActionHandler, type UndoHandler } from '../../activities/action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { GUESTLIST_STATUS_MAX_IDS } from '../../api/contract/bodies.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { isGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { guestsById, readGuestRows, selectGuests, type GuestRow } from './select-handlers.ts';
import { chunks, groupBy } from '../../activities/actions/step-support.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import { plural } from '../../definitions/plural.ts';
import { FailureType } from '../../definitions/failure-types.ts';
import { ApiError } from '../../api/client/index.ts';

/**
 * The entries the call names (by IDs or a selection) that are not at the target status yet.
 * Read by the undo preparation and handed to the call's first attempt (`ctx.prepared`): the
 * undo puts back exactly the entries the call changes, and the call does not read every day's
 * guest list again right after. A retry reads afresh: its earlier attempt may have written.
 */
async function entriesToChange(ctx: ActionContext, args: GuestsSetStatusArgs, statusId: number): Promise<GuestRow[]> {
  const rows = await ctx.prepared('entries', () =>
    args.ids !== undefined ? guestsById(ctx, args.tourId, args.ids) : selectGuests(ctx, args.tourId, args.select ?? {}),
  );
  return rows.filter((row) => row.statusId !== statusId);
}

/**
 * The entries in bulk calls of at most `max` IDs, filled day by day in order, never splitting
 * a day's entries over two calls (only a day with more than `max` entries needs several): the API
 * refuses a call whole, so a day it refuses keeps all its entries as they were.
 */
export function dayBatches<T extends { dayId: number }>(rows: readonly T[], max: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  for (const day of groupBy(rows, (row) => row.dayId).values()) {
    if (current.length + day.length > max && current.length > 0) {
      batches.push(current);
      current = [];
    }
    for (const part of chunks(day, max)) {
      if (current.length + part.length > max) {
        batches.push(current);
        current = [];
      }
      current.push(...part);
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Sets entries to a status, in as few bulk calls as the API allows. */
async function putStatus(ctx: ActionContext, tourId: string, statusId: number, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids, GUESTLIST_STATUS_MAX_IDS)) {
    await ctx.client.call(updateGuestlistStatuses, {
      params: { tourId },
      body: { guestListIds: part, statusId },
      signal: ctx.signal,
    });
  }
}

/** The undo that puts entries back to their statuses: one bulk call per previous status. */
function statusUndo(tourId: string, rows: readonly GuestRow[]): UndoRecord[] {
  // an entry without a status cannot be put back to one
  const withStatus = rows.filter((row): row is GuestRow & { statusId: number } => row.statusId !== null);
  return [...groupBy(withStatus, (row) => row.statusId)].map(([statusId, group]) => {
    const name = group[0]?.status ?? `status ${statusId}`;
    return {
      activity: 'guestsStatusRestore',
      args: { tourId, statusId, guestListIds: group.map((row) => row.id) },
      describe: `set ${plural(group.length, 'guest list entry')} back to ${name}`,
      record: {
        resource: 'guestEntries',
        id: `${tourId}:status:${statusId}`,
        label: `${group.length} entries back to ${name}`,
      },
    };
  });
}

/**
 * The change, day-aligned call by call. A refusal keeps the API's code and message and says what
 * was changed: nothing, or (after earlier calls went through) which entries the run's rollback
 * puts back, handed on as the failure's undo.
 */
async function putDayBatches(
  ctx: ActionContext,
  tourId: string,
  statusId: number,
  rows: readonly GuestRow[],
): Promise<void> {
  const done: GuestRow[] = [];
  for (const batch of dayBatches(rows, GUESTLIST_STATUS_MAX_IDS)) {
    try {
      await putStatus(
        ctx,
        tourId,
        statusId,
        batch.map((row) => row.id),
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.retryable)
        throw done.length > 0 ? new PartialFailure(error, statusUndo(tourId, done)) : error;
      const outcome =
        done.length === 0
          ? `Nothing was changed: the API sets all the entries of a call or none (${plural(rows.length, 'entry', 'entries')} asked).`
          : `${plural(done.length, 'entry', 'entries')} of other days set by earlier calls are put back when the run rolls back; the ${batch.length} of this call and ${rows.length - done.length - batch.length} after it were not changed.`;
      const refused = new ApiError(`${error.message}. ${outcome}`, {
        status: error.status,
        code: error.code,
        endpoint: error.endpoint,
        retryable: false,
        cause: error,
      });
      refused.attempts = error.attempts;
      throw done.length > 0 ? new PartialFailure(refused, statusUndo(tourId, done)) : refused;
    }
    done.push(...batch);
  }
}

async function setStatusPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, guestsSetStatusArgs, call.args);
  const target = await ctx.client.lookups.resolve('guestlistStatuses', args.status);
  return statusUndo(args.tourId, await entriesToChange(ctx, args, target));
}

/**
 * Days whose cap the approval would pass, described; empty when all fit. The count is the API's:
 * the guests of the day's live entries that are not declined (pending ones hold their place), so
 * approving a pending entry adds nobody and approving a declined one adds its party.
 */
async function overCap(ctx: ActionContext, tourId: string, rows: readonly GuestRow[]): Promise<string[]> {
  const declined = await ctx.client.lookups.resolve('guestlistStatuses', GuestDecision.declined);
  const counted = (row: GuestRow): number => (row.statusId === declined ? 0 : row.guests);
  const problems = await mapLimited(
    [...groupBy(rows, (row) => row.dayId)],
    DAY_READS_IN_FLIGHT,
    async ([dayId, dayRows]) => {
      const config = await ctx.client.call(getGuestlistDayConfig, { params: { tourId, dayId }, signal: ctx.signal });
      if (config.dayCap === null || config.dayCap === undefined) return undefined;
      const first = dayRows[0]!;
      const now = (await readGuestRows(ctx, tourId, [{ id: dayId, date: first.date }])).reduce(
        (sum, row) => sum + counted(row),
        0,
      );
      const after = now + dayRows.reduce((sum, row) => sum + row.guests - counted(row), 0);
      if (after <= config.dayCap) return undefined;
      return `${first.date}: cap ${config.dayCap}, ${now} guests on entries not declined, ${after} with these ${plural(dayRows.length, 'entry', 'entries')} approved`;
    },
  );
  return problems.filter((problem): problem is string => problem !== undefined);
}

/** Approved party totals after the change, by date. */
async function approvedPerDay(
  ctx: ActionContext,
  tourId: string,
  rows: readonly GuestRow[],
): Promise<Record<string, number>> {
  const days = [...new Map(rows.map((row) => [row.dayId, row.date])).entries()];
  const totals = await mapLimited(days, DAY_READS_IN_FLIGHT, ([dayId]) =>
    ctx.client.call(getGuestlistApprovedTotal, { params: { tourId, dayId }, signal: ctx.signal }),
  );
  return Object.fromEntries(days.map(([, date], index) => [date, totals[index]!.approvedGuests]));
}

async function setStatus(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, guestsSetStatusArgs, call.args);
  const target = await ctx.client.lookups.resolve('guestlistStatuses', args.status);
  const rows = await entriesToChange(ctx, args, target);
  if (rows.length === 0) {
    // On a retry an earlier attempt may have set them and lost its answer: its count is not known here.
    const warning = isRetry()
      ? `No entries are left to set to ${args.status}: an earlier attempt of this step may have set them and lost its answer, so the count here is 0.`
      : `No entries were selected that are not ${args.status} already; nothing changed.`;
    return {
      output: { entries: [], count: 0, totalGuests: 0, approvedPerDay: {} },
      undo: [],
      tourId: args.tourId,
      describe: `no guest list entries left to set to ${args.status}`,
      warnings: [warning],
    };
  }
  if (args.status === GuestDecision.approved) {
    const problems = await overCap(ctx, args.tourId, rows);
    if (problems.length > 0) {
      const rule = 'A day’s cap counts the guests of every entry not declined, pending ones included.';
      throw stepError(
        `Approving would go past the guest cap of ${problems.join('; ')}. ${rule} Nothing was changed.`,
        FailureType.OVER_DAY_CAP,
      );
    }
  }
  await putDayBatches(ctx, args.tourId, target, rows);
  const entries = rows.map((row) => ({
    id: row.id,
    dayId: row.dayId,
    date: row.date,
    previousStatus: row.status,
    status: args.status,
    guests: row.guests,
  }));
  const totalGuests = rows.reduce((sum, row) => sum + row.guests, 0);
  return {
    output: { entries, count: rows.length, totalGuests, approvedPerDay: await approvedPerDay(ctx, args.tourId, rows) },
    undo: [],
    tourId: args.tourId,
    describe: `set ${rows.length} guest list entries (${totalGuests} guests) to ${args.status}`,
  };
}

/** Puts entries back to a status; entries deleted since are skipped. */
async function statusRestore(
  ctx: ActionContext,
  tourId: string,
  statusId: number,
  ids: readonly number[],
): Promise<void> {
  try {
    await putStatus(ctx, tourId, statusId, ids);
  } catch (error) {
    if (!isGone(error)) throw error;
    // All-or-nothing: one entry gone refuses the whole call, so put the others back one by one.
    for (const id of ids) {
      try {
        await putStatus(ctx, tourId, statusId, [id]);
      } catch (single) {
        if (!isGone(single)) throw single;
      }
    }
  }
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const guestStatusUndo = {
  guestsStatusRestore: (args, ctx) =>
    statusRestore(
      ctx,
      String(args.tourId),
      Number(args.statusId),
      (Array.isArray(args.guestListIds) ? args.guestListIds : []).map(Number),
    ),
} satisfies Record<string, UndoHandler>;

/** The handler of `guests.setStatus`; `guestActions` (`handlers.ts`) serves it. */
export const statusHandlers = {
  'guests.setStatus': { run: setStatus, prepare: setStatusPrepare },
} satisfies Record<string, ActionHandler>;
