/**
 * Check-in and check-out of stays and rooms as the API writes them: the full instant in
 * epoch milliseconds (`checkInTime`) and the local date at midnight UTC (`checkInDate`, used
 * only for grouping by day), from a local date + time in the stay's IANA zone.
 */
import { dateToEpochMs, epochMsToLocal, localToEpochMs } from '../../definitions/translate.ts';

/** A local date and `HH:mm` time. */
export interface LocalDateTime {
  date: string;
  time: string;
}

/** One end of a stay: the instant, and the local date it falls on (both epoch ms). */
export interface StayInstant {
  time: number;
  date: number;
}

/** The instant a local date and time mean in a zone, with its date-only field. */
export function fromLocal(local: LocalDateTime, timeZone: string): StayInstant {
  return { time: localToEpochMs(local.date, local.time, timeZone), date: dateToEpochMs(local.date) };
}

/**
 * An ISO 8601 instant as read back from the API, with its date-only field: the stored one
 * when the read shows it, else the date the instant falls on in the zone.
 */
export function fromIso(
  iso: string | null | undefined,
  timeZone: string,
  storedDate?: unknown,
): StayInstant | undefined {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return undefined;
  const stored = typeof storedDate === 'string' ? Date.parse(storedDate) : Number.NaN;
  return { time, date: Number.isNaN(stored) ? dateToEpochMs(epochMsToLocal(time, timeZone).date) : stored };
}

/** The local date and time of an instant in a zone. */
export function toLocal(instant: StayInstant, timeZone: string): LocalDateTime {
  return epochMsToLocal(instant.time, timeZone);
}

/** `{ checkInTime, checkInDate }` or `{ checkOutTime, checkOutDate }`. */
export function checkFields(end: 'checkIn' | 'checkOut', instant: StayInstant | undefined): Record<string, number> {
  return instant ? { [`${end}Time`]: instant.time, [`${end}Date`]: instant.date } : {};
}

/** ISO 8601 of an instant, for outputs. */
export function isoOf(instant: StayInstant): string {
  return new Date(instant.time).toISOString();
}
