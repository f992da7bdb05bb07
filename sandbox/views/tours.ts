/** How tours, days and tour members appear in API responses. */
import { memberKey, tourDays } from '../access.ts';
import type { DayRecord, TourRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { roleRef, roleType, userCard } from './people.ts';

/** `{ id, name, date, time_zone }` of a day. */
export function daySummary(day: DayRecord): { id: number; name: string; date: string; time_zone: string | null } {
  return { id: day.id, name: day.name, date: day.date, time_zone: day.timeZone };
}

/** `{ id, name, date }` (the `day` of schedule items, venues, guests). */
export function dayRef(store: Store, dayId: number | null): { id: number; name: string; date: string } | null {
  const day = dayId === null ? undefined : store.days.get(dayId);
  return day ? { id: day.id, name: day.name, date: day.date } : null;
}

/** `{ id, name }` of a tour. */
export function tourRef(store: Store, tourId: string): { id: string; name: string } {
  return { id: tourId, name: store.tours.get(tourId)?.name ?? '' };
}

/** A tour membership list item, from the caller's side. */
export function tourMembershipView(store: Store, tour: TourRecord, userId: string): Record<string, unknown> {
  const member = store.tourMembers.get(memberKey(tour.id, userId));
  return {
    role: member ? roleRef(member.roleId) : null,
    member_count: store.tourMembers.filter((row) => row.tourId === tour.id).length,
    tour: {
      id: tour.id,
      name: tour.name,
      image: tour.image,
      fileName: tour.fileName,
      start_date: tour.startDate,
      end_date: tour.endDate,
      time_zone: tour.timeZone,
      is_archived: tour.isArchived,
      is_deleted: tour.isDeleted,
      tourDays: tourDays(store, tour.id).map((day) => ({ id: day.id, day: daySummary(day) })),
      created_by: userCard(store, tour.createdBy),
    },
  };
}

/** The tour members object: members with roles, and pending invites. */
export function tourMembersView(store: Store, tourId: string): Record<string, unknown> {
  return {
    tour_users: store.tourMembers
      .filter((member) => member.tourId === tourId)
      .map((member) => {
        const user = store.users.get(member.userId);
        return {
          id: member.id,
          user: { ...userCard(store, member.userId), phone_number: user?.phoneNumber ?? null },
          user_role_type: roleType(member.roleId),
        };
      }),
    pending_invites: store.tourInvites
      .filter((invite) => invite.tourId === tourId)
      .map((invite) => ({ id: invite.inviteId, email: invite.email })),
  };
}
