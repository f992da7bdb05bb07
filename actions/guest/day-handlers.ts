/**
 * `guests.configureDay`: a day's guest list cap, lock, cut-off, venue and per-pass-type caps.
 * Settings the step leaves out are not sent, so they stay; the prepared undo writes the day's
 * whole previous configuration back.
 */
import { guestsConfigureDayArgs, type GuestsConfigureDayArgs } from './catalogue.ts';
import type { GuestlistDayConfigBody } from '../../api/contract/bodies.ts';
import { dayConfig, getGuestlistDayConfig, updateGuestlistDayConfig } from '../../api/contract/guestlist.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import { pickPassType, readPassTypeList, venueIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { ignoreGone, parseArgs } from '../../activities/actions/common.ts';
import { lookupTour, resolveDay, type TourDay } from '../../activities/actions/tour-days.ts';

async function dayOf(ctx: ActionContext, args: GuestsConfigureDayArgs): Promise<TourDay> {
  return resolveDay(await lookupTour(ctx, args.tourId), args.day);
}

/** The body: only the settings the step gives, names resolved to IDs. */
async function bodyOf(ctx: ActionContext, args: GuestsConfigureDayArgs): Promise<GuestlistDayConfigBody> {
  const venueId =
    args.venue === undefined || args.venue === null
      ? args.venue
      : await venueIdOf(ctx, { tourId: args.tourId, venue: args.venue });
  let passCaps: GuestlistDayConfigBody['passCaps'];
  if (args.passCaps !== undefined) {
    const named = args.passCaps.some((entry) => typeof entry.type === 'string');
    const types = named ? await readPassTypeList(ctx, args.tourId) : [];
    passCaps = args.passCaps.map((entry) => ({
      passId: typeof entry.type === 'number' ? entry.type : pickPassType(types, entry.type, args.tourId).id,
      cap: entry.cap,
    }));
  }
  return {
    ...(args.cap !== undefined ? { dayCap: args.cap } : {}),
    ...(args.locked !== undefined ? { locked: args.locked } : {}),
    ...(args.cutoff !== undefined ? { cutoffAt: args.cutoff } : {}),
    ...(venueId !== undefined ? { venueId } : {}),
    ...(passCaps !== undefined ? { passCaps } : {}),
  };
}

async function configureDayRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, guestsConfigureDayArgs, call.args);
  const day = await dayOf(ctx, args);
  const body = await bodyOf(ctx, args);
  const params = { tourId: args.tourId, dayId: day.id };
  const answer = dayConfig.safeParse(
    await ctx.client.call(updateGuestlistDayConfig, { params, body, idempotencyKey: ctx.key(), signal: ctx.signal }),
  );
  // the answer's shape is not shown: read the configuration when it is not one
  const config =
    answer.success && answer.data.locked != null
      ? answer.data
      : await ctx.client.call(getGuestlistDayConfig, { params, signal: ctx.signal });
  return {
    output: {
      dayId: day.id,
      date: day.date,
      cap: config.dayCap ?? null,
      locked: config.locked ?? false,
      cutoff: config.cutoffAt ?? null,
    },
    undo: [],
    tourId: args.tourId,
    describe: `configured the guest list of ${day.date} (${Object.keys(body).join(', ')})`,
  };
}

async function configureDayPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, guestsConfigureDayArgs, call.args);
  const day = await dayOf(ctx, args);
  const before = await ctx.client.call(getGuestlistDayConfig, {
    params: { tourId: args.tourId, dayId: day.id },
    signal: ctx.signal,
  });
  const body: GuestlistDayConfigBody = {
    dayCap: before.dayCap ?? null,
    locked: before.locked ?? false,
    cutoffAt: before.cutoffAt ?? null,
    venueId: before.venueId ?? null,
    passCaps: (before.passCaps ?? []).map((entry) => ({ passId: entry.passId, cap: entry.cap })),
  };
  return [
    {
      activity: 'guestDayConfigWriteBack',
      args: { tourId: args.tourId, dayId: day.id, body, by: call.idempotencyKey },
      describe: `put the guest list configuration of ${day.date} back as it was`,
      record: { resource: 'guestlistDay', id: day.id, label: day.date },
    },
  ];
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const guestDayUndo = {
  guestDayConfigWriteBack: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateGuestlistDayConfig, {
        params: { tourId: String(args.tourId), dayId: Number(args.dayId) },
        body: args.body as GuestlistDayConfigBody,
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

/** The handler of `guests.configureDay`; `guestActions` (`handlers.ts`) serves it. */
export const dayHandlers = {
  'guests.configureDay': { run: configureDayRun, prepare: configureDayPrepare },
} satisfies Record<string, ActionHandler>;
