/**
 * venue.create and venue.update against the sandbox: the stored venue field by field (the
 * Location object built from the playbook's place), one venue per key, undo back to the
 * snapshot before, and restricted visibility by e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

const ARENA = { address: 'Mercedes-Platz 1, 10243 Berlin', lat: 52.5053, lng: 13.4431 };

describe('venue actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('Venue Tour');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a venue on a day by date, with its place, once per key; its undo deletes it', async () => {
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      day: '2027-03-27',
      title: 'Uber Arena',
      category: 'Arena',
      capacity: 17000,
      location: ARENA,
      notes: 'Load-in at the back',
      confirmed: true,
    };
    const call = h.stepCall('venue.create', args);
    const outcome = await h.run('venue.create', args, { key: call.idempotencyKey });
    const { id, dayId } = outcome.output as { id: number; dayId: number };
    expect(dayId).toBe(tour.days[0]!.id);
    expect(outcome.tourId).toBe(tour.id);

    const [venue] = rows(h.snapshot(), 'venues');
    expect(venue).toMatchObject({
      id,
      tourId: tour.id,
      dayId,
      title: 'Uber Arena',
      venueCategoryId: await h.client.lookups.resolve('venueCategories', 'Arena'),
      capacity: 17000,
      notes: 'Load-in at the back',
      status: true,
      audience: expect.objectContaining({ everyone: true }),
    });
    expect(venue.location).toMatchObject({
      formatted_address: ARENA.address,
      timeZone: 'Europe/Berlin',
      geometry: { location: { lat: ARENA.lat, lng: ARENA.lng } },
    });
    const { northeast, southwest } = venue.location.geometry.viewport;
    expect(southwest.lat).toBeLessThan(ARENA.lat);
    expect(northeast.lat).toBeGreaterThan(ARENA.lat);
    expect(southwest.lng).toBeLessThan(ARENA.lng);
    expect(northeast.lng).toBeGreaterThan(ARENA.lng);

    await h.run('venue.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'venues')).toHaveLength(1);
    expect(outcome.undo).toEqual([expect.objectContaining({ activity: 'venueDelete', args: { venueId: id } })]);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('shows a venue to the people named, leaving out someone who is not on the tour', async () => {
    const crew = rows(h.snapshot(), 'users').find((user) => user.email === 'sam.rivera@example.com');
    const outcome = await h.run('venue.create', {
      tourId: tour.id,
      day: tour.days[2]!.id,
      title: 'Zenith',
      category: 'Club',
      visibility: { people: ['sam.rivera@example.com', 'nobody@example.com'] },
    });
    const venue = rows(h.snapshot(), 'venues').find((row) => row.id === (outcome.output as { id: number }).id);
    expect(venue.audience).toMatchObject({ everyone: false });
    expect(venue.audience.userIds).toContain(crew.id);
    expect(outcome.warnings).toEqual(['Not members of the tour, so not given visibility: nobody@example.com.']);
    await h.undo(outcome.undo);
  });

  it('updates only the fields given and writes the previous values back on undo, emptied fields included', async () => {
    const created = await h.run('venue.create', {
      tourId: tour.id,
      day: '2027-03-29',
      title: 'Olympiahalle',
      category: 'Arena',
    });
    const venueId = (created.output as { id: number }).id;
    const before = h.snapshot();
    const args = {
      venueId,
      title: 'Olympiahalle München',
      category: 'Theatre',
      capacity: 12000,
      location: { address: 'Spiridon-Louis-Ring 21, München', lat: 48.1752, lng: 11.5517 },
      notes: 'Side stage',
    };
    const call = h.stepCall('venue.update', args);
    const prepared = await h.prepare(call);
    const outcome = await h.run('venue.update', args, { key: call.idempotencyKey });
    expect(outcome.output).toEqual({ id: venueId });
    expect(outcome.undo).toEqual([]);
    const venue = rows(h.snapshot(), 'venues').find((row) => row.id === venueId);
    expect(venue).toMatchObject({
      title: 'Olympiahalle München',
      venueCategoryId: await h.client.lookups.resolve('venueCategories', 'Theatre'),
      capacity: 12000,
      notes: 'Side stage',
      status: false,
    });
    expect(venue.location.geometry.location).toEqual({ lat: 48.1752, lng: 11.5517 });

    expect(prepared).toEqual([expect.objectContaining({ activity: 'venueWriteBack' })]);
    await h.undo(prepared);
    expect(h.snapshot()).toEqual(before);
    await h.undo(created.undo);
  });

  it('fails on an unknown category, naming the valid ones', async () => {
    const failure = await failureOf(
      h.run('venue.create', { tourId: tour.id, day: '2027-03-27', title: 'X', category: 'Spaceport' }),
    );
    expect(failure.type).toBe('UNKNOWN_NAME');
    expect(failure.message).toContain('Arena');
  });
});
