/**
 * Files: inline upload (256 KB), upload ticket, URL upload, attach (additive, idempotent),
 * listing and signed download. Every upload path mints the same kind of storage key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FILE_LIST_QUERY,
  type AttachFileBody,
  type FileContentBody,
  type FileEntityType,
  type UploadTicketBody,
} from '../../../api/contract/bodies.ts';
import { requireTour } from '../../access.ts';
import { signToken } from '../../auth/signed-url.ts';
import type { SandboxContext } from '../../context.ts';
import { ApiProblem, ErrorCode, notFound, validationError } from '../../errors.ts';
import { paginate, readPaging } from '../../pipeline/pagination.ts';
import { defineRoute } from '../../pipeline/route.ts';
import { parseWith } from '../../pipeline/validate.ts';
import { z } from 'zod';
import type { AttachmentRecord, EntityType } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import { addAttachment } from '../shared/attachments.ts';
import { contentTypeFromName, requireAllowedType } from '../shared/content-types.ts';
import { fetchIntoStorage } from '../shared/remote-fetch.ts';
import { nowIso } from '../shared/schemas.ts';
import { findEntity, requireEntity } from './entities.ts';
import { STORAGE_PREFIX } from './storage.ts';

/** Inline upload limit (shown: 256 KB). */
export const INLINE_UPLOAD_BYTES = 256 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `http://host:port` of the request, for absolute signed URLs. */
export const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

const newKey = (store: Store, tourId: string, fileName: string): string =>
  `tours/${tourId}/files/${store.uuid()}/${fileName.replace(/[/\\]/g, '_')}`;

function uploadContent(store: Store, tourId: string, input: FileContentBody): Record<string, unknown> {
  const contentType = requireAllowedType(input.contentType);
  const base64 = input.contentBase64.replace(/\s+/g, '');
  if (!BASE64.test(base64)) throw validationError('contentBase64: not valid base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > INLINE_UPLOAD_BYTES) {
    throw new ApiProblem(
      413,
      ErrorCode.payloadTooLarge,
      `Inline uploads are limited to 256 KB (got ${bytes.length} bytes); use an upload ticket (POST /v1/tours/{tourId}/files/upload-ticket) or a URL upload (POST /v1/attachments)`,
    );
  }
  const key = newKey(store, tourId, input.fileName);
  store.objects.put({
    id: key,
    tourId,
    fileName: input.fileName,
    contentType,
    size: bytes.length,
    base64: bytes.toString('base64'),
    createdAt: nowIso(),
  });
  return { key, link: key, fileName: input.fileName, fileSizeBytes: bytes.length, contentType };
}

function uploadTicket(
  ctx: SandboxContext,
  tourId: string,
  input: UploadTicketBody,
  origin: string,
): Record<string, unknown> {
  const contentType = requireAllowedType(input.contentType);
  const key = newKey(ctx.store, tourId, input.fileName);
  const { token, expiresAt } = signToken(ctx.store, { kind: 'upload', key }, ctx.options.uploadTicketTtlSeconds);
  ctx.store.uploadTickets.put({
    id: key,
    tourId,
    fileName: input.fileName,
    contentType,
    contentLength: input.contentLength,
    expiresAt: expiresAt.toISOString(),
  });
  return {
    uploadUrl: `${origin}${STORAGE_PREFIX}/upload/${token}`,
    method: 'PUT',
    headers: { 'content-type': contentType, 'content-length': String(input.contentLength) },
    key,
    expiresInSeconds: ctx.options.uploadTicketTtlSeconds,
    expiresAt: expiresAt.toISOString(),
    contentLength: input.contentLength,
    contentType,
  };
}

/** Attaching the same key to the same entity again returns the first attachment. */
function attach(store: Store, tourId: string, userId: string, input: AttachFileBody): Record<string, unknown> {
  const object = store.objects.get(input.key);
  if (!object || (object.tourId !== tourId && object.tourId !== '')) throw notFound('Upload key');
  requireEntity(store, tourId, input.entityType, input.entityId, userId);
  const existing = store.attachments.find(
    (row) => row.key === input.key && row.entityType === input.entityType && row.entityId === input.entityId,
  );
  const attachment =
    existing ??
    addAttachment(
      store,
      { tourId, entityType: input.entityType, entityId: input.entityId, userId },
      {
        link: input.key,
        name: input.name ?? object.fileName,
        fileName: object.fileName,
        fileSize: object.size,
        description: input.description,
      },
    );
  return {
    fileId: attachment.id,
    entityType: attachment.entityType,
    entityId: attachment.entityId,
    key: attachment.key,
    fileName: attachment.fileName,
    fileSizeBytes: attachment.fileSize,
    alreadyAttached: existing !== undefined,
  };
}

const listQuery = z.object({
  entityTypes: z.string().optional(),
  dayId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive integer')
    .optional(),
  search: z.string().max(200).optional(),
});

