/** Venues, accommodation, rooms, contacts and custom fields. */
import { beforeAll, describe, expect, it } from 'vitest';
import { actAs, createTour, crewMember, itemBody, useSandbox } from './helpers.ts';

let tourId: string;
let dayIds: number[];

const location = {
  formatted_address: 'Columbiadamm 13, 10965 Berlin, Germany',
  placeName: 'Columbiahalle',
  timeZone: 'Europe/Berlin',
  address_components: [
    { long_name: 'Berlin', short_name: 'Berlin', types: ['locality'] },
    { long_name: '10965', short_name: '10965', types: ['postal_code'] },
    { long_name: 'Germany', short_name: 'DE', types: ['country'] },
  ],
  geometry: {
    location: { lat: 52.48, lng: 13.39 },
    viewport: { northeast: { lat: 52.49, lng: 13.4 }, southwest: { lat: 52.47, lng: 13.38 } },
  },
};
const at = (iso: string): number => Date.parse(iso);

const env = useSandbox();

beforeAll(async () => {
  ({ tourId, dayIds } = await createTour(env.api, { name: 'Venues tour' }, 3));
});

const venueBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Columbiahalle',
  tour_id: tourId,
  day_id: dayIds[0],
  venueCategoryId: 3,
  capacity: 3500,
  location,
  isEveryone: true,
  ...overrides,
});
const stayBody = (overrides: Record<string, unknown> = {}) => ({
  tourId,
  formatted_address: location,
  checkInDate: at('2030-06-01T00:00:00Z'),
  checkOutDate: at('2030-06-03T00:00:00Z'),
  checkInTime: at('2030-06-01T14:00:00Z'),
  checkOutTime: at('2030-06-03T11:00:00Z'),
  reservationStatus: true,
  type: 'HOTEL',
  title: 'Hotel Amano',
  isEveryone: true,
  ...overrides,
});

