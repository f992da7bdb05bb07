/**
 * The worker's handlers of the file actions (catalogue in `catalogue.ts`): `file.list`; files on records: `file.upload` (file-upload.ts), `file.attach` (its undo detaches),
 * `file.remove` (its prepared undo attaches the same stored file again) and `file.download`
 * (into the output folder, file-download.ts).
 */
import { fileAttachArgs, fileListArgs, fileRemoveArgs } from './catalogue.ts';
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import { plural } from '../../definitions/plural.ts';
import { lookupTour, resolveDay } from '../../activities/actions/tour-days.ts';
import type { FileEntityType } from '../../api/contract/bodies.ts';
import { attachFile, listFiles, type FileListItem } from '../../api/contract/files.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { goneOnRetry } from '../../activities/names/index.ts';
import { parseArgs, stepError } from '../../activities/actions/common.ts';
import { fileDownloadRun } from '../../activities/actions/file-download.ts';
import {
  detach,
  ENTITY_OF,
  OWNER_OF,
  ownerOf,
  ownerText,
  ownerWord,
  pickFile,
  type FileOwnerRef,
} from '../../activities/actions/file-owners.ts';
import { fileUploadRun } from '../../activities/actions/file-upload.ts';
import { FailureType } from '../../definitions/failure-types.ts';

const ownerOfFile = (file: FileListItem): FileOwnerRef => ({
  entityType: file.entityType as FileEntityType,
  entityId: file.entityId!,
});

function detachUndo(tourId: string, owner: FileOwnerRef, fileId: number | string, label: string): UndoRecord {
  return {
    activity: 'fileDetach',
    args: { tourId, entityType: owner.entityType, entityId: owner.entityId, fileId },
    describe: `take file ${label} off ${ownerText(owner)}`,
    record: { resource: 'file', id: fileId, label },
  };
}

async function fileAttachRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, fileAttachArgs, call.args);
  const owner = (await ownerOf(ctx, args))!;
  const body = {
    key: args.key,
    ...owner,
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.description !== undefined ? { description: args.description } : {}),
  };
  const attached = await ctx.client.call(attachFile, {
    params: { tourId: args.tourId },
    body,
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
  const label = attached.fileName ?? args.name ?? String(attached.fileId);
  return {
    output: {
      fileId: attached.fileId,
      on: ownerWord(owner.entityType),
      recordId: owner.entityId,
      alreadyAttached: attached.alreadyAttached,
    },
    // a file the record had before the step is not the step's to take off
    undo: attached.alreadyAttached ? [] : [detachUndo(args.tourId, owner, attached.fileId, label)],
    tourId: args.tourId,
    describe: attached.alreadyAttached
      ? `${ownerText(owner)} has file ${label} already`
      : `attached file ${label} to ${ownerText(owner)}`,
  };
}

async function fileRemovePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, fileRemoveArgs, call.args);
  const file = await ctx.prepared('file', () => pickFile(ctx, args));
  const owner = ownerOfFile(file);
  const raw = file as Record<string, unknown>;
  const label = file.name ?? file.fileName ?? String(file.fileId);
  return [
    {
      activity: 'fileReattach',
      args: {
        tourId: args.tourId,
        key: file.key,
        entityType: owner.entityType,
        entityId: owner.entityId,
        ...(file.name ? { name: file.name } : {}),
        ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
        by: call.idempotencyKey,
      },
      describe: `attach file ${label} to ${ownerText(owner)} again`,
      record: { resource: 'file', id: file.fileId, label },
    },
  ];
}

async function fileRemoveRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, fileRemoveArgs, call.args);
  let file: FileListItem;
  try {
    file = await ctx.prepared('file', () => pickFile(ctx, args));
  } catch (error) {
    // An earlier attempt removed it and its answer was lost: its ID or name matches nothing now.
    // Only a name that matched nothing is done; a read that failed fails the attempt.
    if (!goneOnRetry(error)) throw error;
    const fileId = typeof args.file === 'number' ? args.file : null;
    return {
      output: { fileId, on: null, recordId: null },
      undo: [],
      tourId: args.tourId,
      describe: `file ${JSON.stringify(args.file)} was removed by an earlier attempt`,
    };
  }
  const owner = ownerOfFile(file);
  const removed = await detach(ctx, args.tourId, owner, file.fileId, ctx.key());
  if (!removed && !isRetry())
    throw stepError(`File ${file.fileId} is no longer on ${ownerText(owner)}.`, FailureType.UNKNOWN_NAME);
  const label = file.name ?? file.fileName ?? String(file.fileId);
  return {
    output: { fileId: file.fileId, on: ownerWord(owner.entityType), recordId: owner.entityId },
    undo: [],
    tourId: args.tourId,
    describe: `removed file ${label} from ${ownerText(owner)}`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const fileUndo = {
  fileDetach: async (args, ctx) => {
    await detach(
      ctx,
      String(args.tourId),
      { entityType: args.entityType as FileEntityType, entityId: Number(args.entityId) },
      args.fileId as number | string,
      ctx.key(),
    );
  },
  fileReattach: async (args, ctx) => {
    const body = {
      key: String(args.key),
      entityType: args.entityType as FileEntityType,
      entityId: Number(args.entityId),
      ...(typeof args.name === 'string' ? { name: args.name } : {}),
      ...(typeof args.description === 'string' ? { description: args.description } : {}),
    };
    await ctx.client.call(attachFile, {
      params: { tourId: String(args.tourId) },
      body,
      idempotencyKey: ctx.key(),
      signal: ctx.signal,
    });
  },
} satisfies Record<string, UndoHandler>;

async function fileList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, fileListArgs, call.args);
  const tour = await lookupTour(ctx, args.tourId);
  const day = args.day === undefined ? undefined : resolveDay(tour, args.day);
  const dates = new Map(tour.days.map((d) => [d.id, d.date]));
  const query = {
    ...(day ? { dayId: day.id } : {}),
    ...(args.on ? { entityTypes: args.on.map((owner) => ENTITY_OF[owner]) } : {}),
    ...(args.search ? { search: args.search } : {}),
  };
  const files: JsonObject[] = [];
  for await (const file of ctx.client.paginate(listFiles, {
    params: { tourId: args.tourId },
    query,
    signal: ctx.signal,
  })) {
    const raw = file as Record<string, unknown>;
    files.push({
      id: file.fileId,
      name: file.name ?? null,
      fileName: file.fileName ?? null,
      size: file.fileSizeBytes ?? null,
      on: OWNER_OF.get(file.entityType ?? '') ?? file.entityType ?? null,
      recordId: file.entityId ?? null,
      recordName: typeof raw.entityName === 'string' ? raw.entityName : null,
      dayId: file.dayId ?? null,
      date: file.dayId != null ? (dates.get(file.dayId) ?? null) : null,
    });
  }
  return {
    output: { files, ids: files.map((f) => f.id as JsonValue), count: files.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(files.length, 'file')}`,
  };
}

export const fileActions = {
  actions: {
    'file.list': { run: fileList },
    'file.upload': { run: fileUploadRun },
    'file.attach': { run: fileAttachRun },
    'file.remove': { run: fileRemoveRun, prepare: fileRemovePrepare },
    'file.download': { run: fileDownloadRun },
  },
  undo: fileUndo,
} satisfies ActionModule;
