/** Guest list entries: day-scoped list, create, edit, delete, restore, requesters. */
import type { FastifyInstance } from 'fastify';
import { memberKey, requireDay, requireTour, requireTourRecord, restore, setDeleted } from '../../access.ts';
import type { SandboxContext } from '../../context.ts';
import { validationError } from '../../errors.ts';
import { paginate, readPaging } from '../../pipeline/pagination.ts';
import { defineRoute, type BodyInput } from '../../pipeline/route.ts';
import type { GuestRecord, PassAllocation } from '../../store/records.ts';
import { lookup } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';
import { userCard, userRef } from '../../views/people.ts';
import { dayRef, tourRef } from '../../views/tours.ts';
import { nowIso } from '../shared/schemas.ts';
import { checkDayCaps } from './caps.ts';

type EditInput = BodyInput<'updateGuest'>;

/** The fixed subset the list read returns (no passes, pickup method, venue, avatar colour). */
export function guestView(store: Store, guest: GuestRecord): Record<string, unknown> {
  const status = lookup('guestlistStatuses', guest.statusId);
  return {
    id: guest.id,
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    affiliation: guest.affiliation,
    numberOfGuests: guest.numberOfGuests,
    notes: guest.notes,
    status: status ? { ...status } : null,
    created_by: userRef(store, guest.createdBy),
    day: dayRef(store, guest.dayId),
    tour: tourRef(store, guest.tourId),
    is_deleted: guest.isDeleted,
    created_at: guest.createdAt,
    updated_at: guest.updatedAt,
  };
}

/** Allocations must name live pass types of the tour; the same pass twice is summed. */
function checkPasses(store: Store, tourId: string, passes: PassAllocation[]): PassAllocation[] {
  const merged = new Map<number, number>();
  for (const pass of passes) {
    const type = store.passTypes.get(pass.passId);
    if (!type || type.tourId !== tourId || type.isDeleted)
      throw validationError(`passes: ${pass.passId} is not a pass type of this tour`);
    merged.set(pass.passId, (merged.get(pass.passId) ?? 0) + pass.count);
  }
  return [...merged].map(([passId, count]) => ({ passId, count }));
}

function checkReferences(store: Store, tourId: string, input: EditInput): void {
  if (input.requesterId && !store.tourMembers.has(memberKey(tourId, input.requesterId)))
    throw validationError('requesterId: not a member of this tour');
  if (input.venueId != null) {
    const venue = store.venues.get(input.venueId);
    if (!venue || venue.tourId !== tourId || venue.isDeleted)
      throw validationError('venueId: not a venue of this tour');
  }
}

function fromInput(input: EditInput, passes: PassAllocation[]): Partial<GuestRecord> {
  const out: Partial<GuestRecord> = {
    firstName: input.firstName,
    lastName: input.lastName,
    numberOfGuests: input.numberOfGuests,
    pickupMethodId: input.pickupMethodId,
    statusId: input.statusId,
    passes,
    email: input.email,
    affiliation: input.affiliation,
    notes: input.notes,
    requesterId: input.requesterId,
    venueId: input.venueId,
  };
  for (const key of Object.keys(out) as Array<keyof GuestRecord>) if (out[key] === undefined) delete out[key];
  return out;
}

/** A guest list entry under a live tour the caller belongs to. */
export function tourGuest(
  store: Store,
  guestId: number,
  userId: string,
  deleted: boolean | 'any' = false,
): GuestRecord {
  return requireTourRecord(store, store.guests.get(guestId), userId, 'Guest list entry', deleted);
}

function createGuest(store: Store, userId: string, input: BodyInput<'createGuest'>): GuestRecord {
  const day = requireDay(store, requireTour(store, input.tour_id, userId), input.day_id);
  const passes = checkPasses(store, day.tourId, input.passes);
  checkReferences(store, day.tourId, input);
  const now = nowIso();
  const guest: GuestRecord = {
    id: 0,
    tourId: day.tourId,
    dayId: day.id,
    firstName: '',
    lastName: '',
    email: null,
    affiliation: null,
    numberOfGuests: 1,
    notes: null,
    statusId: input.statusId,
    pickupMethodId: input.pickupMethodId,
    passes,
    requesterId: null,
    venueId: null,
    avatarColorId: input.avatarColorId ?? null,
    createdBy: userId,
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
    ...fromInput(input, passes),
  };
  checkDayCaps(store, guest);
  guest.id = store.nextId('guest');
  return store.guests.put(guest);
}

/** Registers the guest endpoints. */
export function registerGuestRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listGuestlist', ({ store, caller, params, query }) => {
    const day = requireDay(store, requireTour(store, params.tourId as string, caller.userId), params.dayId as number);
    const rows = store.guests.filter((guest) => guest.dayId === day.id && !guest.isDeleted);
    return paginate(
      rows,
      readPaging(query),
      () => true,
      (guest) => guestView(store, guest),
      ctx.options.responseCeilingBytes,
    );
  });

  defineRoute(app, ctx, 'createGuest', ({ store, caller, input }) => ({
    data: { id: createGuest(store, caller.userId, input()).id },
    message: 'Guest list entry created',
  }));

  defineRoute(app, ctx, 'updateGuest', ({ store, caller, params, input: read }) => {
    const guest = tourGuest(store, params.guestListId as number, caller.userId);
    const input = read();
    const passes = checkPasses(store, guest.tourId, input.passes);
    checkReferences(store, guest.tourId, input);
    const next = { ...guest, ...fromInput(input, passes) };
    checkDayCaps(store, next, guest.id);
    Object.assign(guest, next, { updatedAt: nowIso() });
    return { data: { id: guest.id }, message: 'Guest list entry updated' };
  });

  defineRoute(app, ctx, 'deleteGuest', ({ store, caller, params }) => {
    setDeleted(tourGuest(store, params.guestListId as number, caller.userId), true);
    return { message: 'Guest list entry deleted' };
  });

  defineRoute(app, ctx, 'restoreGuest', ({ store, caller, params }) => {
    const guest = tourGuest(store, params.guestListId as number, caller.userId, 'any');
    restore(guest, 'Guest list entry');
    return { message: 'Guest list entry restored' };
  });

  defineRoute(app, ctx, 'listRequesters', ({ store, caller, params }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    return {
      data: store.tourMembers
        .filter((member) => member.tourId === tour.id)
        .map((member) => userCard(store, member.userId)),
    };
  });
}
