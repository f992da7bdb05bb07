/** The entities files attach to: schedule items, venues, stays, pass types. */
import { canSee } from '../../access.ts';
import { notFound } from '../../errors.ts';
import type { EntityType } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';

/** What the file listing says about an entity. */
export interface EntityInfo {
  name: string;
  dayId: number | null;
}

/**
 * The live entity of the tour the user may see, or undefined. Pass types have no day and no
 * audience (every tour member sees them).
 */
export function findEntity(
  store: Store,
  tourId: string,
  type: EntityType,
  id: number,
  userId: string,
): EntityInfo | undefined {
  if (type === 'PASS_TYPE') {
    const pass = store.passTypes.get(id);
    return pass && pass.tourId === tourId && !pass.isDeleted ? { name: pass.name, dayId: null } : undefined;
  }
  const record =
    type === 'SCHEDULE_ITEM'
      ? store.scheduleItems.get(id)
      : type === 'VENUE'
        ? store.venues.get(id)
        : store.stays.get(id);
  if (!record || record.tourId !== tourId || record.isDeleted || !canSee(record, userId)) return undefined;
  const name = 'name' in record ? record.name : record.title;
  return { name, dayId: record.dayId };
}

/** As `findEntity`, or 404. */
export function requireEntity(store: Store, tourId: string, type: EntityType, id: number, userId: string): EntityInfo {
  const entity = findEntity(store, tourId, type, id, userId);
  if (!entity) throw notFound(`${type} ${id}`);
  return entity;
}
