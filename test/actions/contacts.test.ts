/**
 * contact.create and contact.link against the sandbox: the key contact field by field, one per
 * key, the undo that reports it left behind (the API cannot delete key contacts), and links to
 * venues and stays undone by unlinking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactLinkArgs } from '../../actions/contact/catalogue.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

describe('contact.link arguments', () => {
  const TOUR = '6f1c1a52-8f1e-4a5e-9a49-3c1f0b7d2e11';
  it.each([
    [{ contact: 'Nora Licht', contactId: 3, venueId: 1 }, 'give "contact" (its name or ID) or "contactId"'],
    [{ venueId: 1 }, 'give "contact" (its name or ID) or "contactId"'],
    [{ contact: 'Nora Licht', org: 'Acme', tourId: TOUR, venueId: 1 }, 'give "org" or "tourId", not both'],
  ])('refuses %j', (args, message) => {
    const parsed = contactLinkArgs.safeParse(args);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('takes a contact by name without a tour', () => {
    expect(contactLinkArgs.safeParse({ contact: 'Nora Licht', venueId: 1 }).success).toBe(true);
  });
});

describe('contact actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('Contact Tour');
  });
  afterAll(async () => {
    await h?.close();
  });

  const contactOf = (id: number) => rows(h.snapshot(), 'keyContacts').find((contact) => contact.id === id);

  it('adds a key contact to the tour’s organization once per key; the undo reports it left behind', async () => {
    const args = {
      tourId: tour.id,
      firstName: 'Ada',
      lastName: 'Promoter',
      email: 'ada@promoter.example',
      phone: { country: 49, number: '30 1234 567' },
      role: 'Promoter',
      company: 'Live Nation',
      city: 'Berlin',
      url: 'https://promoter.example',
    };
    const call = h.stepCall('contact.create', args);
    const outcome = await h.run('contact.create', args, { key: call.idempotencyKey });
    const { id } = outcome.output as { id: number };
    expect(contactOf(id)).toMatchObject({
      orgId: h.sandbox.credentials.orgId,
      firstName: 'Ada',
      lastName: 'Promoter',
      email: 'ada@promoter.example',
      number: '301234567',
      country: '49',
      role: 'Promoter',
      company: 'Live Nation',
      city: 'Berlin',
      url: 'https://promoter.example',
    });
    const count = rows(h.snapshot(), 'keyContacts').length;
    await h.run('contact.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'keyContacts')).toHaveLength(count);

    expect(outcome.undo).toEqual([
      expect.objectContaining({
        activity: 'keyContactLeftBehind',
        record: { resource: 'keyContact', id, label: 'Ada Promoter' },
      }),
    ]);
    const failure = await failureOf(h.undo(outcome.undo));
    expect(failure.type).toBe('CANNOT_UNDO');
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toContain('cannot delete key contacts');
    expect(contactOf(id)).toBeDefined();
  });

  it('puts a contact into the default organization when none is named', async () => {
    const outcome = await h.run('contact.create', { firstName: 'Bo', lastName: 'Booker' });
    expect(contactOf((outcome.output as { id: number }).id)).toMatchObject({
      orgId: h.sandbox.credentials.orgId,
      email: null,
    });
  });

  it('links a contact to a venue and to a stay; the undo unlinks; a second link changes nothing', async () => {
    const contactId = (
      (await h.run('contact.create', { tourId: tour.id, firstName: 'Cy', lastName: 'Stage' })).output as { id: number }
    ).id;
    const venue = await h.run('venue.create', {
      tourId: tour.id,
      day: '2027-03-27',
      title: 'Tempodrom',
      category: 'Arena',
    });
    const venueId = (venue.output as { id: number }).id;
    const stay = await h.run('stay.create', {
      tourId: tour.id,
      title: 'Motel One',
      location: { address: 'Berlin', lat: 52.5, lng: 13.4 },
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-28', time: '11:00' },
    });
    const stayId = (stay.output as { id: number }).id;
    const before = h.snapshot();

    const toVenue = await h.run('contact.link', { contactId, venueId });
    expect(toVenue.output).toEqual({ contactId });
    const toStay = await h.run('contact.link', { contactId, stayId });
    const snapshot = h.snapshot();
    expect(rows(snapshot, 'venues').find((row) => row.id === venueId).keyContactIds).toEqual([contactId]);
    expect(rows(snapshot, 'stays').find((row) => row.id === stayId).keyContactIds).toEqual([contactId]);

    const again = await h.run('contact.link', { contactId, venueId });
    expect(again.undo).toEqual([]);
    expect(again.describe).toBe(`key contact ${contactId} already so (linked to venue ${venueId}): nothing written`);
    expect(again.wroteNothing).toBe(true);
    expect(await h.prepare(h.stepCall('contact.link', { contactId, venueId }))).toEqual([]);

    await h.undo([...toVenue.undo, ...toStay.undo]);
    expect(h.snapshot()).toEqual(before);
  });

  it('links a contact named by e-mail or full name to a venue named by title; an unknown one lists the nearest', async () => {
    const contactId = (
      (
        await h.run('contact.create', {
          tourId: tour.id,
          firstName: 'Lena',
          lastName: 'Vogt',
          email: 'lena@promoter.example',
        })
      ).output as { id: number }
    ).id;
    await h.run('venue.create', { tourId: tour.id, day: '2027-03-28', title: 'Docks', category: 'Club' });
    const byEmail = await h.run('contact.link', { tourId: tour.id, contact: 'LENA@promoter.example', venue: 'docks' });
    expect(byEmail.output).toEqual({ contactId });
    const byName = await h.run('contact.link', { tourId: tour.id, contact: 'lena vogt', venue: 'Docks' });
    expect(byName.output).toEqual({ contactId });
    const venue = rows(h.snapshot(), 'venues').find((row) => row.title === 'Docks');
    expect(venue.keyContactIds).toEqual([contactId]);
    const unknown = await failureOf(h.run('contact.link', { tourId: tour.id, contact: 'Lena Voigt', venue: 'Docks' }));
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).toContain('nearest: "Lena Vogt"');
  });

  it('refuses a full name two contacts share, listing each with what tells them apart; the e-mail picks one', async () => {
    const add = async (company: string, email: string) =>
      (
        (await h.run('contact.create', { tourId: tour.id, firstName: 'Max', lastName: 'Roth', company, email }))
          .output as { id: number }
      ).id;
    const promoter = await add('Roth Promotions', 'max@roth.example');
    const venueCrew = await add('Hall Crew', 'max@hall.example');
    await h.run('venue.create', { tourId: tour.id, day: '2027-03-29', title: 'Halle', category: 'Club' });
    const before = h.snapshot();
    const ambiguous = await failureOf(h.run('contact.link', { tourId: tour.id, contact: 'max  ROTH', venue: 'Halle' }));
    expect(ambiguous.type).toBe('AMBIGUOUS_NAME');
    expect(ambiguous.message).toContain(`Max Roth (ID ${promoter}, Roth Promotions)`);
    expect(ambiguous.message).toContain(`Max Roth (ID ${venueCrew}, Hall Crew)`);
    expect(ambiguous.message).toContain('give the ID instead');
    expect(h.snapshot()).toEqual(before);
    const linked = await h.run('contact.link', { tourId: tour.id, contact: 'max@hall.example', venue: 'Halle' });
    expect(linked.output).toEqual({ contactId: venueCrew });
    await h.undo(linked.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('without a tour, takes a contact by e-mail or name from the book of "org" or the default organization', async () => {
    const contactId = (
      (
        await h.run('contact.create', {
          tourId: tour.id,
          firstName: 'Nora',
          lastName: 'Licht',
          email: 'nora@lights.example',
        })
      ).output as { id: number }
    ).id;
    const venueId = (
      (await h.run('venue.create', { tourId: tour.id, day: '2027-03-27', title: 'Werk', category: 'Club' })).output as {
        id: number;
      }
    ).id;
    const before = h.snapshot();
    const byDefault = await h.run('contact.link', { contact: 'NORA@lights.example', venueId });
    expect(byDefault.output).toEqual({ contactId });
    await h.undo(byDefault.undo);
    const byOrg = await h.run('contact.link', { org: h.sandbox.credentials.orgId, contact: 'nora licht', venueId });
    expect(byOrg.output).toEqual({ contactId });
    expect(rows(h.snapshot(), 'venues').find((row) => row.id === venueId).keyContactIds).toEqual([contactId]);
    await h.undo(byOrg.undo);
    expect(h.snapshot()).toEqual(before);
    const unknown = await failureOf(h.run('contact.link', { contact: 'Nora Lich', venueId }));
    expect(unknown.message).toBe(
      `No key contact "Nora Lich" in the book of organization ${h.sandbox.credentials.orgId}; nearest: "Nora Licht".`,
    );
  });
});
