/**
 * A generated tour: the inputs of `tour-setup.yaml` for a tour of size S scaled by a factor.
 *
 * Size S (factor 1): 60 days, 60 venues, 20 stays, 300 room assignments, 2,000 schedule items,
 * 5,000 guest list entries to approve, 60 day sheets. Schedule items are the first show day's
 * running order plus the "Show day" template applied to every other show day, so their count
 * is the running order's length times the show days: the nearest multiple to the target.
 */
import type { JsonObject } from '../definitions/plan-types.ts';

/** Counts of size S. */
export const SIZE_S = {
  days: 60,
  venues: 60,
  stays: 20,
  rooms: 300,
  scheduleItems: 2_000,
  guests: 5_000,
} as const;

/** Crew of the sandbox's seeded organization: tour members of every tour it creates. */
const CREW = [
  'sam.rivera@example.com',
  'priya.natarajan@example.com',
  'marcus.chen@example.com',
  'elena.kowalski@example.com',
  'tomas.lindqvist@example.com',
  'aisha.bello@example.com',
];
const CITIES = ['Berlin', 'Hamburg', 'Munich', 'Cologne', 'Leipzig', 'Dresden', 'Frankfurt', 'Stuttgart'];
const CATEGORIES = ['Arena', 'Club', 'Theatre'];
const ROOM_TYPES = ['Single', 'Double', 'Twin'];
const PICKUPS = ['Will Call', 'Box Office', 'Artist Entrance'];
const FIRST_DAY = Date.UTC(2027, 2, 1);
const DAY_MS = 86_400_000;

/** `S`, `S/4`, `4xS`: a size factor as people say it. */
export function sizeName(factor: number): string {
  const short = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  if (factor === 1) return 'S';
  return factor < 1 ? `S/${short(1 / factor)}` : `${short(factor)}xS`;
}

/** What a generated tour holds, counted. */
export interface TourCounts {
  days: number;
  showDays: number;
  venues: number;
  stays: number;
  rooms: number;
  scheduleItems: number;
  guests: number;
  daySheets: number;
}

export interface GeneratedTour {
  /** Inputs of `tour-setup.yaml`. */
  inputs: JsonObject;
  counts: TourCounts;
}

function isoDate(index: number): string {
  return new Date(FIRST_DAY + index * DAY_MS).toISOString().slice(0, 10);
}

/** Every 12 days: a travel day at the 6th and a day off at the 12th; the rest are shows (the first is one). */
function dayType(index: number): string {
  const position = index % 12;
  return position === 5 ? 'Travel' : position === 11 ? 'Off' : 'Show';
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function location(index: number, what: string): JsonObject {
  const city = CITIES[index % CITIES.length]!;
  return { address: `${what} ${index + 1}, ${city}`, lat: 48 + (index % 50) / 10, lng: 8 + (index % 70) / 10 };
}

/** The running order of a show day: `length` back-to-back slots from 08:00, within the day. */
function runningOrder(length: number): JsonObject[] {
  const slot = Math.max(1, Math.min(15, Math.floor(900 / length)));
  return Array.from({ length }, (_, i) => ({
    name: `Slot ${i + 1}`,
    start: hhmm(480 + i * slot),
    end: hhmm(480 + (i + 1) * slot),
  }));
}

function stays(count: number, days: number): JsonObject[] {
  const span = Math.max(1, Math.floor(days / count));
  return Array.from({ length: count }, (_, i) => {
    const first = Math.min(i * span, days - 1);
    return {
      title: `Hotel ${i + 1}`,
      location: location(i, 'Hotelstraße'),
      timeZone: 'Europe/Berlin',
      checkIn: { date: isoDate(first), time: '15:00' },
      checkOut: { date: isoDate(Math.min(first + span, days)), time: '11:00' },
    };
  });
}

function rooms(count: number, stayCount: number): JsonObject[] {
  return Array.from({ length: count }, (_, i) => {
    const stay = i % stayCount;
    const inStay = Math.floor(i / stayCount);
    const people = i % 3 === 1 ? [CREW[i % CREW.length]!, CREW[(i + 1) % CREW.length]!] : [CREW[i % CREW.length]!];
    return {
      stay: `Hotel ${stay + 1}`,
      roomNumber: 100 + inStay,
      roomType: ROOM_TYPES[i % ROOM_TYPES.length]!,
      people,
    };
  });
}

function guests(count: number, showDates: string[]): JsonObject[] {
  return Array.from({ length: count }, (_, i) => ({
    date: showDates[i % showDates.length]!,
    firstName: 'Guest',
    lastName: `G${String(i + 1).padStart(6, '0')}`,
    guests: 1 + (i % 4),
    pickup: PICKUPS[i % PICKUPS.length]!,
  }));
}

/** Inputs of `tour-setup.yaml` for a tour of size `factor` × S, named `name`. */
export function generateTour(factor: number, name: string): GeneratedTour {
  const scale = (n: number) => Math.max(1, Math.round(n * factor));
  const dayCount = Math.max(2, scale(SIZE_S.days));
  const days = Array.from({ length: dayCount }, (_, i) => ({
    date: isoDate(i),
    city: CITIES[Math.floor(i / 3) % CITIES.length]!,
    dayType: dayType(i),
  }));
  const showDates = days.filter((day) => day.dayType === 'Show').map((day) => day.date);
  const orderLength = Math.max(1, Math.round(scale(SIZE_S.scheduleItems) / showDates.length));
  const venues = Array.from({ length: scale(SIZE_S.venues) }, (_, i) => ({
    date: showDates[i % showDates.length]!,
    title: i < showDates.length ? `Venue ${i + 1}` : `Second stage ${i + 1}`,
    category: CATEGORIES[i % CATEGORIES.length]!,
    capacity: 1_000 + (i % 10) * 1_000,
    location: location(i, 'Hallenweg'),
  }));
  const stayCount = Math.min(scale(SIZE_S.stays), dayCount);
  const inputs: JsonObject = {
    name,
    timeZone: 'Europe/Berlin',
    days,
    venues,
    stays: stays(stayCount, dayCount),
    showDay: runningOrder(orderLength),
    rooms: rooms(scale(SIZE_S.rooms), stayCount),
    guests: guests(scale(SIZE_S.guests), showDates),
    confirmGuests: false,
  };
  return {
    inputs,
    counts: {
      days: dayCount,
      showDays: showDates.length,
      venues: venues.length,
      stays: stayCount,
      rooms: scale(SIZE_S.rooms),
      scheduleItems: orderLength * showDates.length,
      guests: scale(SIZE_S.guests),
      daySheets: dayCount,
    },
  };
}
