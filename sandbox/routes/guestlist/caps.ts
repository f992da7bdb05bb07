/**
 * A day's guest list configuration (day cap, lock, cut-off, per-pass caps, venue) and the checks
 * it imposes on guest list writes: creates, edits and bulk status changes. Caps count the guests
 * (party sizes) and passes of live entries that are not declined.
 */
import { validationError } from '../../errors.ts';
import type { DayConfigRecord, GuestRecord } from '../../store/records.ts';
import { GuestStatus } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';

/** The day's configuration, or the defaults (no caps, unlocked). */
export function dayConfig(store: Store, tourId: string, dayId: number): DayConfigRecord {
  return (
    store.dayConfigs.get(dayId) ?? {
      id: dayId,
      tourId,
      dayCap: null,
      locked: false,
      cutoffAt: null,
      venueId: null,
      passCaps: [],
      updatedAt: '',
    }
  );
}

const counts = (guest: Pick<GuestRecord, 'isDeleted' | 'statusId'>): boolean =>
  !guest.isDeleted && guest.statusId !== GuestStatus.declined;

/** An entry as a write would leave it; `id` names the stored entry it replaces (0: a new one). */
export type EntryAfter = Pick<
  GuestRecord,
  'id' | 'tourId' | 'dayId' | 'numberOfGuests' | 'passes' | 'statusId' | 'isDeleted'
>;

/** A locked day, or one past its cut-off, takes no write of its entries. */
function checkDayOpen(config: DayConfigRecord): void {
  if (config.locked)
    throw validationError(`The guest list of day ${config.id} is locked: its entries cannot be added or changed`);
  if (config.cutoffAt !== null && Date.parse(config.cutoffAt) <= Date.now()) {
    throw validationError(
      `The guest list cut-off of day ${config.id} has passed: its entries cannot be added or changed`,
    );
  }
}

/**
 * Checks a write of some entries of one day against its configuration: the lock and cut-off
 * always; the day cap and pass caps when an entry counts after the write, with every entry of
 * the write applied at once (the bulk status change is all-or-nothing).
 */
export function checkDayWrite(store: Store, tourId: string, dayId: number, entries: readonly EntryAfter[]): void {
  const config = dayConfig(store, tourId, dayId);
  checkDayOpen(config);
  const counted = entries.filter(counts);
  // only a day with caps needs its other entries: without this, every write scanned the store
  if (counted.length === 0 || (config.dayCap === null && config.passCaps.length === 0)) return;
  const replaced = new Set(entries.map((entry) => entry.id));
  const day = [
    ...store.guests.filter((guest) => guest.dayId === dayId && !replaced.has(guest.id) && counts(guest)),
    ...counted,
  ];
  if (config.dayCap !== null) {
    const total = day.reduce((sum, guest) => sum + guest.numberOfGuests, 0);
    if (total > config.dayCap)
      throw validationError(
        `numberOfGuests: the day cap of ${config.dayCap} guests of day ${dayId} would be exceeded (${total})`,
      );
  }
  for (const cap of config.passCaps) {
    const allocated = (guest: Pick<GuestRecord, 'passes'>): number =>
      guest.passes.filter((pass) => pass.passId === cap.passId).reduce((sum, pass) => sum + pass.count, 0);
    if (!counted.some((entry) => allocated(entry) > 0)) continue;
    const total = day.reduce((sum, guest) => sum + allocated(guest), 0);
    if (total > cap.cap)
      throw validationError(
        `passes: the cap of ${cap.cap} for pass type ${cap.passId} on day ${dayId} would be exceeded (${total})`,
      );
  }
}

/**
 * Checks a new or changed entry against its day's configuration. `entry` is the entry as it
 * would be after the write; `replacing` is the stored entry it replaces (not counted twice).
 */
export function checkDayCaps(store: Store, entry: Omit<EntryAfter, 'id'>, replacing?: number): void {
  checkDayWrite(store, entry.tourId, entry.dayId, [{ ...entry, id: replacing ?? 0 }]);
}

/** The venue a day's guest list belongs to: the configured one, or the day's first live venue. */
export function dayVenue(store: Store, dayId: number, configured: number | null): number | null {
  if (configured !== null) return configured;
  return store.venues.find((venue) => venue.dayId === dayId && !venue.isDeleted)?.id ?? null;
}

/** `{ dayId, tourId, dayCap, locked, cutoffAt, venueId, passCaps }` as read. */
export function dayConfigView(config: DayConfigRecord): Record<string, unknown> {
  return {
    dayId: config.id,
    tourId: config.tourId,
    dayCap: config.dayCap,
    locked: config.locked,
    cutoffAt: config.cutoffAt,
    venueId: config.venueId,
    passCaps: config.passCaps,
  };
}
