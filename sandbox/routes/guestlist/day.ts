/** Guest list operations beyond entries: approved total, day configuration, bulk status. */
import type { FastifyInstance } from 'fastify';
import type {
  GuestlistApprovedTotalData,
  GuestlistDayConfigBody,
  GuestlistStatusBody,
} from '../../../api/contract/bodies.ts';
import { requireDay, requireTour } from '../../access.ts';
import type { SandboxContext } from '../../context.ts';
import { notFound, validationError } from '../../errors.ts';
import { defineRoute } from '../../pipeline/route.ts';
import type { DayConfigRecord, GuestRecord } from '../../store/records.ts';
import { GuestStatus } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';
import { nowIso } from '../shared/schemas.ts';
import { checkDayWrite, dayConfig, dayConfigView, dayVenue } from './caps.ts';

function updateConfig(store: Store, config: DayConfigRecord, input: GuestlistDayConfigBody): void {
  if (input.venueId != null) {
    const venue = store.venues.get(input.venueId);
    if (!venue || venue.tourId !== config.tourId || venue.isDeleted)
      throw validationError('venueId: not a venue of this tour');
  }
  for (const cap of input.passCaps ?? []) {
    const type = store.passTypes.get(cap.passId);
    if (!type || type.tourId !== config.tourId || type.isDeleted)
      throw validationError(`passCaps: ${cap.passId} is not a pass type of this tour`);
  }
  const venueId = input.venueId === undefined ? config.venueId : input.venueId;
  const cutoffAt = input.cutoffAt === undefined ? config.cutoffAt : input.cutoffAt;
  if (cutoffAt !== null && dayVenue(store, config.id, venueId) === null)
    throw validationError('cutoffAt: a day-level cut-off needs a venue on the day');
  store.dayConfigs.put({
    ...config,
    dayCap: input.dayCap === undefined ? config.dayCap : input.dayCap,
    locked: input.locked ?? config.locked,
    cutoffAt: cutoffAt === null ? null : new Date(cutoffAt).toISOString(),
    venueId,
    passCaps: input.passCaps ?? config.passCaps,
    updatedAt: nowIso(),
  });
}

/**
 * Sets one status on every listed entry, or on none: every ID must be a live entry of the tour,
 * and every day the entries are on must take the change as an edit of each would (`checkDayWrite`).
 */
function bulkStatus(store: Store, tourId: string, input: GuestlistStatusBody): { ids: number[]; statusId: number } {
  const guests = input.guestListIds.map((id) => {
    const guest = store.guests.get(id);
    if (!guest || guest.tourId !== tourId || guest.isDeleted) throw notFound(`Guest list entry ${id}`);
    return guest;
  });
  // every day of the batch as it would be after it: a locked day, one past its cut-off or over a cap refuses the whole batch
  const byDay = new Map<number, GuestRecord[]>();
  for (const guest of guests) byDay.set(guest.dayId, [...(byDay.get(guest.dayId) ?? []), guest]);
  for (const [dayId, entries] of byDay)
    checkDayWrite(
      store,
      tourId,
      dayId,
      entries.map((guest) => ({ ...guest, statusId: input.statusId })),
    );
  const now = nowIso();
  for (const guest of guests) Object.assign(guest, { statusId: input.statusId, updatedAt: now });
  return { ids: guests.map((guest) => guest.id), statusId: input.statusId };
}

/** Registers the guest list approved-total, day configuration and bulk status endpoints. */
export function registerGuestDayRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'getGuestlistApprovedTotal', ({ store, caller, params }) => {
    const day = requireDay(store, requireTour(store, params.tourId as string, caller.userId), params.dayId as number);
    const approved = store.guests.filter(
      (guest) => guest.dayId === day.id && !guest.isDeleted && guest.statusId === GuestStatus.approved,
    );
    const data: GuestlistApprovedTotalData = {
      tourId: day.tourId,
      dayId: day.id,
      approvedGuests: approved.reduce((sum, guest) => sum + guest.numberOfGuests, 0),
      approvedEntries: approved.length,
    };
    return { data };
  });

  defineRoute(app, ctx, 'getGuestlistDayConfig', ({ store, caller, params }) => {
    const day = requireDay(store, requireTour(store, params.tourId as string, caller.userId), params.dayId as number);
    return { data: dayConfigView(dayConfig(store, day.tourId, day.id)) };
  });

  defineRoute(app, ctx, 'updateGuestlistDayConfig', ({ store, caller, params, input }) => {
    const day = requireDay(store, requireTour(store, params.tourId as string, caller.userId), params.dayId as number);
    updateConfig(store, dayConfig(store, day.tourId, day.id), input());
    return { data: dayConfigView(dayConfig(store, day.tourId, day.id)), message: 'Guest list configuration updated' };
  });

  defineRoute(app, ctx, 'updateGuestlistStatuses', ({ store, caller, params, input }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    return { data: bulkStatus(store, tour.id, input()), message: 'Guest list statuses updated' };
  });
}
