/**
 * Who may see and change what: tour membership, admin rights, and item-level audiences.
 * Every resource route goes through these, so the rules live once.
 */
import { ApiProblem, ErrorCode, forbidden, notFound, tourNotFound } from './errors.ts';
import type { Audience, DayRecord, OrgRecord, TourRecord } from './store/records.ts';
import { Role } from './store/reference-data.ts';
import type { Store } from './store/store.ts';

/** Membership rows are keyed by `${parentId}:${userId}` for O(1) lookups. */
export const memberKey = (parentId: string, userId: string): string => `${parentId}:${userId}`;

/** The organization, if the user is an active member of it; otherwise 403. */
export function requireOrgMember(store: Store, orgId: string, userId: string): OrgRecord {
  const org = store.orgs.get(orgId);
  const member = store.orgMembers.get(memberKey(orgId, userId));
  if (!org || !member || member.isDeactivated) throw forbidden('You are not a member of this organization');
  return org;
}

/** A live tour the user is a member of. Deleted or unknown: 404 TOUR_NOT_FOUND; not a member: 403. */
export function requireTour(store: Store, tourId: string, userId: string): TourRecord {
  const tour = store.tours.get(tourId);
  if (!tour || tour.isDeleted) throw tourNotFound();
  if (!store.tourMembers.has(memberKey(tourId, userId))) throw forbidden('You are not a member of this tour');
  return tour;
}

/** Whether the user is an administrator of the tour. */
export function isTourAdmin(store: Store, tourId: string, userId: string): boolean {
  return store.tourMembers.get(memberKey(tourId, userId))?.roleId === Role.admin;
}

/** Only a tour admin may do this; otherwise 403. */
export function requireTourAdmin(store: Store, tourId: string, userId: string): void {
  if (!isTourAdmin(store, tourId, userId)) throw forbidden('Only tour administrators may do this');
}

/** User IDs of the tour's administrators. */
export function tourAdminIds(store: Store, tourId: string): string[] {
  return store.tourMembers
    .filter((member) => member.tourId === tourId && member.roleId === Role.admin)
    .map((member) => member.userId);
}

/** A day of the tour; a day of another tour (or none) is 404. */
export function requireDay(store: Store, tour: TourRecord, dayId: number): DayRecord {
  const day = store.days.get(dayId);
  if (!day || day.tourId !== tour.id) throw notFound('Day');
  return day;
}

/** The tour's days in date order. */
export function tourDays(store: Store, tourId: string): DayRecord[] {
  return store.days.filter((day) => day.tourId === tourId).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/** Whether a user sees a record with an audience (the creator always does). */
export function canSee(record: { audience: Audience; createdBy: string }, userId: string): boolean {
  return record.createdBy === userId || record.audience.everyone || record.audience.userIds.includes(userId);
}

/** The visibility fields of schedule items, venues and stays, as sent. */
export interface VisibilityInput {
  isEveryone?: boolean | undefined;
  isAdminsOnly?: boolean | undefined;
  explicitVisibility?: boolean | undefined;
  visibilityList?: string[] | undefined;
  invitesVisibilityList?: number[] | undefined;
}

/**
 * The audience a write asks for. No visibility field: admins (and the creator). A named audience
 * gets the tour's current admins merged in unless `explicitVisibility`; `isAdminsOnly` is that
 * merge with an empty list. `isEveryone` with `isAdminsOnly` is rejected.
 */
export function resolveAudience(store: Store, tourId: string, input: VisibilityInput, previous?: Audience): Audience {
  if (input.isEveryone && input.isAdminsOnly) {
    throw new ApiProblem(400, ErrorCode.validation, 'isEveryone and isAdminsOnly cannot both be true');
  }
  const named =
    input.visibilityList !== undefined || input.invitesVisibilityList !== undefined || input.isAdminsOnly !== undefined;
  if (previous && input.isEveryone === undefined && !named) return previous;
  if (input.isEveryone) return { everyone: true, adminsOnly: false, userIds: [], inviteIds: [] };
  const listed = input.isAdminsOnly ? [] : (input.visibilityList ?? previous?.userIds ?? []);
  const inviteIds = input.isAdminsOnly ? [] : (input.invitesVisibilityList ?? previous?.inviteIds ?? []);
  const admins = input.explicitVisibility ? [] : tourAdminIds(store, tourId);
  const userIds = [...new Set([...listed.map((id) => id.toLowerCase()), ...admins])];
  return { everyone: false, adminsOnly: input.isAdminsOnly === true, userIds, inviteIds: [...new Set(inviteIds)] };
}

/** A record that belongs to a tour and has a soft-delete flag. */
interface TourScoped {
  tourId: string;
  isDeleted: boolean;
}

/**
 * A record under a live tour the user belongs to, live or (when asked) deleted. Unknown or in
 * the wrong state: 404; a deleted tour: 404 TOUR_NOT_FOUND; not a member: 403.
 */
export function requireTourRecord<T extends TourScoped>(
  store: Store,
  record: T | undefined,
  userId: string,
  what: string,
  deleted: boolean | 'any' = false,
): T {
  if (!record) throw notFound(what);
  requireTour(store, record.tourId, userId);
  if (deleted !== 'any' && record.isDeleted !== deleted) throw notFound(what);
  return record;
}

/** As `requireTourRecord`, and the record's audience must include the user (404 otherwise). */
export function requireVisible<T extends TourScoped & { audience: Audience; createdBy: string }>(
  store: Store,
  record: T | undefined,
  userId: string,
  what: string,
  options: { deleted?: boolean | 'any' } = {},
): T {
  const found = requireTourRecord(store, record, userId, what, options.deleted);
  if (!canSee(found, userId)) throw notFound(what);
  return found;
}

/** Soft-deletes (or, with `false`, restores) a record. */
export function setDeleted(record: { isDeleted: boolean; updatedAt: string }, isDeleted: boolean): void {
  record.isDeleted = isDeleted;
  record.updatedAt = new Date().toISOString();
}

/** Restores a soft-deleted record; 400 when it is not deleted. */
export function restore(record: { isDeleted: boolean; updatedAt: string }, what: string): void {
  if (!record.isDeleted) throw new ApiProblem(400, ErrorCode.validation, `${what} is not deleted`);
  setDeleted(record, false);
}