function listFiles(
  ctx: SandboxContext,
  tourId: string,
  userId: string,
  query: Record<string, string | undefined>,
): Record<string, unknown> {
  const input = parseWith(
    listQuery,
    {
      entityTypes: query[FILE_LIST_QUERY.entityTypes],
      dayId: query[FILE_LIST_QUERY.dayId],
      search: query[FILE_LIST_QUERY.search],
    },
    'query',
  );
  const types = input.entityTypes
    ?.split(',')
    .map((type) => type.trim().toUpperCase())
    .filter(Boolean);
  if (types?.some((type) => !['SCHEDULE_ITEM', 'VENUE', 'ACCOMMODATION', 'PASS_TYPE'].includes(type)))
    throw validationError('entityTypes: unknown entity type');
  const search = input.search?.toLowerCase();
  const dayId = input.dayId === undefined ? undefined : Number(input.dayId);
  const rows = ctx.store.attachments.filter(
    (row) => row.tourId === tourId && (!types || types.includes(row.entityType)),
  );
  const visible = (row: AttachmentRecord): boolean => {
    const entity = findEntity(ctx.store, tourId, row.entityType, row.entityId, userId);
    if (!entity || (dayId !== undefined && entity.dayId !== dayId)) return false;
    return !search || `${row.name ?? ''} ${row.fileName ?? ''}`.toLowerCase().includes(search);
  };
  const page = paginate(
    rows,
    readPaging(query),
    visible,
    (row) => fileItem(ctx.store, tourId, row, userId),
    ctx.options.responseCeilingBytes,
  );
  return {
    items: page.data,
    totalCount: page.pagination.totalCount,
    returnedCount: page.pagination.returnedCount,
    hasMore: page.pagination.hasMore,
  };
}

function fileItem(store: Store, tourId: string, row: AttachmentRecord, userId: string): Record<string, unknown> {
  const entity = findEntity(store, tourId, row.entityType, row.entityId, userId);
  return {
    fileId: row.id,
    key: row.key,
    fileName: row.fileName,
    name: row.name,
    description: row.description,
    fileSize: row.fileSize,
    fileSizeBytes: row.fileSize,
    contentTypeHint: contentTypeFromName(row.fileName ?? row.name),
    entityType: row.entityType as FileEntityType,
    entityId: row.entityId,
    entityName: entity?.name ?? null,
    dayId: entity?.dayId ?? null,
    createdAt: row.createdAt,
  };
}

function download(
  ctx: SandboxContext,
  tourId: string,
  fileId: number,
  userId: string,
  origin: string,
): Record<string, unknown> {
  const row = ctx.store.attachments.get(fileId);
  const object = row ? ctx.store.objects.get(row.key) : undefined;
  if (
    !row ||
    row.tourId !== tourId ||
    !object ||
    !findEntity(ctx.store, tourId, row.entityType as EntityType, row.entityId, userId)
  )
    throw notFound('File');
  const { token, expiresAt } = signToken(
    ctx.store,
    { kind: 'download', key: row.key, name: row.fileName ?? object.fileName },
    ctx.options.signedUrlTtlSeconds,
  );
  return {
    fileId: row.id,
    downloadUrl: `${origin}${STORAGE_PREFIX}/download/${token}`,
    expiresInSeconds: ctx.options.signedUrlTtlSeconds,
    expiresAt: expiresAt.toISOString(),
    fileName: row.fileName ?? object.fileName,
    fileSizeBytes: object.size,
    contentType: object.contentType,
    entityType: row.entityType,
    entityId: row.entityId,
  };
}

/** Registers the file endpoints. */
export function registerFileRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const tourOf = (params: Record<string, string | number>, userId: string): string =>
    requireTour(ctx.store, params.tourId as string, userId).id;
  defineRoute(app, ctx, 'uploadFileContent', ({ store, caller, params, input }) => ({
    data: uploadContent(store, tourOf(params, caller.userId), input()),
    message: 'File uploaded',
  }));
  defineRoute(app, ctx, 'createUploadTicket', ({ caller, params, input, request }) => ({
    data: uploadTicket(ctx, tourOf(params, caller.userId), input(), originOf(request)),
  }));
  defineRoute(app, ctx, 'attachFile', ({ store, caller, params, input }) => ({
    data: attach(store, tourOf(params, caller.userId), caller.userId, input()),
  }));
  defineRoute(app, ctx, 'listFiles', ({ caller, params, query }) => ({
    data: listFiles(ctx, tourOf(params, caller.userId), caller.userId, query),
  }));
  defineRoute(app, ctx, 'getFileDownload', ({ caller, params, request }) => ({
    data: download(ctx, tourOf(params, caller.userId), params.fileId as number, caller.userId, originOf(request)),
  }));
  defineRoute(app, ctx, 'createAttachmentFromUrl', ({ store, input: read }) => {
    const input = read();
    const fetched = fetchIntoStorage(store, null, input.url, input.fileName);
    return { data: { link: fetched.key, fileName: fetched.fileName, fileSize: fetched.size } };
  });
}
