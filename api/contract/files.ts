/**
 * Files: upload (from a URL, inline base64 up to 256 KB, or an upload ticket for large files),
 * attach an uploaded key to an entity, list a tour's files, and get a short-lived download URL.
 */
import { z } from 'zod';
import { defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { attachFileBody, FILE_LIST_QUERY, FileEntityType, fileContentBody, uploadTicketBody } from './bodies.ts';
import { intId } from './shared.ts';

const entityType = z.enum(Object.values(FileEntityType) as [FileEntityType, ...FileEntityType[]]);

export const uploadedFile = z.looseObject({
  key: z.string(),
  link: z.string(),
  fileName: z.string().nullish(),
  fileSizeBytes: z.number().nullish(),
  contentType: z.string().nullish(),
});

export const uploadTicket = z.looseObject({
  uploadUrl: z.string(),
  method: z.string(),
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  expiresInSeconds: z.number().nullish(),
  expiresAt: z.string().nullish(),
  contentLength: z.number().nullish(),
  contentType: z.string().nullish(),
});
export type UploadTicket = z.output<typeof uploadTicket>;

export const attachedFile = z.looseObject({
  fileId: z.union([z.number(), z.string()]),
  entityType: z.string(),
  entityId: z.number(),
  key: z.string(),
  fileName: z.string().nullish(),
  fileSizeBytes: z.number().nullish(),
  alreadyAttached: z.boolean(),
});

export const fileListItem = z.looseObject({
  fileId: z.union([z.number(), z.string()]),
  key: z.string(),
  fileName: z.string().nullish(),
  name: z.string().nullish(),
  fileSizeBytes: z.number().nullish(),
  entityType: z.string().nullish(),
  entityId: z.number().nullish(),
  dayId: z.number().nullish(),
});
export type FileListItem = z.output<typeof fileListItem>;

export const fileList = z.looseObject({
  items: z.array(fileListItem),
  totalCount: z.number().nullish(),
  returnedCount: z.number(),
  hasMore: z.boolean(),
});

export const fileDownload = z.looseObject({
  fileId: z.union([z.number(), z.string()]),
  downloadUrl: z.string(),
  expiresInSeconds: z.number().nullish(),
  fileName: z.string().nullish(),
  contentType: z.string().nullish(),
});

/** The server fetches the URL once (public http/https only, no redirects, 25 MB, 15 s). */
export const createAttachmentFromUrl = defineEndpoint(Endpoints.createAttachmentFromUrl, {
  /** Whether `url` may be fetched (public http or https) is the API's fetch rule: a violation is 400 "400". */
  body: z.looseObject({ url: z.string().min(1).max(4096), fileName: z.string().trim().min(1).max(255).optional() }),
  data: z.looseObject({ link: z.string(), fileName: z.string().nullish(), fileSize: z.number().nullish() }),
});

export const uploadFileContent = defineEndpoint(Endpoints.uploadFileContent, {
  body: fileContentBody,
  data: uploadedFile,
});

export const createUploadTicket = defineEndpoint(Endpoints.createUploadTicket, {
  body: uploadTicketBody,
  data: uploadTicket,
});

/** Additive and idempotent: the same key on the same entity answers `alreadyAttached: true`. */
export const attachFile = defineEndpoint(Endpoints.attachFile, { body: attachFileBody, data: attachedFile });

export const listFiles = definePagedEndpoint(Endpoints.listFiles, {
  query: z.object({
    [FILE_LIST_QUERY.entityTypes]: z.array(entityType).optional(),
    [FILE_LIST_QUERY.dayId]: intId.optional(),
    [FILE_LIST_QUERY.search]: z.string().optional(),
  }),
  data: fileList,
  page: {
    limitParam: FILE_LIST_QUERY.limit,
    offsetParam: FILE_LIST_QUERY.offset,
    rows: (data) => data.items,
    inner: (data) => ({ hasMore: data.hasMore }),
  },
});

/** The URL lives about five minutes: ask again instead of storing it. */
export const getFileDownload = defineEndpoint(Endpoints.getFileDownload, { data: fileDownload });
