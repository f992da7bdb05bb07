/**
 * Venues, stays, rooms, contacts and custom fields against the sandbox, through the typed
 * endpoints: every response is validated by the endpoint's schema.
 */
import { describe, expect, it } from 'vitest';
import {
  createAccommodation,
  deleteAccommodation,
  getAccommodation,
  listAccommodation,
  updateAccommodation,
  type CreateStayBody,
} from '../../api/contract/accommodation.ts';
import {
  createKeyContact,
  listAccommodationContacts,
  listAccommodationKeyContacts,
  listVenueContacts,
  listVenueKeyContacts,
  updateAccommodationContacts,
  updateAccommodationKeyContacts,
  updateKeyContact,
  updateVenueContacts,
  updateVenueKeyContacts,
} from '../../api/contract/contacts.ts';
import {
  listAccommodationCustomFields,
  listVenueCustomFields,
  updateAccommodationCustomFields,
  updateVenueCustomFields,
} from '../../api/contract/custom-fields.ts';
import { createRoom, deleteRoom, listRooms, restoreRoom, updateRoom } from '../../api/contract/rooms.ts';
import { createVenue, deleteVenue, getVenue, listVenues, updateVenue } from '../../api/contract/venues.ts';
import type { ApiClient } from '../../api/client/index.ts';
import { newTour, useSandboxClient } from './sandbox-helpers.ts';

let keys = 0;
const key = (name: string) => `places-test/${name}/${++keys}`;

const place = {
  formatted_address: 'Rua Augusta 1, Lisbon',
  timeZone: 'Europe/Lisbon',
  geometry: {
    location: { lat: 38.71, lng: -9.14 },
    viewport: { northeast: { lat: 38.72, lng: -9.13 }, southwest: { lat: 38.7, lng: -9.15 } },
  },
};

async function placesTour(client: ApiClient, orgId: string): Promise<{ tourId: string; dayId: number }> {
  const { tourId, dayIds } = await newTour(client, orgId, 'Places Tour');
  return { tourId, dayId: dayIds[0] ?? 0 };
}

function stayBody(tourId: string, dayId: number): CreateStayBody {
  const checkIn = Date.UTC(2027, 4, 1, 15);
  const checkOut = Date.UTC(2027, 4, 2, 11);
  return {
    tourId,
    dayId,
    title: 'Hotel Avenida',
    formatted_address: place,
    checkInDate: Date.UTC(2027, 4, 1),
    checkOutDate: Date.UTC(2027, 4, 2),
    checkInTime: checkIn,
    checkOutTime: checkOut,
    reservationStatus: true,
    type: 'HOTEL',
  };
}

