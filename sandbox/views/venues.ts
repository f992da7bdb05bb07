/** How venues and stays appear in reads. */
import { attachmentsOf } from '../routes/shared/attachments.ts';
import { contactsOf } from '../routes/shared/contacts.ts';
import type { StayRecord, VenueRecord } from '../store/records.ts';
import { AGE_RESTRICTIONS, CONFIRMATION_NUMBER_KEY, idType } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';
import { generalContactView, linkedKeyContactViews } from './contacts.ts';
import { attachmentView, customFieldView, sortedFields } from './fields.ts';
import { userRef } from './people.ts';
import { addressFields } from './places.ts';
import { dayRef, tourRef } from './tours.ts';

/** A venue as the list read returns it. */
export function venueView(store: Store, venue: VenueRecord): Record<string, unknown> {
  const { street_address: _street, ...address } = addressFields(venue.location);
  return {
    id: venue.id,
    title: venue.title,
    status: venue.status,
    notes: venue.notes,
    image: venue.image,
    capacity: venue.capacity,
    ...address,
    venue_type: idType('venueTypes', venue.venueTypeId),
    venue_category: idType('venueCategories', venue.venueCategoryId),
    status_type: idType('statusTypes', venue.statusTypeId),
    created_by: userRef(store, venue.createdBy),
    day: dayRef(store, venue.dayId),
    tour: tourRef(store, venue.tourId),
    is_deleted: venue.isDeleted,
    updated_at: venue.updatedAt,
    is_everyone: venue.audience.everyone,
    is_admin_only: venue.audience.adminsOnly,
    venueCustomFields: sortedFields(venue.customFields).map((field) => customFieldView(field, true)),
  };
}

/** The single-venue read: the list shape plus the detail the contract leaves open (decided). */
export function venueDetailView(store: Store, venue: VenueRecord): Record<string, unknown> {
  return {
    ...venueView(store, venue),
    age_restriction: AGE_RESTRICTIONS.find((entry) => entry.id === venue.ageRestrictionId) ?? null,
    location: venue.location,
    visibility_list: venue.audience.userIds,
    keyContacts: linkedKeyContactViews(store, venue.keyContactIds),
    contacts: contactsOf(store, { type: 'venue', id: venue.id }).map(generalContactView),
    attachments: attachmentsOf(store, 'VENUE', venue.id).map(attachmentView),
  };
}

/** The stay's custom fields; a booking number shows as the premade confirmation number (id null). */
export function stayCustomFields(stay: StayRecord): Array<Record<string, unknown>> {
  const fields = sortedFields(stay.customFields).map((field) => customFieldView(field, true));
  if (stay.bookingNumber === null) return fields;
  return [
    {
      id: null,
      template_key: CONFIRMATION_NUMBER_KEY,
      title: 'Confirmation number',
      description: stay.bookingNumber,
      sort_order: 0,
    },
    ...fields,
  ];
}

/** A stay as the list read returns it. */
export function stayView(store: Store, stay: StayRecord): Record<string, unknown> {
  const { formatted_address: _formatted, ...address } = addressFields(stay.location);
  return {
    id: stay.id,
    title: stay.title,
    subtitle: stay.subtitle,
    is_confirmed: stay.isConfirmed,
    notes: stay.notes,
    image: stay.image,
    type: stay.type,
    ...address,
    check_in_date_time: stay.checkIn,
    check_out_date_time: stay.checkOut,
    booking_number: stay.bookingNumber,
    day_id: stay.dayId,
    day_id_list: stay.dayIdList,
    created_by: userRef(store, stay.createdBy),
    is_deleted: stay.isDeleted,
    updated_at: stay.updatedAt,
    is_everyone: stay.audience.everyone,
    is_admin_only: stay.audience.adminsOnly,
  };
}

/** The single-stay read: the list shape plus custom fields and the detail (decided). */
export function stayDetailView(store: Store, stay: StayRecord): Record<string, unknown> {
  return {
    ...stayView(store, stay),
    formatted_address: stay.location,
    check_in_date: stay.checkInDate,
    check_out_date: stay.checkOutDate,
    visibility_list: stay.audience.userIds,
    customFields: stayCustomFields(stay),
    keyContacts: linkedKeyContactViews(store, stay.keyContactIds),
    contacts: contactsOf(store, { type: 'stay', id: stay.id }).map(generalContactView),
    attachments: attachmentsOf(store, 'ACCOMMODATION', stay.id).map(attachmentView),
  };
}
