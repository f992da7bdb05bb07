/**
 * The records files attach to (schedule items, venues, stays, pass types) named in a step, the
 * files a record holds as the tour's file listing shows them, and taking one file off a record.
 *
 * The contract has no detach call: an update that carries `attachments` makes them the record's
 * whole set, and an entry with `id` and `deleted: true` removes that attachment for good. So a
 * detach writes the record back with every other file it holds (by `id`, unchanged) and the one
 * to go marked deleted.
 */
import type { DayRef } from '../../definitions/actions/vocabulary.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { updateAccommodation } from '../../api/contract/accommodation.ts';
import { FileEntityType } from '../../api/contract/bodies.ts';
import { FileOwner } from '../../actions/file/catalogue.ts';
import { listFiles, type FileListItem } from '../../api/contract/files.ts';
import { updatePassType } from '../../api/contract/pass-types.ts';
import { updateScheduleItem } from '../../api/contract/schedule.ts';
import { updateVenue } from '../../api/contract/venues.ts';
import type { ActionContext } from '../action.ts';
import {
  itemOf,
  pick,
  pickPassType,
  readPassTypeList,
  stayIdOf,
  venueIdOf,
  type Candidate,
  type NameRef,
} from '../names/index.ts';
import { stepError } from './common.ts';
import { lookupTour, resolveDay } from './tour-days.ts';

/** The playbook's kinds of record and the API's entity types, both ways. */
export const ENTITY_OF: Record<FileOwner, FileEntityType> = {
  [FileOwner.scheduleItem]: FileEntityType.scheduleItem,
  [FileOwner.venue]: FileEntityType.venue,
  [FileOwner.stay]: FileEntityType.accommodation,
  [FileOwner.passType]: FileEntityType.passType,
};
export const OWNER_OF = new Map(Object.entries(ENTITY_OF).map(([owner, entity]) => [entity as string, owner]));

/** A record files attach to. */
export interface FileOwnerRef {
  entityType: FileEntityType;
  entityId: number;
}

/** How a step names the record: at most one of these (the catalogue checks it). */
export interface OwnerArgs {
  tourId: string;
  scheduleItem?: NameRef | undefined;
  day?: DayRef | undefined;
  venue?: NameRef | undefined;
  stay?: NameRef | undefined;
  passType?: NameRef | undefined;
}

/** The record a step names, or undefined when it names none. */
export async function ownerOf(ctx: ActionContext, args: OwnerArgs): Promise<FileOwnerRef | undefined> {
  const { tourId } = args;
  if (args.scheduleItem !== undefined) {
    if (typeof args.scheduleItem === 'number')
      return { entityType: FileEntityType.scheduleItem, entityId: args.scheduleItem };
    const day = resolveDay(await lookupTour(ctx, tourId), args.day!);
    return {
      entityType: FileEntityType.scheduleItem,
      entityId: (await itemOf(ctx, tourId, day, { item: args.scheduleItem })).id,
    };
  }
  if (args.venue !== undefined)
    return { entityType: FileEntityType.venue, entityId: await venueIdOf(ctx, { tourId, venue: args.venue }) };
  if (args.stay !== undefined)
    return { entityType: FileEntityType.accommodation, entityId: await stayIdOf(ctx, { tourId, stay: args.stay }) };
  if (args.passType !== undefined) {
    const id =
      typeof args.passType === 'number'
        ? args.passType
        : pickPassType(await readPassTypeList(ctx, tourId), args.passType, tourId).id;
    return { entityType: FileEntityType.passType, entityId: id };
  }
  return undefined;
}

/** `scheduleItem`, `venue`, `stay` or `passType`: the playbook's word for an entity type. */
export const ownerWord = (entityType: string): string => OWNER_OF.get(entityType) ?? entityType;

/** `venue 12`, for messages. */
export const ownerText = (owner: FileOwnerRef): string => `${ownerWord(owner.entityType)} ${owner.entityId}`;

/** The tour's files, every page; only those of `owner` when one is given. */
export async function filesOf(ctx: ActionContext, tourId: string, owner?: FileOwnerRef): Promise<FileListItem[]> {
  const query = owner ? { entityTypes: [owner.entityType] } : {};
  const rows: FileListItem[] = [];
  for await (const file of ctx.client.paginate(listFiles, { params: { tourId }, query, signal: ctx.signal })) {
    if (!owner || file.entityId === owner.entityId) rows.push(file);
  }
  return rows;
}

/** An attachment entry that keeps a listed file as it is. */
function keep(file: FileListItem): JsonObject {
  const raw = file as Record<string, unknown>;
  return {
    id: Number(file.fileId),
    link: file.key,
    ...(file.name ? { name: file.name } : {}),
    ...(file.fileName ? { fileName: file.fileName } : {}),
    ...(file.fileSizeBytes != null ? { fileSize: file.fileSizeBytes } : {}),
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
  };
}

/**
 * Takes file `fileId` off `owner`: writes the record's attachment set back without it. Returns
 * false when the record does not hold it (any more).
 */
export async function detach(
  ctx: ActionContext,
  tourId: string,
  owner: FileOwnerRef,
  fileId: number | string,
  idempotencyKey?: string,
): Promise<boolean> {
  const files = await filesOf(ctx, tourId, owner);
  const target = files.find((file) => String(file.fileId) === String(fileId));
  if (!target) return false;
  const attachments = files.map((file) => (file === target ? { ...keep(file), deleted: true } : keep(file)));
  const body = { attachments } as never;
  const key = idempotencyKey === undefined ? {} : { idempotencyKey };
  const options = { body, ...key, signal: ctx.signal };
  switch (owner.entityType) {
    case FileEntityType.scheduleItem:
      await ctx.client.call(updateScheduleItem, { params: { itemId: owner.entityId }, ...options });
      break;
    case FileEntityType.venue:
      await ctx.client.call(updateVenue, { params: { venueId: owner.entityId }, ...options });
      break;
    case FileEntityType.accommodation:
      await ctx.client.call(updateAccommodation, { params: { accommodationId: owner.entityId }, ...options });
      break;
    case FileEntityType.passType:
      await ctx.client.call(updatePassType, { params: { passTypeId: owner.entityId }, ...options });
      break;
    default:
      throw stepError(`Files cannot be removed from a record of type ${String(owner.entityType)}.`);
  }
  return true;
}

/** The file a step names (ID or name), among the tour's files or those of the record it names. */
export async function pickFile(ctx: ActionContext, args: OwnerArgs & { file: NameRef }): Promise<FileListItem> {
  const owner = await ownerOf(ctx, args);
  const files = await filesOf(ctx, args.tourId, owner);
  const candidates: Candidate<FileListItem>[] = files.map((file) => ({
    record: file,
    id: typeof file.fileId === 'number' ? file.fileId : Number(file.fileId),
    name: file.name ?? file.fileName ?? null,
    aliases: file.fileName ? [file.fileName] : [],
    detail: `on ${ownerWord(file.entityType ?? '')} ${(file as { entityName?: string }).entityName ?? file.entityId}`,
  }));
  const where = owner ? `on ${ownerText(owner)}` : `on tour ${args.tourId}`;
  return pick({ kind: 'file', where, hint: 'attach one with file.upload and file.attach' }, args.file, candidates);
}
