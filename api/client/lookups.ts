/**
 * Name → ID resolution over the reference data, so playbooks say `dayType: Show`,
 * `roomType: Double`, `status: Approved`. Each source is read once (shared by concurrent
 * callers) and kept for `ttlMs`; an unknown name fails with the list of valid names.
 *
 * Groups: every table of `/v1/reference/types` (`dayTypes`, `hotelRoomTypes`,
 * `guestlistStatuses`, ...), plus `ageRestrictions`, `venueFieldTemplates` and
 * `stayFieldTemplates`. `dayTypes` falls back to `/v1/day-types` when the bundle lacks it.
 */
import type { z } from 'zod';
import {
  getReferenceTypes,
  listAgeRestrictions,
  listStayFieldTemplates,
  listVenueFieldTemplates,
} from '../contract/reference.ts';
import { listDayTypes } from '../contract/tours.ts';
import type { Endpoint } from '../contract/endpoint.ts';
import { ApiError, LookupNameError } from './errors.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** One resolvable entry: its ID, the name playbooks use, and other names it answers to. */
export interface LookupEntryView {
  id: number;
  name: string;
  aliases: string[];
}

/** Cached name resolution. */
export interface Lookups {
  /** The ID of `name` in `group` (a numeric ID of the group is accepted as is). */
  resolve(group: string, name: string | number): Promise<number>;
  /** The entries of a group. */
  entries(group: string): Promise<readonly LookupEntryView[]>;
  /** The name of an ID, for messages. */
  nameOf(group: string, id: number): Promise<string | undefined>;
  /** Forgets everything read so far. */
  clear(): void;
}

/** The one call lookups need from the client. */
export type LookupFetch = <E extends Endpoint>(endpoint: E) => Promise<z.output<E['data']>>;

type Table = Map<string, LookupEntryView[]>;
interface Source {
  endpoint: Endpoint;
  load(fetch: LookupFetch): Promise<Table>;
}

const bundle: Source = {
  endpoint: getReferenceTypes,
  async load(fetch) {
    const data = await fetch(getReferenceTypes);
    const table: Table = new Map(
      data.types.map((group) => [
        group.name,
        group.type.map((e) => ({ id: e.id, name: e.type, aliases: e.description ? [e.description] : [] })),
      ]),
    );
    if (!table.has('dayTypes')) {
      const dayTypes = await fetch(listDayTypes);
      table.set(
        'dayTypes',
        dayTypes.map((e) => ({ id: e.id, name: e.type, aliases: e.description ? [e.description] : [] })),
      );
    }
    return table;
  },
};

function single(group: string, endpoint: Endpoint, toEntry: (row: never) => LookupEntryView): Source {
  return {
    endpoint,
    async load(fetch) {
      const rows = (await fetch(endpoint)) as never[];
      return new Map([[group, rows.map(toEntry)]]);
    },
  };
}

const SEPARATE_SOURCES: Record<string, Source> = {
  ageRestrictions: single('ageRestrictions', listAgeRestrictions, (r: { id: number; label: string }) => ({
    id: r.id,
    name: r.label,
    aliases: [],
  })),
  venueFieldTemplates: single(
    'venueFieldTemplates',
    listVenueFieldTemplates,
    (r: { id: number; key: string; label: string }) => ({
      id: r.id,
      name: r.key,
      aliases: [r.label],
    }),
  ),
  stayFieldTemplates: single(
    'stayFieldTemplates',
    listStayFieldTemplates,
    (r: { id: number; key: string; label: string }) => ({
      id: r.id,
      name: r.key,
      aliases: [r.label],
    }),
  ),
};

/** Case, spaces, `_` and `-` do not matter: `will call`, `Will-Call` and `WILL_CALL` are one name. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

function match(entries: readonly LookupEntryView[], name: string): LookupEntryView | undefined {
  const wanted = normalizeName(name);
  const byName = entries.find((entry) => normalizeName(entry.name) === wanted);
  if (byName) return byName;
  const byAlias = entries.filter((entry) => entry.aliases.some((alias) => normalizeName(alias) === wanted));
  return byAlias.length === 1 ? byAlias[0] : undefined;
}

/** Creates the lookups of one client. */
export function createLookups(fetch: LookupFetch, options: { ttlMs?: number; now?: () => number } = {}): Lookups {
  const ttlMs = options.ttlMs ?? 60 * 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<Source, { at: number; table: Promise<Table> }>();

  const tableOf = (source: Source): Promise<Table> => {
    const hit = cache.get(source);
    if (hit && now() - hit.at < ttlMs) return hit.table;
    const entry = { at: now(), table: source.load(fetch) };
    cache.set(source, entry);
    // A failed read is not cached: the next step tries again.
    void entry.table.catch(() => {
      if (cache.get(source) === entry) cache.delete(source);
    });
    return entry.table;
  };

  const entries = async (group: string): Promise<readonly LookupEntryView[]> => {
    const source = SEPARATE_SOURCES[group] ?? bundle;
    const table = await tableOf(source);
    const found = table.get(group);
    if (found) return found;
    const known = [...(await tableOf(bundle)).keys(), ...Object.keys(SEPARATE_SOURCES)];
    throw new ApiError(`Unknown lookup group "${group}". Known groups: ${known.join(', ')}`, {
      code: FailureType.UNKNOWN_NAME,
      endpoint: source.endpoint.name,
      retryable: false,
    });
  };

  return {
    entries,
    async resolve(group, name) {
      const list = await entries(group);
      const asNumber = typeof name === 'number' ? name : /^\d+$/.test(name.trim()) ? Number(name) : undefined;
      // A number is an ID first; a numeric name ("21" as an age limit) still matches by name.
      const found =
        (asNumber !== undefined ? list.find((entry) => entry.id === asNumber) : undefined) ?? match(list, String(name));
      if (found) return found.id;
      const endpoint = (SEPARATE_SOURCES[group] ?? bundle).endpoint.name;
      throw new LookupNameError(
        group,
        String(name),
        list.map((entry) => entry.name),
        endpoint,
      );
    },
    async nameOf(group, id) {
      return (await entries(group)).find((entry) => entry.id === id)?.name;
    },
    clear: () => cache.clear(),
  };
}
