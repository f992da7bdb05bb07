/**
 * The sandbox's records of one tour, read from its state file (`--state`, written within 100 ms
 * of every change): how many live rows each table holds for the tour, so that two runs of one
 * playbook can be compared record for record.
 */
import { readFile } from 'node:fs/promises';

interface Row {
  id: string | number;
  tourId?: string;
  stayId?: number;
  name?: string;
  isDeleted?: boolean;
}

type State = { tables: Record<string, Row[] | undefined> };

async function readState(file: string): Promise<State> {
  return JSON.parse(await readFile(file, 'utf8')) as State;
}

/** IDs of the live tours of that name. */
export async function toursNamed(stateFile: string, name: string): Promise<string[]> {
  const state = await readState(stateFile);
  return (state.tables.tours ?? [])
    .filter((tour) => tour.name === name && tour.isDeleted !== true)
    .map((tour) => String(tour.id));
}

/** Live rows per table under a tour (rooms through the tour's stays). */
export async function tourRecordCounts(stateFile: string, tourId: string): Promise<Record<string, number>> {
  const state = await readState(stateFile);
  const counts: Record<string, number> = {};
  const live = (row: Row) => row.isDeleted !== true;
  for (const [table, rows] of Object.entries(state.tables)) {
    const mine = (rows ?? []).filter((row) => row.tourId === tourId && live(row));
    if (mine.length > 0) counts[table] = mine.length;
  }
  const stays = new Set((state.tables.stays ?? []).filter((s) => s.tourId === tourId && live(s)).map((s) => s.id));
  const rooms = (state.tables.rooms ?? []).filter((room) => stays.has(room.stayId ?? -1) && live(room)).length;
  if (rooms > 0) counts.rooms = rooms;
  return counts;
}
