/**
 * Snapshots of the store. The raw one is the state as it is; the normalised one is what a
 * user could still reach through the API, so that "rollback left nothing behind" is a plain
 * deep-equality check between a snapshot before and one after.
 */
import type { StoreSnapshot } from '../types.ts';
import type { EntityType } from './records.ts';
import { TABLES, type Store, type TableName } from './store.ts';

/** Tables that never appear in a normalised snapshot (auth, caches, transient tickets). */
const HIDDEN: ReadonlySet<TableName> = new Set([
  'credentials',
  'accessTokens',
  'refreshTokens',
  'authCodes',
  'idempotency',
  'uploadTickets',
]);

/** Keys that only record when something happened. */
const TIMESTAMP_KEYS = new Set([
  'createdAt',
  'updatedAt',
  'postedAt',
  'joinedAt',
  'lastActive',
  'sentAt',
  'storedAt',
  'expiresAt',
]);

type Row = Record<string, unknown> & { id: string | number };

const ENTITY_TABLES: Record<EntityType, TableName> = {
  SCHEDULE_ITEM: 'scheduleItems',
  VENUE: 'venues',
  ACCOMMODATION: 'stays',
  PASS_TYPE: 'passTypes',
};

function isLive(store: Store, table: TableName, row: Row): boolean {
  if (row.isDeleted === true) return false;
  // rows under a deleted tour are out of reach; tour-less rows (URL uploads) have an empty tourId
  if (typeof row.tourId === 'string' && row.tourId !== '' && store.tours.get(row.tourId)?.isDeleted !== false)
    return false;
  switch (table) {
    case 'reminders':
      return isLiveParent(store, 'scheduleItems', row.itemId as number);
    case 'attachments':
      return isLiveParent(store, ENTITY_TABLES[row.entityType as EntityType], row.entityId as number);
    case 'rooms':
      return isLiveParent(store, 'stays', row.stayId as number);
    case 'templateItems':
      return isLiveParent(store, 'templates', row.templateId as number);
    case 'generalContacts':
      return isLiveParent(store, row.ownerType === 'venue' ? 'venues' : 'stays', row.ownerId as number);
    case 'dayConfigs':
      // a configuration that holds only the defaults reads as none at all
      return (
        row.dayCap !== null ||
        row.locked === true ||
        row.cutoffAt !== null ||
        row.venueId !== null ||
        (row.passCaps as unknown[]).length > 0
      );
    case 'objects':
      return (
        store.attachments.find(
          (attachment) => attachment.key === row.id && isLive(store, 'attachments', attachment as unknown as Row),
        ) !== undefined
      );
    default:
      return true;
  }
}

function isLiveParent(store: Store, table: TableName, id: number): boolean {
  const parent = store.table(table).get(id) as Row | undefined;
  return parent !== undefined && isLive(store, table, parent);
}

function stripTimestamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTimestamps);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (!TIMESTAMP_KEYS.has(key)) out[key] = stripTimestamps((value as Record<string, unknown>)[key]);
  }
  return out;
}

/** Stored bytes are summarised by their size, which the row already carries. */
function withoutBytes(row: Row): Row {
  const { base64: _bytes, ...rest } = row;
  return rest as Row;
}

const byId = (a: Row, b: Row): number =>
  typeof a.id === 'number' && typeof b.id === 'number' ? a.id - b.id : String(a.id).localeCompare(String(b.id));

/** The store as plain JSON; see `SnapshotOptions.normalise`. */
export function takeSnapshot(store: Store, normalise: boolean): StoreSnapshot {
  const out: StoreSnapshot = {};
  for (const table of TABLES) {
    const rows = store.table(table).toJSON() as Row[];
    if (!normalise) {
      out[table] = structuredClone(rows);
      continue;
    }
    if (HIDDEN.has(table)) continue;
    out[table] = rows
      .filter((row) => isLive(store, table, row))
      .sort(byId)
      .map((row) => stripTimestamps(table === 'objects' ? withoutBytes(row) : row));
  }
  return out;
}
