/**
 * The day sheet's print model: header, running order, venues, stays, consolidated key contacts,
 * guest list totals, bulletins and a strip of the next days, filtered to what the caller sees.
 * A render may narrow each section to named IDs; names the caller cannot see are only counted.
 */
import type { DaySheetRenderBody } from '../../../api/contract/bodies.ts';
import { canSee, tourDays } from '../../access.ts';
import type { DayRecord, TourRecord } from '../../store/records.ts';
import { GuestStatus, idType, lookup } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';
import { generalContactView, linkedKeyContactViews } from '../../views/contacts.ts';
import { addressFields } from '../../views/places.ts';
import { byStartTime } from '../../views/schedule.ts';
import { bulletinOrder } from '../bulletins.ts';
import { contactsOf } from '../shared/contacts.ts';

/** How many following days the strip shows. */
const NEXT_DAYS = 3;

export interface DaySheetModel {
  header: Record<string, unknown>;
  runningOrder: Array<Record<string, unknown>>;
  venues: Array<Record<string, unknown>>;
  stays: Array<Record<string, unknown>>;
  keyContacts: Array<Record<string, unknown>>;
  guestList: {
    entries: number;
    totalGuests: number;
    approvedGuests: number;
    pendingGuests: number;
    declinedGuests: number;
  };
  bulletins: Array<Record<string, unknown>>;
  nextDays: Array<Record<string, unknown>>;
}

/** Keeps the visible rows, narrowed to `wanted` when given; counts wanted IDs that were not there. */
function select<T extends { id: number | string }>(
  rows: T[],
  wanted: ReadonlyArray<number | string> | undefined,
  ignored: { count: number },
): T[] {
  if (!wanted) return rows;
  const present = new Set(rows.map((row) => row.id));
  ignored.count += new Set(wanted.filter((id) => !present.has(id))).size;
  const keep = new Set(wanted);
  return rows.filter((row) => keep.has(row.id));
}

function header(tour: TourRecord, day: DayRecord): Record<string, unknown> {
  const type = lookup('dayTypes', day.dayTypeId);
  return {
    tourId: tour.id,
    tourName: tour.name,
    dayId: day.id,
    dayName: day.name,
    date: day.date,
    timeZone: day.timeZone ?? tour.timeZone,
    dayType: type ? { ...type } : null,
    location: day.formattedAddress,
  };
}

function guestTotals(store: Store, dayId: number): DaySheetModel['guestList'] {
  const guests = store.guests.filter((guest) => guest.dayId === dayId && !guest.isDeleted);
  const sum = (statusId?: number) =>
    guests
      .filter((guest) => statusId === undefined || guest.statusId === statusId)
      .reduce((total, guest) => total + guest.numberOfGuests, 0);
  return {
    entries: guests.length,
    totalGuests: sum(),
    approvedGuests: sum(GuestStatus.approved),
    pendingGuests: sum(GuestStatus.pending),
    declinedGuests: sum(GuestStatus.declined),
  };
}

/** Builds the model; `ignored.count` grows by the named IDs the caller cannot see on this day. */
export function buildDaySheet(
  store: Store,
  tour: TourRecord,
  day: DayRecord,
  userId: string,
  filters: DaySheetRenderBody = {},
  ignored = { count: 0 },
): DaySheetModel {
  const items = select(
    store.scheduleItems
      .filter((item) => item.dayId === day.id && !item.isDeleted && canSee(item, userId))
      .sort(byStartTime),
    filters.scheduleItemIds,
    ignored,
  );
  const venues = select(
    store.venues.filter((venue) => venue.dayId === day.id && !venue.isDeleted && canSee(venue, userId)),
    filters.venueIds,
    ignored,
  );
  const stays = select(
    store.stays.filter(
      (stay) => (stay.dayId === day.id || stay.dayIdList.includes(day.id)) && !stay.isDeleted && canSee(stay, userId),
    ),
    filters.accommodationIds,
    ignored,
  );
  const bulletins = select(
    store.bulletins
      .filter((bulletin) => bulletin.tourId === tour.id && bulletin.dayId === day.id && !bulletin.isDeleted)
      .sort(bulletinOrder),
    filters.bulletinIds,
    ignored,
  );
  const contactIds = [...new Set([...venues, ...stays].flatMap((owner) => owner.keyContactIds))];
  const following = tourDays(store, tour.id)
    .filter((next) => next.date > day.date)
    .slice(0, NEXT_DAYS);
  return {
    header: header(tour, day),
    runningOrder: items.map((item) => ({
      id: item.id,
      name: item.name,
      start_time: item.startTime,
      end_time: item.endTime,
      allDay: item.allDay,
      timezone: item.timezoneStart,
      formatted_address: item.location,
      notes: item.notes,
      status_type: idType('statusTypes', item.statusTypeId),
      item_type: idType('scheduleItemTypes', item.type),
    })),
    venues: venues.map((venue) => ({
      id: venue.id,
      title: venue.title,
      capacity: venue.capacity,
      venue_category: idType('venueCategories', venue.venueCategoryId),
      notes: venue.notes,
      ...addressFields(venue.location),
      contacts: contactsOf(store, { type: 'venue', id: venue.id }).map(generalContactView),
    })),
    stays: stays.map((stay) => ({
      id: stay.id,
      title: stay.title,
      type: stay.type,
      check_in_date_time: stay.checkIn,
      check_out_date_time: stay.checkOut,
      booking_number: stay.bookingNumber,
      ...addressFields(stay.location),
      contacts: contactsOf(store, { type: 'stay', id: stay.id }).map(generalContactView),
    })),
    keyContacts: linkedKeyContactViews(store, contactIds),
    guestList: guestTotals(store, day.id),
    bulletins: bulletins.map((bulletin) => ({
      id: bulletin.id,
      title: bulletin.title,
      body: bulletin.body,
      is_pinned: bulletin.isPinned,
      posted_at: bulletin.postedAt,
    })),
    nextDays: following.map((next) => ({
      id: next.id,
      name: next.name,
      date: next.date,
      dayType: idType('dayTypes', next.dayTypeId),
      location: next.formattedAddress,
    })),
  };
}
