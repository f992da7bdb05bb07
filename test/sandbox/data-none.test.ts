/**
 * The contract's "data: none": such an answer carries only `status` and `message`, no `data`
 * key at all; every endpoint the contract answers that way, and the restores the assumptions
 * decide the same for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTour, itemBody, useSandbox, type Answer } from './helpers.ts';

const env = useSandbox();
let tourId: string;
let dayIds: number[];

const location = {
  formatted_address: 'Columbiadamm 13, 10965 Berlin, Germany',
  geometry: {
    location: { lat: 52.48, lng: 13.39 },
    viewport: { northeast: { lat: 52.49, lng: 13.4 }, southwest: { lat: 52.47, lng: 13.38 } },
  },
};
const at = (iso: string): number => Date.parse(iso);

beforeAll(async () => {
  ({ tourId, dayIds } = await createTour(env.api, { name: 'Data none' }, 2));
});

const none = (answer: Answer) => {
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ status: true, message: expect.any(String) });
};
const created = async (path: string, body: unknown): Promise<number | string> => {
  const answer = await env.api.post(path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const data = answer.body.data as { id?: number; bulletin_id?: string };
  return (data.id ?? data.bulletin_id) as number | string;
};

describe('data: none', () => {
  it('schedule items: delete, restore, tags, custom fields', async () => {
    const itemId = await created('/v1/schedule/items', itemBody(tourId, dayIds[0]!));
    none(await env.api.put(`/v1/schedule/items/${itemId}/tags`, { tourId, tagIds: [] }));
    none(
      await env.api.put(`/v1/schedule/items/${itemId}/custom-fields`, {
        fields: [{ operation: 'ADD', title: 'Dock' }],
      }),
    );
    none(await env.api.delete(`/v1/schedule/items/${itemId}`));
    none(await env.api.post(`/v1/schedule/items/${itemId}/restore`));
  });

  it('templates: undo-apply, delete, restore; tags: delete', async () => {
    const itemId = await created('/v1/schedule/items', itemBody(tourId, dayIds[0]!));
    const templateId = await created('/v1/schedule-templates', { templateName: 'None', itemIds: [itemId] });
    await env.api.post(`/v1/schedule-templates/${templateId}/apply`, { dayId: dayIds[1] });
    none(await env.api.post(`/v1/schedule-templates/${templateId}/undo-apply`, { dayId: dayIds[1] }));
    none(await env.api.delete(`/v1/schedule-templates/${templateId}`));
    none(await env.api.post(`/v1/schedule-templates/${templateId}/restore`));
    const tagId = await created(`/v1/tours/${tourId}/tags`, { name: 'None', colorId: 1 });
    none(await env.api.delete(`/v1/tours/${tourId}/tags/${tagId}`));
  });

  it('venues and stays: contacts, key contacts, custom fields, delete', async () => {
    const venueId = await created('/v1/venues', {
      title: 'Hall',
      tour_id: tourId,
      day_id: dayIds[0],
      venueCategoryId: 3,
      location,
    });
    const stayId = await created('/v1/accommodation', {
      tourId,
      formatted_address: location,
      checkInDate: at('2030-06-01T00:00:00Z'),
      checkOutDate: at('2030-06-02T00:00:00Z'),
      checkInTime: at('2030-06-01T14:00:00Z'),
      checkOutTime: at('2030-06-02T11:00:00Z'),
      reservationStatus: true,
      type: 'HOTEL',
    });
    const contactId = await created('/v1/key-contacts', {
      first_name: 'Ana',
      last_name: 'Ruiz',
      org_id: env.sandbox.credentials.orgId,
    });
    for (const [path, id] of [
      ['venues', venueId],
      ['accommodation', stayId],
    ] as const) {
      none(
        await env.api.put(`/v1/${path}/${id}/contacts`, { emails: [{ email: 'desk@example.com', operation: 'ADD' }] }),
      );
      none(
        await env.api.put(`/v1/${path}/${id}/key-contacts`, {
          key_contacts: [{ key_contact_id: contactId, operation: 'ADD' }],
        }),
      );
      none(await env.api.put(`/v1/${path}/${id}/custom-fields`, { fields: [{ operation: 'ADD', title: 'Parking' }] }));
      none(await env.api.delete(`/v1/${path}/${id}`));
    }
  });

  it('guest list: delete, restore; pass types: delete, restore; bulletins: update, delete; tours: update, delete', async () => {
    const guestId = await created('/v1/guestlist', {
      tour_id: tourId,
      day_id: dayIds[0],
      firstName: 'G',
      lastName: 'H',
      numberOfGuests: 1,
      pickupMethodId: 1,
      statusId: 1,
      passes: [],
    });
    none(await env.api.delete(`/v1/guestlist/${guestId}`));
    none(await env.api.post(`/v1/guestlist/${guestId}/restore`));
    const passId = await created(`/v1/tours/${tourId}/passTypes`, { name: 'None' });
    none(await env.api.delete(`/v1/passTypes/${passId}`));
    none(await env.api.post(`/v1/passTypes/${passId}/restore`));
    const bulletinId = await created('/v1/bulletins', {
      dayId: dayIds[0],
      title: 'T',
      body: 'B',
      isPinned: false,
      hasNotification: false,
    });
    none(await env.api.put(`/v1/bulletins/${bulletinId}`, { title: 'T2' }));
    none(await env.api.delete(`/v1/bulletins/${bulletinId}`));
    none(await env.api.put(`/v1/tours/${tourId}`, { name: 'Data none, edited' }));
    none(await env.api.delete(`/v1/tours/${tourId}`));
  });
});
