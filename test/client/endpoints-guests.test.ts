/**
 * Guest list, pass types, bulletins and reference data against the sandbox, through the typed
 * endpoints, with names resolved by the lookups the way playbooks name them.
 */
import { describe, expect, it } from 'vitest';
import { createBulletin, deleteBulletin, listBulletins, updateBulletin } from '../../api/contract/bulletins.ts';
import {
  createGuest,
  deleteGuest,
  getGuestlistApprovedTotal,
  getGuestlistDayConfig,
  listGuestlist,
  listRequesters,
  restoreGuest,
  updateGuest,
  updateGuestlistDayConfig,
  updateGuestlistStatuses,
} from '../../api/contract/guestlist.ts';
import {
  createPassType,
  deletePassType,
  listPassTypes,
  passTypeDeleteBlocked,
  restorePassType,
  updatePassType,
} from '../../api/contract/pass-types.ts';
import {
  getReferenceTypes,
  listAgeRestrictions,
  listStayFieldTemplates,
  listVenueFieldTemplates,
} from '../../api/contract/reference.ts';
import { LookupNameError } from '../../api/client/index.ts';
import { newTour, useSandboxClient } from './sandbox-helpers.ts';

let keys = 0;
const key = (name: string) => `guests-test/${name}/${++keys}`;

describe('guest list, passes, bulletins and reference data against the sandbox', () => {
  const env = useSandboxClient();
  const orgId = () => env.sandbox.credentials.orgId;

  it('reference data: the bundle, age restrictions, field templates, and name lookups', async () => {
    const bundle = await env.client.call(getReferenceTypes, {});
    expect(bundle.types.map((group) => group.name)).toContain('hotelRoomTypes');
    expect((await env.client.call(listAgeRestrictions, {})).length).toBeGreaterThan(0);
    expect((await env.client.call(listVenueFieldTemplates, {})).map((field) => field.key)).toContain('load_in');
    expect((await env.client.call(listStayFieldTemplates, {})).map((field) => field.key)).toContain(
      'confirmation_number',
    );
    const double = bundle.types
      .find((group) => group.name === 'hotelRoomTypes')
      ?.type.find((entry) => entry.type === 'Double')?.id;
    expect(await env.client.lookups.resolve('hotelRoomTypes', 'double')).toBe(double);
    expect(await env.client.lookups.resolve('dayTypes', 'Show')).toBeTypeOf('number');
    expect(await env.client.lookups.resolve('stayFieldTemplates', 'Confirmation number')).toBeTypeOf('number');
    const error = await env.client.lookups.resolve('guestlistStatuses', 'Maybe').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LookupNameError);
    expect((error as Error).message).toMatch(/^Unknown guestlistStatuses name "Maybe"\. Valid names: .*Approved/);
  });

  it('pass types and guests: create, page, update, statuses, totals, the delete guard, restore', async () => {
    const { tourId, dayIds } = await newTour(env.client, orgId(), 'Guest Tour');
    const dayId = dayIds[0] ?? 0;
    const pass = await env.client.call(createPassType, {
      params: { tourId },
      body: { name: 'All access', quantity: 20 },
      idempotencyKey: key('pass'),
    });
    await env.client.call(updatePassType, { params: { passTypeId: pass.id }, body: { quantity: 25 } });
    const passes: number[] = [];
    for await (const row of env.client.paginate(listPassTypes, { params: { tourId } })) passes.push(row.id);
    expect(passes).toEqual([pass.id]);

    const [pending, approved] = await Promise.all([
      env.client.lookups.resolve('guestlistStatuses', 'Pending'),
      env.client.lookups.resolve('guestlistStatuses', 'Approved'),
    ]);
    const pickup = await env.client.lookups.resolve('pickupMethods', 'will call');
    const guest = await env.client.call(createGuest, {
      body: {
        tour_id: tourId,
        day_id: dayId,
        firstName: 'Rui',
        lastName: 'Costa',
        numberOfGuests: 2,
        pickupMethodId: pickup,
        statusId: pending,
        passes: [{ passId: pass.id, count: 2 }],
      },
      idempotencyKey: key('guest'),
    });
    await env.client.call(updateGuest, {
      params: { guestListId: guest.id },
      body: {
        firstName: 'Rui',
        lastName: 'Costa',
        numberOfGuests: 3,
        pickupMethodId: pickup,
        statusId: pending,
        passes: [{ passId: pass.id, count: 3 }],
      },
    });
    await env.client.call(updateGuestlistStatuses, {
      params: { tourId },
      body: { guestListIds: [guest.id], statusId: approved },
    });
    expect((await env.client.call(getGuestlistApprovedTotal, { params: { tourId, dayId } })).approvedGuests).toBe(3);
    const names: string[] = [];
    for await (const row of env.client.paginate(listGuestlist, { params: { tourId, dayId } }))
      names.push(`${row.firstName} ${row.numberOfGuests}`);
    expect(names).toEqual(['Rui 3']);
    expect((await env.client.call(listRequesters, { params: { tourId } })).length).toBeGreaterThan(0);

    await env.client.call(updateGuestlistDayConfig, {
      params: { tourId, dayId },
      body: { dayCap: 100, passCaps: [{ passId: pass.id, cap: 10 }] },
    });
    expect((await env.client.call(getGuestlistDayConfig, { params: { tourId, dayId } })).dayCap).toBe(100);

    const refused = await env.client.callRaw(deletePassType, { params: { passTypeId: pass.id } });
    expect(refused.status).toBe(false);
    expect(passTypeDeleteBlocked.parse(refused.data).guestLists.map((row) => row.id)).toEqual([guest.id]);
    await expect(env.client.call(deletePassType, { params: { passTypeId: pass.id } })).rejects.toMatchObject({
      code: 'NOT_PERFORMED',
    });

    await env.client.call(deleteGuest, { params: { guestListId: guest.id } });
    await env.client.call(restoreGuest, { params: { guestListId: guest.id }, idempotencyKey: key('restore-guest') });
    await env.client.call(deletePassType, { params: { passTypeId: pass.id }, query: { force: true } });
    await env.client.call(restorePassType, { params: { passTypeId: pass.id }, idempotencyKey: key('restore-pass') });
  });

  it('bulletins: post, page, edit, delete', async () => {
    const { tourId, dayIds } = await newTour(env.client, orgId(), 'Bulletin Tour');
    const { bulletin_id } = await env.client.call(createBulletin, {
      body: { dayId: dayIds[0] ?? 0, title: 'Bus call', body: 'Lobby at 9', isPinned: true, hasNotification: false },
      idempotencyKey: key('bulletin'),
    });
    await env.client.call(updateBulletin, { params: { bulletinId: bulletin_id }, body: { body: 'Lobby at 9:30' } });
    const bodies: Array<string | null | undefined> = [];
    for await (const row of env.client.paginate(listBulletins, { params: { tourId } })) bodies.push(row.body);
    expect(bodies).toEqual(['Lobby at 9:30']);
    await env.client.call(deleteBulletin, { params: { bulletinId: bulletin_id } });
  });
});