describe('venues', () => {
  it('creates, reads, updates and deletes a venue', async () => {
    const created = await env.api.post(
      '/v1/venues',
      venueBody({
        customFields: [{ title: 'Dock', description: 'Gate 4' }],
        emails: [{ email: 'prod@venue.example', label: 'Production' }],
      }),
    );
    expect(created.status).toBe(200);
    const venueId = created.body.data.id;
    const list = await env.api.get(`/v1/tours/${tourId}/venues`);
    const row = list.body.data.find((venue: { id: number }) => venue.id === venueId);
    expect(row).toMatchObject({
      title: 'Columbiahalle',
      capacity: 3500,
      city: 'Berlin',
      zip_code: '10965',
      country: 'Germany',
      timezone: 'Europe/Berlin',
      venue_category: { id: 3, type: 'Club' },
      day: { id: dayIds[0] },
      tour: { id: tourId },
    });
    expect(row.coordinates).toEqual({ lat: 52.48, lng: 13.39 });
    expect(row.venueCustomFields).toMatchObject([{ title: 'Dock', description: 'Gate 4', template_key: null }]);
    expect(list.body.pagination).toMatchObject({ totalCount: 1, returnedCount: 1, hasMore: false });
    const single = await env.api.get(`/v1/venues/${venueId}`);
    expect(single.body.data.venueCustomFields).toHaveLength(1);
    expect(single.body.data.contacts[0]).toMatchObject({
      email: { email: 'prod@venue.example', label: 'Production' },
      phone: null,
      url: null,
    });
    expect((await env.api.put(`/v1/venues/${venueId}`, { capacity: 4000, title: 'Columbia Hall' })).body.data).toEqual({
      id: venueId,
    });
    expect((await env.api.get(`/v1/venues/${venueId}`)).body.data).toMatchObject({
      capacity: 4000,
      title: 'Columbia Hall',
    });
    expect((await env.api.delete(`/v1/venues/${venueId}`)).status).toBe(200);
    expect((await env.api.get(`/v1/venues/${venueId}`)).status).toBe(404);
  });

  it('requires a known venue category and stores a generated path for image', async () => {
    expect((await env.api.post('/v1/venues', venueBody({ venueCategoryId: undefined }))).status).toBe(400);
    expect((await env.api.post('/v1/venues', venueBody({ venueCategoryId: 99 }))).status).toBe(400);
    const created = await env.api.post('/v1/venues', venueBody({ image: 'https://cdn.example/photo.jpg' }));
    const image = (await env.api.get(`/v1/venues/${created.body.data.id}`)).body.data.image as string;
    expect(image).not.toContain('cdn.example');
    expect(image).toMatch(/^tours\//);
  });

  it('hides a venue without visibility fields from regular members', async () => {
    const hidden = (await env.api.post('/v1/venues', venueBody({ isEveryone: undefined, title: 'Secret' }))).body.data
      .id;
    const crew = await actAs(env.api, await crewMember(env.api, tourId));
    expect((await crew.get(`/v1/venues/${hidden}`)).status).toBe(404);
    expect(
      (await crew.get(`/v1/tours/${tourId}/venues`)).body.data.some((venue: { id: number }) => venue.id === hidden),
    ).toBe(false);
  });
});

describe('accommodation and rooms', () => {
  it('creates a stay from epoch milliseconds and reads the instants back as ISO 8601', async () => {
    const created = await env.api.post(
      '/v1/accommodation',
      stayBody({ daysList: [dayIds[0], dayIds[1]], confirmationNumber: 'AB123' }),
    );
    expect(created.body.data).toMatchObject({ name: 'Hotel Amano' });
    const stayId = created.body.data.id;
    const list = await env.api.get(`/v1/tours/${tourId}/accommodation`);
    const row = list.body.data.find((stay: { id: number }) => stay.id === stayId);
    expect(row).toMatchObject({
      type: 'HOTEL',
      is_confirmed: true,
      booking_number: 'AB123',
      check_in_date_time: '2030-06-01T14:00:00.000Z',
      check_out_date_time: '2030-06-03T11:00:00.000Z',
      day_id: dayIds[0],
      day_id_list: [dayIds[0], dayIds[1]],
      city: 'Berlin',
    });
    const edited = await env.api.put(`/v1/accommodation/${stayId}`, {
      title: 'Hotel Amano Grand',
      tourId: '00000000-0000-4000-8000-000000000000',
      dayId: 1,
      subtitle: 'ignored',
    });
    expect(edited.body.data).toEqual({ id: stayId, name: 'Hotel Amano Grand' });
    expect((await env.api.get(`/v1/accommodation/${stayId}`)).body.data).toMatchObject({
      title: 'Hotel Amano Grand',
      subtitle: null,
      day_id: dayIds[0],
    });
  });

  it('rejects missing required fields, check-out before check-in, and an unfetchable image_url', async () => {
    expect((await env.api.post('/v1/accommodation', stayBody({ reservationStatus: undefined }))).status).toBe(400);
    expect((await env.api.post('/v1/accommodation', stayBody({ type: 'TENT' }))).status).toBe(400);
    expect(
      (await env.api.post('/v1/accommodation', stayBody({ checkOutTime: at('2030-05-01T00:00:00Z') }))).status,
    ).toBe(400);
    expect(
      (await env.api.post('/v1/accommodation', stayBody({ formatted_address: { formatted_address: 'no geometry' } })))
        .status,
    ).toBe(400);
    const before = env.sandbox.snapshot({ normalise: true });
    const unfetchable = await env.api.post(
      '/v1/accommodation',
      stayBody({ image_url: 'https://nowhere.invalid/hotel.jpg' }),
    );
    expect(unfetchable).toMatchObject({ status: 400, body: { error: '400', message: 'fetch failed' } });
    expect(
      (await env.api.post('/v1/accommodation', stayBody({ image_url: 'http://127.0.0.1/hotel.jpg' }))).body.error,
    ).toBe('400');
    expect(env.sandbox.snapshot({ normalise: true })).toEqual(before);
    const hosted = await env.api.post(
      '/v1/accommodation',
      stayBody({ image_url: 'https://photos.example.com/hotel.jpg' }),
    );
    expect((await env.api.get(`/v1/accommodation/${hosted.body.data.id}`)).body.data.image).toMatch(
      /^https:\/\/storage\./,
    );
  });

  it('manages rooms: create, occupants, update, delete, restore', async () => {
    const stayId = (await env.api.post('/v1/accommodation', stayBody())).body.data.id;
    const crewId = await crewMember(env.api, tourId);
    const invites = (await env.api.get(`/v1/tours/${tourId}/users`)).body.data.pending_invites as Array<{ id: number }>;
    const room = {
      roomType: 2,
      roomNumber: 412,
      checkInDate: at('2030-06-01T00:00:00Z'),
      checkOutDate: at('2030-06-03T00:00:00Z'),
      checkInTime: at('2030-06-01T15:00:00Z'),
      checkOutTime: at('2030-06-03T10:00:00Z'),
      smoking: false,
      generalNotes: '',
      confirmationNumber: '',
      guestList: [crewId],
      pendingInviteIds: [invites[0]?.id],
    };
    const created = await env.api.post(`/v1/accommodation/${stayId}/rooms`, room);
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Room 412' });
    const roomId = created.body.data.id;
    const list = await env.api.get(`/v1/accommodation/${stayId}/rooms`);
    expect(list.body.data[0]).toMatchObject({
      assignment: {
        id: roomId,
        room_number: 412,
        smoking: false,
        room_type_id: { id: 2, type: 'Double' },
        check_in_date_time: '2030-06-01T15:00:00.000Z',
      },
      users: [{ id: crewId }],
      pendingInvites: [{ id: invites[0]?.id }],
    });
    expect((await env.api.put(`/v1/rooms/${roomId}`, { guestList: [], roomNumber: 413 })).body.data).toEqual({
      id: roomId,
      name: 'Room 412',
    });
    expect((await env.api.get(`/v1/accommodation/${stayId}/rooms`)).body.data[0]).toMatchObject({
      assignment: { room_number: 413 },
      users: [],
    });
    expect(
      (
        await env.api.post(`/v1/accommodation/${stayId}/rooms`, {
          ...room,
          guestList: ['00000000-0000-4000-8000-00000000000a'],
        })
      ).status,
    ).toBe(400);
    expect((await env.api.post(`/v1/accommodation/${stayId}/rooms`, { ...room, generalNotes: undefined })).status).toBe(
      400,
    );
    expect((await env.api.post(`/v1/rooms/${roomId}/restore`)).status).toBe(400);
    expect((await env.api.delete(`/v1/rooms/${roomId}`)).body.data).toEqual({ id: roomId, name: 'Room 412' });
    expect((await env.api.get(`/v1/accommodation/${stayId}/rooms`)).body.data).toEqual([]);
    expect((await env.api.post(`/v1/rooms/${roomId}/restore`)).body.data).toEqual({ id: roomId, name: 'Room 412' });
    expect((await env.api.get(`/v1/accommodation/${stayId}/rooms`)).body.data).toHaveLength(1);
  });
});

describe('contacts and custom fields', () => {
  it('keeps key contacts per organization and links them to venues and stays', async () => {
    const orgId = env.sandbox.credentials.orgId;
    const created = await env.api.post('/v1/key-contacts', {
      first_name: 'Mira',
      last_name: 'Holt',
      org_id: orgId,
      email: 'mira@promoter.example',
      number: 1701234567,
      country: 49,
      role: 'Promoter',
    });
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      first_name: 'Mira',
      last_name: 'Holt',
      email: 'mira@promoter.example',
    });
    const contactId = created.body.data.id;
    expect(
      (await env.api.put(`/v1/key-contacts/${contactId}`, { number: '1709999', country: '49', company: 'Promo GmbH' }))
        .status,
    ).toBe(200);
    const book = await env.api.get(`/v1/organizations/${orgId}/key-contacts`);
    expect(book.body.data.find((row: { id: number }) => row.id === contactId)).toMatchObject({
      number: '1709999',
      country: '49',
      company: 'Promo GmbH',
    });
    expect((await env.api.post('/v1/key-contacts', { first_name: 'No', last_name: 'Org' })).status).toBe(400);
    const venueId = (await env.api.post('/v1/venues', venueBody({ keyContactIds: [contactId] }))).body.data.id;
    expect(
      (await env.api.get(`/v1/venues/${venueId}/key-contacts`)).body.data.map((row: { id: number }) => row.id),
    ).toEqual([contactId]);
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/key-contacts`, {
          key_contacts: [{ key_contact_id: contactId, operation: 'REMOVE' }],
        })
      ).status,
    ).toBe(200);
    expect((await env.api.get(`/v1/venues/${venueId}/key-contacts`)).body.data).toEqual([]);
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/key-contacts`, {
          key_contacts: [{ key_contact_id: 999_999, operation: 'ADD' }],
        })
      ).status,
    ).toBe(404);
    const stayId = (await env.api.post('/v1/accommodation', stayBody())).body.data.id;
    expect(
      (
        await env.api.put(`/v1/accommodation/${stayId}/key-contacts`, {
          key_contacts: [{ key_contact_id: contactId, operation: 'ADD' }],
        })
      ).status,
    ).toBe(200);
    expect((await env.api.get(`/v1/accommodation/${stayId}/key-contacts`)).body.data).toMatchObject([
      { id: contactId, first_name: 'Mira' },
    ]);
  });

  it('edits general contact rows: exactly one of email, phone, url per row', async () => {
    const venueId = (await env.api.post('/v1/venues', venueBody())).body.data.id;
    expect((await env.api.put(`/v1/venues/${venueId}/contacts`, {})).status).toBe(400);
    await env.api.put(`/v1/venues/${venueId}/contacts`, {
      emails: [{ email: 'box@venue.example', label: 'Box office', operation: 'ADD' }],
      numbers: [{ number: 3012345, country: 49, label: 'Office', operation: 'ADD' }],
      urls: [{ url: 'https://venue.example', label: 'Web', operation: 'ADD', is_google: true }],
    });
    const rows = (await env.api.get(`/v1/venues/${venueId}/contacts`)).body.data as Array<
      Record<string, Record<string, unknown> | null>
    >;
    expect(rows).toHaveLength(3);
    for (const row of rows) expect([row.email, row.phone, row.url].filter((value) => value !== null)).toHaveLength(1);
    const phone = rows.find((row) => row.phone)?.phone;
    expect(phone).toMatchObject({ phone: '3012345', country: '49', label: 'Office', is_google: false });
    await env.api.put(`/v1/venues/${venueId}/contacts`, {
      numbers: [{ id: phone?.id, number: 3099999, country: 49, label: 'Office', operation: 'UPDATE' }],
      urls: [{ id: rows.find((row) => row.url)?.url?.id, url: 'x', label: 'x', operation: 'REMOVE' }],
    });
    const after = (await env.api.get(`/v1/venues/${venueId}/contacts`)).body.data as Array<
      Record<string, Record<string, unknown> | null>
    >;
    expect(after).toHaveLength(2);
    expect(after.find((row) => row.phone)?.phone?.phone).toBe('3099999');
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/contacts`, {
          emails: [{ id: 1, email: 'x', label: 'x', operation: 'REMOVE' }],
        })
      ).status,
    ).toBe(404);
  });

  it('applies custom-field operations; a stay confirmation number writes booking_number with a null id', async () => {
    const venueId = (await env.api.post('/v1/venues', venueBody())).body.data.id;
    await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
      fields: [
        { operation: 'ADD', title: 'Curfew', description: '23:00' },
        { operation: 'ADD', templateKey: 'wifi', description: 'venue-guest' },
      ],
    });
    const fields = (await env.api.get(`/v1/venues/${venueId}/custom-fields`)).body.data as Array<{
      id: number;
      title: string;
      template_key: string | null;
    }>;
    expect(fields.map((field) => [field.title, field.template_key])).toEqual([
      ['Curfew', null],
      ['Wi-Fi', 'wifi'],
    ]);
    await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
      fields: [
        { operation: 'REMOVE', id: fields[0]?.id },
        { operation: 'UPDATE', id: fields[1]?.id, description: 'new-pass' },
      ],
    });
    expect((await env.api.get(`/v1/venues/${venueId}/custom-fields`)).body.data).toMatchObject([
      { template_key: 'wifi', description: 'new-pass' },
    ]);
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
          fields: [{ operation: 'UPDATE', id: 1, title: 'x' }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
          fields: [{ operation: 'ADD', templateKey: 'confirmation_number' }],
        })
      ).status,
    ).toBe(400);
    const stayId = (await env.api.post('/v1/accommodation', stayBody())).body.data.id;
    await env.api.put(`/v1/accommodation/${stayId}/custom-fields`, {
      fields: [{ operation: 'ADD', templateKey: 'confirmation_number', description: 'CONF-9' }],
    });
    expect((await env.api.get(`/v1/accommodation/${stayId}`)).body.data.booking_number).toBe('CONF-9');
    expect((await env.api.get(`/v1/accommodation/${stayId}/custom-fields`)).body.data).toEqual([
      {
        id: null,
        template_key: 'confirmation_number',
        title: 'Confirmation number',
        description: 'CONF-9',
        sort_order: 0,
      },
    ]);
  });

  it('takes null as "empty" for a field value, a key contact detail and the confirmation number (decided); premade fields only on venues and stays', async () => {
    const venueId = (await env.api.post('/v1/venues', venueBody())).body.data.id;
    await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
      fields: [{ operation: 'ADD', title: 'Curfew', description: '23:00' }],
    });
    const [field] = (await env.api.get(`/v1/venues/${venueId}/custom-fields`)).body.data as Array<{ id: number }>;
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
          fields: [{ operation: 'UPDATE', id: field?.id, description: null }],
        })
      ).status,
    ).toBe(200);
    expect((await env.api.get(`/v1/venues/${venueId}/custom-fields`)).body.data).toMatchObject([
      { title: 'Curfew', description: null },
    ]);

    const orgId = env.sandbox.credentials.orgId;
    const contactId = (
      await env.api.post('/v1/key-contacts', {
        first_name: 'Nia',
        last_name: 'Ode',
        org_id: orgId,
        email: 'nia@example.com',
        number: 301234,
        country: 49,
      })
    ).body.data.id;
    expect(
      (await env.api.put(`/v1/key-contacts/${contactId}`, { email: null, number: null, country: null })).status,
    ).toBe(200);
    const book = (await env.api.get(`/v1/organizations/${orgId}/key-contacts`)).body.data as Array<{ id: number }>;
    expect(book.find((row) => row.id === contactId)).toMatchObject({
      first_name: 'Nia',
      email: null,
      number: null,
      country: null,
    });

    const stayId = (await env.api.post('/v1/accommodation', stayBody())).body.data.id;
    await env.api.put(`/v1/accommodation/${stayId}/custom-fields`, {
      fields: [{ operation: 'ADD', templateKey: 'confirmation_number', description: 'CONF-1' }],
    });
    await env.api.put(`/v1/accommodation/${stayId}/custom-fields`, {
      fields: [{ operation: 'ADD', templateKey: 'confirmation_number' }],
    });
    expect((await env.api.get(`/v1/accommodation/${stayId}`)).body.data.booking_number).toBeNull();

    const created = await env.api.post('/v1/schedule/items', itemBody(tourId, dayIds[0]!, { isEveryone: true }));
    const refused = await env.api.put(`/v1/schedule/items/${created.body.data.id}/custom-fields`, {
      fields: [{ operation: 'ADD', templateKey: 'wifi' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('premade fields exist only on venues and stays');
  });

  it("takes a venue's age restriction field only with a label of the age restrictions (decided)", async () => {
    const venueId = (await env.api.post('/v1/venues', venueBody())).body.data.id;
    const refused = await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
      fields: [{ operation: 'ADD', templateKey: 'age_restriction', description: 'Adults' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('one of: All ages, 16+, 18+, 21+');
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
          fields: [{ operation: 'ADD', templateKey: 'age_restriction', description: '18+' }],
        })
      ).status,
    ).toBe(200);
    const [field] = (await env.api.get(`/v1/venues/${venueId}/custom-fields`)).body.data as Array<{ id: number }>;
    expect(
      (
        await env.api.put(`/v1/venues/${venueId}/custom-fields`, {
          fields: [{ operation: 'UPDATE', id: field?.id, description: '12+' }],
        })
      ).status,
    ).toBe(400);
  });
});