describe('places endpoints against the sandbox', () => {
  const env = useSandboxClient();
  const orgId = () => env.sandbox.credentials.orgId;

  it('venues: create, read, page, update, custom fields, delete', async () => {
    const { tourId, dayId } = await placesTour(env.client, orgId());
    const { id } = await env.client.call(createVenue, {
      body: {
        tour_id: tourId,
        day_id: dayId,
        title: 'Coliseu',
        venueCategoryId: 2,
        capacity: 4000,
        location: place,
        isEveryone: true,
      },
      idempotencyKey: key('venue'),
    });
    expect((await env.client.call(getVenue, { params: { venueId: id } })).title).toBe('Coliseu');
    await env.client.call(updateVenue, { params: { venueId: id }, body: { notes: null, capacity: 4100 } });
    const titles: string[] = [];
    for await (const venue of env.client.paginate(listVenues, { params: { tourId } })) titles.push(venue.title);
    expect(titles).toEqual(['Coliseu']);
    await env.client.call(updateVenueCustomFields, {
      params: { venueId: id },
      body: { fields: [{ operation: 'ADD', templateKey: 'load_in', description: 'Dock B' }] },
    });
    expect(
      (await env.client.call(listVenueCustomFields, { params: { venueId: id } })).map((field) => field.description),
    ).toEqual(['Dock B']);
    await env.client.call(deleteVenue, { params: { venueId: id } });
  });

  it('stays and rooms: create, read, page, update, rooms, custom fields, delete', async () => {
    const { tourId, dayId } = await placesTour(env.client, orgId());
    const stay = await env.client.call(createAccommodation, {
      body: stayBody(tourId, dayId),
      idempotencyKey: key('stay'),
    });
    expect((await env.client.call(getAccommodation, { params: { accommodationId: stay.id } })).title).toBe(
      'Hotel Avenida',
    );
    await env.client.call(updateAccommodation, {
      params: { accommodationId: stay.id },
      body: { generalNotes: 'Late check-in' },
    });
    const stays: number[] = [];
    for await (const row of env.client.paginate(listAccommodation, { params: { tourId } })) stays.push(row.id);
    expect(stays).toEqual([stay.id]);

    const roomBody = {
      roomType: 2,
      roomNumber: 412,
      checkInDate: Date.UTC(2027, 4, 1),
      checkOutDate: Date.UTC(2027, 4, 2),
      checkInTime: Date.UTC(2027, 4, 1, 15),
      checkOutTime: Date.UTC(2027, 4, 2, 11),
      smoking: false,
      generalNotes: '',
      confirmationNumber: '',
    };
    const room = await env.client.call(createRoom, {
      params: { accommodationId: stay.id },
      body: roomBody,
      idempotencyKey: key('room'),
    });
    await env.client.call(updateRoom, { params: { roomAssignmentId: room.id }, body: { roomNumber: 413 } });
    const rooms = await env.client.call(listRooms, { params: { accommodationId: stay.id } });
    expect(rooms.map((row) => row.assignment.room_number)).toEqual([413]);
    await env.client.call(deleteRoom, { params: { roomAssignmentId: room.id } });
    await env.client.call(restoreRoom, { params: { roomAssignmentId: room.id }, idempotencyKey: key('restore-room') });

    await env.client.call(updateAccommodationCustomFields, {
      params: { accommodationId: stay.id },
      body: { fields: [{ operation: 'ADD', templateKey: 'wifi', description: 'guest / hello' }] },
    });
    const fields = await env.client.call(listAccommodationCustomFields, { params: { accommodationId: stay.id } });
    expect(fields.some((field) => field.description === 'guest / hello')).toBe(true);
    await env.client.call(deleteAccommodation, { params: { accommodationId: stay.id } });
  });

  it('key contacts: create, update, link to a venue and a stay; general contact rows', async () => {
    const contact = await env.client.call(createKeyContact, {
      body: {
        first_name: 'Ana',
        last_name: 'Silva',
        org_id: orgId(),
        role: 'Promoter',
        number: 912345678,
        country: 351,
      },
      idempotencyKey: key('contact'),
    });
    expect(contact.first_name).toBe('Ana');
    await env.client.call(updateKeyContact, {
      params: { keyContactId: contact.id },
      body: { company: 'Lisbon Live', number: '912345679' },
    });

    const { tourId, dayId } = await placesTour(env.client, orgId());
    const venue = await env.client.call(createVenue, {
      body: { tour_id: tourId, day_id: dayId, title: 'Tivoli', venueCategoryId: 2, isEveryone: true },
      idempotencyKey: key('venue'),
    });
    const link = { key_contacts: [{ key_contact_id: contact.id, operation: 'ADD' as const }] };
    await env.client.call(updateVenueKeyContacts, { params: { venueId: venue.id }, body: link });
    expect(
      (await env.client.call(listVenueKeyContacts, { params: { venueId: venue.id } })).map((row) => row.id),
    ).toEqual([contact.id]);
    await env.client.call(updateVenueContacts, {
      params: { venueId: venue.id },
      body: { emails: [{ email: 'box@tivoli.example', label: 'Box office', operation: 'ADD' }] },
    });
    const rows = await env.client.call(listVenueContacts, { params: { venueId: venue.id } });
    expect(rows.map((row) => row.email?.label)).toEqual(['Box office']);

    const stay = await env.client.call(createAccommodation, {
      body: stayBody(tourId, dayId),
      idempotencyKey: key('stay'),
    });
    await env.client.call(updateAccommodationKeyContacts, { params: { accommodationId: stay.id }, body: link });
    expect(
      (await env.client.call(listAccommodationKeyContacts, { params: { accommodationId: stay.id } })).map(
        (row) => row.id,
      ),
    ).toEqual([contact.id]);
    await env.client.call(updateAccommodationContacts, {
      params: { accommodationId: stay.id },
      body: { urls: [{ url: 'https://hotel.example', label: 'Web', operation: 'ADD' }] },
    });
    expect(
      (await env.client.call(listAccommodationContacts, { params: { accommodationId: stay.id } })).map(
        (row) => row.url?.url,
      ),
    ).toEqual(['https://hotel.example']);
  });
});
