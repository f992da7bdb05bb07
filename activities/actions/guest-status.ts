/**
 * `guests.setStatus`: approve or decline entries with the bulk, all-or-nothing status call.
 * Its prepared undo puts every entry back to the status it had, one bulk call per previous
 * status. Approvals are checked against each day's cap first, so an over-cap request fails
 * with the day, the cap and the numbers before anything is written (the API refuses it too).
 */
import { GuestDecision, guestsSetStatusArgs, type GuestsSetStatusArgs } from '../../definitions/actions/guests.ts';
import { getGuestlistApprovedTotal, getGuestlistDayConfig, updateGuestlistStatuses } from '../api/guestlist.ts';
import type { ActionContext, ActionModule } from '../action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { GUESTLIST_STATUS_MAX_IDS } from '../api/bodies.ts';
import { isRetry } from './attempts.ts';
import { isGone, parseArgs, stepError } from './common.ts';
import { guestsById, selectGuests, type GuestRow } from './guest-selection.ts';
import { chunks, groupBy } from './step-support.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from './concurrency.ts';
import { plural } from './plural.ts';
import { FailureType } from '../../definitions/failure-types.ts';

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

/** Sets entries to a status, in as few bulk calls as the API allows. */
async function putStatus(ctx: ActionContext, tourId: string, statusId: number, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids, GUESTLIST_STATUS_MAX_IDS)) {
    await ctx.client.call(updateGuestlistStatuses, { params: { tourId }, body: { guestListIds: part, statusId }, signal: ctx.signal });
  }
}

async function setStatusPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, guestsSetStatusArgs, call.args);
  const target = await ctx.client.lookups.resolve('guestlistStatuses', args.status);
  // an entry without a status cannot be put back to one
  const withStatus = (await entriesToChange(ctx, args, target)).filter((row): row is GuestRow & { statusId: number } => row.statusId !== null);
  return [...groupBy(withStatus, (row) => row.statusId)].map(([statusId, rows]) => {
    const name = rows[0]?.status ?? `status ${statusId}`;
    return {
      activity: 'guestsStatusRestore',
      args: { tourId: args.tourId, statusId, guestListIds: rows.map((row) => row.id) },
      describe: `set ${plural(rows.length, 'guest list entry')} back to ${name}`,
      record: { resource: 'guestEntries', id: `${args.tourId}:status:${statusId}`, label: `${rows.length} entries back to ${name}` },
    };
  });
}

/** Days whose cap the approval would pass, described; empty when all fit. */
async function overCap(ctx: ActionContext, tourId: string, rows: readonly GuestRow[]): Promise<string[]> {
  const problems = await mapLimited([...groupBy(rows, (row) => row.dayId)], DAY_READS_IN_FLIGHT, async ([dayId, dayRows]) => {
    const config = await ctx.client.call(getGuestlistDayConfig, { params: { tourId, dayId }, signal: ctx.signal });
    if (config.dayCap === null || config.dayCap === undefined) return undefined;
    const total = await ctx.client.call(getGuestlistApprovedTotal, { params: { tourId, dayId }, signal: ctx.signal });
    const asked = dayRows.reduce((sum, row) => sum + row.guests, 0);
    if (total.approvedGuests + asked <= config.dayCap) return undefined;
    return `${dayRows[0]!.date}: cap ${config.dayCap}, approved ${total.approvedGuests}, asked ${asked} more (${dayRows.length} entries)`;
  });
  return problems.filter((problem): problem is string => problem !== undefined);
}

/** Approved party totals after the change, by date. */
async function approvedPerDay(ctx: ActionContext, tourId: string, rows: readonly GuestRow[]): Promise<Record<string, number>> {
  const days = [...new Map(rows.map((row) => [row.dayId, row.date])).entries()];
  const totals = await mapLimited(days, DAY_READS_IN_FLIGHT, ([dayId]) => ctx.client.call(getGuestlistApprovedTotal, { params: { tourId, dayId }, signal: ctx.signal }));
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
  if (args.status === GuestDecision.approved && args.respectDayCaps) {
    const problems = await overCap(ctx, args.tourId, rows);
    if (problems.length > 0) {
      throw stepError(`Approving would go past the guest cap of ${problems.join('; ')}. Nothing was changed.`, FailureType.OVER_DAY_CAP);
    }
  }
  await putStatus(ctx, args.tourId, target, rows.map((row) => row.id));
  const entries = rows.map((row) => ({ id: row.id, dayId: row.dayId, date: row.date, previousStatus: row.status, status: args.status, guests: row.guests }));
  const totalGuests = rows.reduce((sum, row) => sum + row.guests, 0);
  return {
    output: { entries, count: rows.length, totalGuests, approvedPerDay: await approvedPerDay(ctx, args.tourId, rows) },
    undo: [],
    tourId: args.tourId,
    describe: `set ${rows.length} guest list entries (${totalGuests} guests) to ${args.status}`,
  };
}

/** Puts entries back to a status; entries deleted since are skipped. */
async function statusRestore(ctx: ActionContext, tourId: string, statusId: number, ids: readonly number[]): Promise<void> {
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

export const guestStatusActions: ActionModule = {
  actions: {
    'guests.setStatus': { run: setStatus, prepare: setStatusPrepare },
  },
  undo: {
    guestsStatusRestore: (args, ctx) =>
      statusRestore(ctx, String(args.tourId), Number(args.statusId), (Array.isArray(args.guestListIds) ? args.guestListIds : []).map(Number)),
  },
};
