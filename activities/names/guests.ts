/**
 * Guest list entries of a day by the guest's name or e-mail. Guests are not crew: a failure
 * never repeats the name given nor shows an entry's name or e-mail, only entry IDs, party sizes
 * and statuses, which tell entries apart well enough to pick one by ID.
 */
import type { GuestEntry } from '../../api/contract/guestlist.ts';
import { pick, type Candidate } from './pick.ts';

/** How a failure shows an entry: `entry 12 (party of 2, Pending)`. */
function shownOf(entry: GuestEntry): string {
  const party = `party of ${entry.numberOfGuests}`;
  return `entry ${entry.id} (${entry.status?.type ? `${party}, ${entry.status.type}` : party})`;
}

/** The one live entry of a day that `ref` (ID, `First Last` or e-mail) names. */
export function pickGuest(entries: readonly GuestEntry[], ref: string | number, date: string): GuestEntry {
  const candidates: Candidate<GuestEntry>[] = entries.map((entry) => ({
    record: entry,
    id: entry.id,
    name: [entry.firstName, entry.lastName].filter((part) => part).join(' '),
    aliases: entry.email ? [entry.email] : [],
    shown: shownOf(entry),
  }));
  return pick(
    { kind: 'guest list entry', plural: 'guest list entries', where: `on ${date}`, echo: false },
    ref,
    candidates,
  );
}
