/**
 * The guest imports the retry tests make: a list of twelve invented guests whose tenth (row 11
 * of a spreadsheet) may name a date the tour does not have, a tour with the list's days, and the
 * tour's guest list read back through the API.
 */
import { expect } from 'vitest';
import type { Api } from '../sandbox/helpers.ts';
import type { TestStack } from './stack.ts';

export interface Guest {
  date: string;
  first: string;
  last: string;
  guests: number;
}

/** A tour made by `create-tour.yaml`: its ID and its days' IDs by date. */
export interface ImportTour {
  tourId: string;
  dayIds: Map<string, number>;
}

/** Twelve guests named `<prefix>01`… on the two `dates` in turn; the tenth (row 11) on `tenthDate`. */
export function guestRows(dates: readonly string[], tenthDate: string, prefix = 'Guest'): Guest[] {
  return Array.from({ length: 12 }, (_, i) => ({
    date: i === 9 ? tenthDate : dates[i % 2]!,
    first: `${prefix}${String(i + 1).padStart(2, '0')}`,
    last: 'Retry',
    guests: (i % 3) + 1,
  }));
}

/** A new tour named `name` with a show day on each of `dates`. */
export async function importTour(
  stack: TestStack,
  name: string,
  dates: readonly string[],
  city = 'Leeds',
): Promise<ImportTour> {
  const created = await stack.run('create-tour.yaml', {
    name,
    days: dates.map((date) => ({ date, city, dayType: 'Show' })),
  });
  expect(created.result?.status, created.message).toBe('completed');
  const { tourId, days } = created.result!.outputs as { tourId: string; days: Array<{ id: number; date: string }> };
  return { tourId, dayIds: new Map(days.map((day) => [day.date, day.id])) };
}

/** The tour's guest list entries, as date, names and party size, sorted. */
export async function guestList(api: Api, tour: ImportTour): Promise<string[]> {
  const entries: string[] = [];
  for (const [date, dayId] of tour.dayIds) {
    const list = await api.get(`/v1/tours/${tour.tourId}/days/${dayId}/guestlist`);
    expect(list.status).toBe(200);
    for (const e of list.body.data as Array<{ firstName: string; lastName: string; numberOfGuests: number }>)
      entries.push(`${date} ${e.firstName} ${e.lastName} ${e.numberOfGuests}`);
  }
  return entries.sort();
}

/** The entries a clean import of `rows` leaves, as `guestList` gives them. */
export function entriesOf(rows: readonly Guest[]): string[] {
  return rows.map((g) => `${g.date} ${g.first} ${g.last} ${g.guests}`).sort();
}
