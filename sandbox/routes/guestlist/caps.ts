/**
 * A day's guest list configuration (day cap, lock, cut-off, per-pass caps, venue) and the checks
 * it imposes on guest list writes. Caps count live entries that are not declined.
 */
import { validationError } from '../../errors.ts';
import type { DayConfigRecord, GuestRecord } from '../../store/records.ts';
import { GuestStatus } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';

/** The day's configuration, or the defaults (no caps, unlocked). */
export function dayConfig(store: Store, tourId: string, dayId: number): DayConfigRecord {
  return store.dayConfigs.get(dayId) ?? { id: dayId, tourId, dayCap: null, locked: false, cutoffAt: null, venueId: null, passCaps: [], updatedAt: '' };
}

const counts = (guest: Pick<GuestRecord, 'isDeleted' | 'statusId'>): boolean => !guest.isDeleted && guest.statusId !== GuestStatus.declined;

/**
 * Checks a new or changed entry against its day's configuration. `entry` is the entry as it
 * would be after the write; `replacing` is the stored entry it replaces (not counted twice).
 */
export function checkDayCaps(store: Store, entry: Pick<GuestRecord, 'tourId' | 'dayId' | 'numberOfGuests' | 'passes' | 'statusId' | 'isDeleted'>, replacing?: number): void {
  const config = dayConfig(store, entry.tourId, entry.dayId);
  if (config.locked) throw validationError('The guest list of this day is locked');
  if (config.cutoffAt !== null && Date.parse(config.cutoffAt) <= Date.now()) throw validationError('The guest list cut-off for this day has passed');
  // only a day with caps needs its other entries: without this, every write scanned the store
  if (!counts(entry) || (config.dayCap === null && config.passCaps.length === 0)) return;
  const others = store.guests.filter((guest) => guest.dayId === entry.dayId && guest.id !== replacing && counts(guest));
  if (config.dayCap !== null) {
    const total = others.reduce((sum, guest) => sum + guest.numberOfGuests, entry.numberOfGuests);
    if (total > config.dayCap) throw validationError(`numberOfGuests: the day cap of ${config.dayCap} guests would be exceeded (${total})`);
  }
  for (const cap of config.passCaps) {
    const allocated = (guest: Pick<GuestRecord, 'passes'>): number => guest.passes.filter((pass) => pass.passId === cap.passId).reduce((sum, pass) => sum + pass.count, 0);
    const wanted = allocated(entry);
    if (wanted === 0) continue;
    const total = others.reduce((sum, guest) => sum + allocated(guest), wanted);
    if (total > cap.cap) throw validationError(`passes: the cap of ${cap.cap} for pass type ${cap.passId} would be exceeded (${total})`);
  }
}

/** The venue a day's guest list belongs to: the configured one, or the day's first live venue. */
export function dayVenue(store: Store, dayId: number, configured: number | null): number | null {
  if (configured !== null) return configured;
  return store.venues.find((venue) => venue.dayId === dayId && !venue.isDeleted)?.id ?? null;
}

/** `{ dayId, tourId, dayCap, locked, cutoffAt, venueId, passCaps }` as read. */
export function dayConfigView(config: DayConfigRecord): Record<string, unknown> {
  return { dayId: config.id, tourId: config.tourId, dayCap: config.dayCap, locked: config.locked, cutoffAt: config.cutoffAt, venueId: config.venueId, passCaps: config.passCaps };
}
