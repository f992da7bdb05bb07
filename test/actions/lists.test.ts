/**
 * The list actions against the sandbox over HTTP: each returns the records a later step or
 * `forEach` uses, filtered as asked, and a long list is read to its end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, startHarness, type Harness } from './activity-harness.ts';

const HOTEL = { address: 'Unter den Linden 77, 10117 Berlin', lat: 52.5163, lng: 13.3805 };
const ARENA = { address: 'Mercedes-Platz 1, 10243 Berlin', lat: 52.5053, lng: 13.4431 };
type Out = Record<string, unknown>;

describe('list actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  let tourId: string;
  const out = async (action: string, args: Out) => (await h.run(action, { tourId, ...args } as never)).output as Out;

  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('List Tour');
    tourId = tour.id;
    await h.run('tag.create', { tourId, name: 'Production', color: 'Green' });
    await h.run('schedule.items.create', {
      tourId,
      items: [
        { day: '2027-03-27', name: 'Load-in', start: '10:00' },
        { day: '2027-03-27', name: 'Soundcheck', start: '16:00', end: '17:00', tags: ['Production'] },
        { day: '2027-03-29', name: 'soundcheck ', start: '15:30', confirmed: true },
      ],
    });
    await h.run('venue.create', {
      tourId,
      day: '2027-03-27',
      title: 'Uber Arena',
      category: 'Arena',
      capacity: 17000,
      location: ARENA,
    });
    await h.run('venue.create', { tourId, day: '2027-03-29', title: 'Zenith', category: 'Club' });
    await h.run('stay.create', {
      tourId,
      title: 'Hotel Adlon',
      location: HOTEL,
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-29', time: '11:00' },
      confirmationNumber: 'ADL-1',
    });
    await h.run('room.assign', {
      tourId,
      stay: 'Hotel Adlon',
      roomNumber: 101,
      roomType: 'Double',
      people: ['sam.rivera@example.com', 'priya.natarajan@example.com'],
    });
    await h.run('bulletin.create', {
      tourId,
      day: '2027-03-28',
      title: 'Bus call',
      body: 'Bus leaves at 9',
      pinned: true,
    });
    await h.run('passType.create', { tourId, name: 'Backstage' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('schedule.item.list: items of every day, or filtered by name (case and spaces aside), tag, status and day', async () => {
    const all = await out('schedule.item.list', {});
    expect(all.count).toBe(3);
    const soundchecks = await out('schedule.item.list', { name: 'SOUNDCHECK' });
    expect((soundchecks.items as Out[]).map((item) => [item.date, item.start, item.confirmed])).toEqual([
      ['2027-03-27', '16:00', false],
      ['2027-03-29', '15:30', true],
    ]);
    const tagged = await out('schedule.item.list', { tags: ['production'] });
    expect(tagged.items).toEqual([
      expect.objectContaining({
        name: 'Soundcheck',
        dayId: tour.days[0]!.id,
        date: '2027-03-27',
        start: '16:00',
        end: '17:00',
        tags: ['Production'],
      }),
    ]);
    expect((await out('schedule.item.list', { day: '2027-03-29', confirmed: true })).count).toBe(1);
    expect((await out('schedule.item.list', { from: '2027-03-28', to: '2027-03-28' })).count).toBe(0);
  });

  it('tag.list counts the items carrying each tag', async () => {
    expect((await out('tag.list', {})).tags).toEqual([
      { id: expect.any(Number), name: 'Production', color: 'Green', usageCount: 1 },
    ]);
  });

  it('venue.list and stay.list filter by day, title, category and dates', async () => {
    const venues = await out('venue.list', {});
    expect((venues.venues as Out[]).map((venue) => [venue.title, venue.date, venue.category])).toEqual([
      ['Uber Arena', '2027-03-27', 'Arena'],
      ['Zenith', '2027-03-29', 'Club'],
    ]);
    expect((await out('venue.list', { dayTypes: ['Show'], category: 'Club' })).count).toBe(1);
    expect((await out('venue.list', { from: '2027-03-28', to: '2027-03-28' })).count).toBe(0);

    const stays = await out('stay.list', { rooms: true });
    expect(stays.stays).toEqual([
      expect.objectContaining({
        title: 'Hotel Adlon',
        checkIn: { date: '2027-03-27', time: '15:00' },
        checkOut: { date: '2027-03-29', time: '11:00' },
        timeZone: 'Europe/Berlin',
        confirmationNumber: 'ADL-1',
        dayIds: [tour.days[0]!.id, tour.days[1]!.id],
        rooms: [
          expect.objectContaining({
            roomNumber: 101,
            roomType: 'Double',
            occupants: ['Sam Rivera', 'Priya Natarajan'],
          }),
        ],
      }),
    ]);
    expect((await out('stay.list', { from: '2027-03-29' })).count).toBe(0);
    expect((await out('stay.list', { to: '2027-03-27' })).count).toBe(1);
  });

  it('room.list reads a stay’s rooms by its title, or the rooms a person is in', async () => {
    expect((await out('room.list', { stay: 'hotel adlon' })).count).toBe(1);
    expect((await out('room.list', { person: 'Priya Natarajan' })).count).toBe(1);
    expect((await out('room.list', { person: 'marcus.chen@example.com' })).count).toBe(0);
  });

  it('tour.members lists the crew with roles and the pending invites', async () => {
    const members = await out('tour.members', {});
    expect(members.names).toContain('Sam Rivera');
    expect(members.members).toContainEqual(
      expect.objectContaining({ name: 'Jordan Avery', email: 'jordan.avery@example.com', role: expect.any(String) }),
    );
    expect((members.invites as Out[]).length).toBeGreaterThan(0);
    const admins = await out('tour.members', { role: 'admin', invites: false });
    expect(admins).toMatchObject({ names: ['Jordan Avery'], invites: [] });
    expect(await out('tour.members', { person: 'sam rivera' })).toMatchObject({
      names: ['Sam Rivera'],
      invites: [],
      count: 1,
    });
    const invitee = await out('tour.members', { person: 'Casey.Nguyen@example.com' });
    expect(invitee).toMatchObject({ members: [], invites: [{ email: 'casey.nguyen@example.com' }], count: 1 });
  });

  it('org.members and org.contacts read the organization of the tour', async () => {
    const org = await out('org.members', {});
    expect((org.members as Out[]).map((member) => member.name)).toContain('Jordan Avery');
    expect(org.seats).toEqual({
      active: expect.any(Number),
      available: expect.any(Number),
      deactivated: expect.any(Number),
    });
    expect((await out('org.members', { person: 'JORDAN.AVERY@example.com' })).members).toEqual([
      expect.objectContaining({ name: 'Jordan Avery' }),
    ]);
    const byRole = (await out('org.members', { role: (org.members as Out[])[0]!.role as string })).members as Out[];
    expect(byRole.length).toBeGreaterThan(0);
    expect(new Set(byRole.map((member) => member.role))).toEqual(new Set([(org.members as Out[])[0]!.role]));
    await h.run('contact.create', {
      tourId,
      firstName: 'Lena',
      lastName: 'Vogt',
      company: 'Arena GmbH',
      role: 'Promoter',
    });
    const contacts = await out('org.contacts', { company: 'arena gmbh' });
    expect(contacts.contacts).toEqual([expect.objectContaining({ name: 'Lena Vogt', role: 'Promoter' })]);
  });

  it('bulletin.list, passType.list and lookup of the reference tables without a lookup bundle entry', async () => {
    expect((await out('bulletin.list', { pinned: true })).bulletins).toEqual([
      expect.objectContaining({ title: 'Bus call', date: '2027-03-28', pinned: true, body: 'Bus leaves at 9' }),
    ]);
    expect((await out('bulletin.list', { dates: ['2027-03-27'] })).count).toBe(0);
    expect((await out('passType.list', {})).names).toEqual(['Backstage']);
    const ages = (await h.run('lookup', { group: 'ageRestrictions' })).output as Out;
    expect((ages.entries as Out[]).length).toBeGreaterThan(0);
    const fields = (await h.run('lookup', { group: 'stayFieldTemplates' })).output as Out;
    expect(fields.entries).toContainEqual(expect.objectContaining({ name: 'confirmation_number' }));
  });

  it('schedule.template.list lists your templates, with their items when asked', async () => {
    await h.run('schedule.template.create', { tourId, name: 'Show Day', fromDay: '2027-03-27' });
    const bare = await out('schedule.template.list', {});
    expect(bare).toMatchObject({ count: 1, templates: [{ name: 'Show Day' }] });
    expect((bare.templates as Out[])[0]).not.toHaveProperty('items');
    const withItems = await out('schedule.template.list', { name: 'show day', items: true });
    expect((withItems.templates as Out[])[0]).toMatchObject({
      name: 'Show Day',
      itemCount: 2,
      items: [expect.objectContaining({ name: 'Load-in', start: '10:00' }), expect.any(Object)],
    });
  });

  it('contact.list and customField.list read a venue’s and a stay’s details by title', async () => {
    const contacts = await out('contact.list', { venue: 'Uber Arena' });
    expect(contacts).toMatchObject({ keyContacts: [], emails: [], phones: [], urls: [], count: 0 });
    expect((await out('customField.list', { stay: 'Hotel Adlon' })).fields).toEqual(expect.any(Array));
    expect((await out('customField.list', { day: '2027-03-27', item: 'Load-in' })).count).toBe(0);
    await h.run('customField.add', { tourId, day: '2027-03-27', item: 'Load-in', title: 'Dock', value: 'Gate 3' });
    await h.run('customField.add', { tourId, day: '2027-03-27', item: 'Load-in', title: 'Forklift', value: 'yes' });
    const dock = await out('customField.list', { day: '2027-03-27', item: 'Load-in', title: 'dock' });
    expect(dock).toMatchObject({ count: 1, fields: [expect.objectContaining({ title: 'Dock' })] });
  });

  it('contact.list with "name" gives the venue’s key contacts of that full name or e-mail, and none of its rows', async () => {
    const link = async (firstName: string, lastName: string, email?: string) => {
      const contactId = (
        (await h.run('contact.create', { tourId, firstName, lastName, ...(email ? { email } : {}) })).output as Out
      ).id as number;
      await h.run('contact.link', { tourId, contactId, stay: 'Hotel Adlon' });
      return contactId;
    };
    const lena = await link('Lena', 'Vogt', 'lena.vogt@example.com');
    const max = await link('Max', 'Vogt');
    const all = await out('contact.list', { stay: 'Hotel Adlon' });
    expect((all.keyContacts as Out[]).map((contact) => contact.id)).toEqual(expect.arrayContaining([lena, max]));
    const byName = await out('contact.list', { stay: 'Hotel Adlon', name: 'lena VOGT' });
    expect(byName).toMatchObject({
      keyContacts: [expect.objectContaining({ id: lena, name: 'Lena Vogt' })],
      emails: [],
      phones: [],
      urls: [],
      count: 1,
    });
    expect((await out('contact.list', { stay: 'Hotel Adlon', name: 'LENA.VOGT@example.com' })).keyContacts).toEqual([
      expect.objectContaining({ id: lena }),
    ]);
    expect((await out('contact.list', { stay: 'Hotel Adlon', name: 'Max Vogt' })).keyContacts).toEqual([
      expect.objectContaining({ id: max }),
    ]);
    expect(await out('contact.list', { stay: 'Hotel Adlon', name: 'Vogt' })).toMatchObject({
      keyContacts: [],
      count: 0,
    });
  });

  it('file.list and daySheet.data read a day’s files and its sheet, with guest totals only', async () => {
    expect((await out('file.list', { day: '2027-03-27', on: ['venue', 'stay'] })).files).toEqual([]);
    const sheet = await out('daySheet.data', { day: '2027-03-27' });
    expect(sheet).toMatchObject({ dayId: tour.days[0]!.id, date: '2027-03-27' });
    expect(sheet.runningOrder).toHaveLength(2);
    expect(Object.values(sheet.guestList as Out).every((value) => typeof value === 'number')).toBe(true);
  });

  it('daySheet.render with only "to" renders from tomorrow (of the run) up to it', async () => {
    // the harness's run starts 2027-03-01: tomorrow is 2027-03-02, before the tour
    const outcome = await h.run('daySheet.render', { tourId, to: '2027-03-27', folder: 'to-only' });
    expect((outcome.output as Out).files).toEqual([expect.objectContaining({ date: '2027-03-27' })]);
  });

  it('a name that matches nothing lists the nearest; one that matches several lists them with their IDs', async () => {
    const unknown = await failureOf(h.run('room.list', { tourId, stay: 'Hotel Adlen' }));
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).toBe(`No stay "Hotel Adlen" on tour ${tourId}; nearest: "Hotel Adlon".`);
    const items = (await out('schedule.item.list', { name: 'soundcheck' })).items as Out[];
    await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Soundcheck', start: '18:00' });
    const ambiguous = await failureOf(h.run('customField.list', { tourId, day: '2027-03-27', item: 'Soundcheck' }));
    expect(ambiguous.type).toBe('AMBIGUOUS_NAME');
    expect(ambiguous.message).toMatch(
      new RegExp(
        `^2 schedule items on 2027-03-27 match "Soundcheck": Soundcheck \\(ID ${items[0]!.id}, at 16:00\\), Soundcheck \\(ID \\d+, at 18:00\\); give the ID instead\\.$`,
      ),
    );
  });
});

describe('list actions on long lists', () => {
  it('read every page: 1,200 items of one day, in pages of at most 1,000', async () => {
    const h = await startHarness();
    try {
      const tour = await h.createTour('Long Tour');
      const items = Array.from({ length: 1200 }, (_, n) => ({ day: '2027-03-27', name: `Item ${n}`, start: '10:00' }));
      for (let start = 0; start < items.length; start += 500)
        await h.run('schedule.items.create', { tourId: tour.id, items: items.slice(start, start + 500) });
      const read = (await h.run('schedule.item.list', { tourId: tour.id, day: '2027-03-27' })).output as {
        count: number;
        ids: number[];
      };
      expect(read.count).toBe(1200);
      expect(new Set(read.ids).size).toBe(1200);
    } finally {
      await h.close();
    }
  });

  it('read every page when the response ceiling cuts pages short (truncated)', async () => {
    const h = await startHarness({ responseCeilingBytes: 3_000 });
    try {
      const tour = await h.createTour('Truncated Tour');
      for (let n = 0; n < 25; n++)
        await h.run('venue.create', { tourId: tour.id, day: '2027-03-28', title: `Venue ${n}`, category: 'Club' });
      const venues = (await h.run('venue.list', { tourId: tour.id })).output as {
        count: number;
        venues: Array<{ title: string }>;
      };
      expect(venues.venues.map((venue) => venue.title)).toEqual(Array.from({ length: 25 }, (_, n) => `Venue ${n}`));
    } finally {
      await h.close();
    }
  });
});
