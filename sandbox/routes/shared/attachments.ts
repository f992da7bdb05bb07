/**
 * Attachments of schedule items, venues, stays and pass types. A write that carries an
 * attachment list makes it the entity's whole set: entries without `id` are created, entries
 * with `id` are updated (or, with `deleted: true`, removed for good), unlisted ones are removed.
 */
import { validationError } from '../../errors.ts';
import type { AttachmentRecord, EntityType } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import { nowIso, type AttachmentInput } from './schemas.ts';

/** The entity's attachments in creation order. */
export function attachmentsOf(store: Store, entityType: EntityType, entityId: number): AttachmentRecord[] {
  return store.attachments.filter((row) => row.entityType === entityType && row.entityId === entityId);
}

/** Checks an attachment list against the entity before anything changes. */
export function checkAttachments(
  store: Store,
  entityType: EntityType,
  entityId: number | null,
  list: AttachmentInput[],
): void {
  list.forEach((entry, index) => {
    if (entry.id === undefined) return;
    const existing = store.attachments.get(entry.id);
    if (!existing || existing.entityType !== entityType || existing.entityId !== entityId) {
      throw validationError(`attachments[${index}].id: ${entry.id} is not an attachment of this record`);
    }
  });
}

/** Makes `list` the entity's attachment set. */
export function replaceAttachments(
  store: Store,
  target: { tourId: string; entityType: EntityType; entityId: number; userId: string },
  list: AttachmentInput[],
): void {
  const keep = new Set<number>();
  for (const entry of list) {
    if (entry.id !== undefined) {
      const existing = store.attachments.get(entry.id) as AttachmentRecord;
      if (entry.deleted) continue;
      keep.add(existing.id);
      existing.key = entry.link;
      if (entry.name !== undefined) existing.name = entry.name;
      if (entry.fileName !== undefined) existing.fileName = entry.fileName;
      if (entry.fileSize !== undefined) existing.fileSize = entry.fileSize;
      if (entry.description !== undefined) existing.description = entry.description;
      continue;
    }
    if (entry.deleted) continue;
    const created = addAttachment(store, target, entry);
    keep.add(created.id);
  }
  store.attachments.deleteWhere(
    (row) => row.entityType === target.entityType && row.entityId === target.entityId && !keep.has(row.id),
  );
}

/** Adds one attachment to an entity (never touching the others). */
export function addAttachment(
  store: Store,
  target: { tourId: string; entityType: EntityType; entityId: number; userId: string },
  entry: Pick<AttachmentInput, 'link' | 'name' | 'fileName' | 'fileSize' | 'description'>,
): AttachmentRecord {
  const object = store.objects.get(entry.link);
  return store.attachments.put({
    id: store.nextId('attachment'),
    tourId: target.tourId,
    entityType: target.entityType,
    entityId: target.entityId,
    key: entry.link,
    name: entry.name ?? entry.fileName ?? object?.fileName ?? null,
    fileName: entry.fileName ?? object?.fileName ?? null,
    fileSize: entry.fileSize ?? object?.size ?? null,
    description: entry.description ?? null,
    createdBy: target.userId,
    createdAt: nowIso(),
  });
}
