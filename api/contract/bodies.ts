/**
 * The request bodies and response shapes the Tour API contract leaves open ("not shown"),
 * decided once for the sandbox and the API client alike; `assumptions.ts` holds the paths,
 * scopes and request conventions. Each choice is explained in `docs/api-assumptions.md`;
 * change both together.
 */
import { z } from 'zod';
import { lookupId } from './fields.ts';
import { attachmentInput } from './shared.ts';

/**
 * Most entries one bulk status call takes (decided): enough for a whole tour's guest list in
 * one all-or-nothing call, and well inside the 512 KB body limit (10,000 IDs are ~70 KB).
 */
export const GUESTLIST_STATUS_MAX_IDS = 10_000;

/** Body of `PUT /v1/tours/:tourId/guestlist/status` (decided): all-or-nothing. */
export const guestlistStatusBody = z.object({
  guestListIds: z.array(z.number().int().positive()).min(1).max(GUESTLIST_STATUS_MAX_IDS),
  statusId: lookupId('guestlistStatuses'),
});
export type GuestlistStatusBody = z.infer<typeof guestlistStatusBody>;

/** Body of `PUT .../guestlist/config` (decided). `null` clears a setting. */
export const guestlistDayConfigBody = z.object({
  dayCap: z.number().int().nonnegative().nullable().optional(),
  locked: z.boolean().optional(),
  cutoffAt: z.iso.datetime({ offset: true }).nullable().optional(),
  venueId: z.number().int().positive().nullable().optional(),
  passCaps: z.array(z.object({ passId: z.number().int().positive(), cap: z.number().int().nonnegative() })).optional(),
});
export type GuestlistDayConfigBody = z.infer<typeof guestlistDayConfigBody>;

/**
 * Pass-type create body (decided); update takes the same fields, all optional. `attachments`
 * (decided, as on the other attachable records): an update that carries it makes it the pass
 * type's whole attachment set; an entry with `id` keeps (or, with `deleted: true`, removes) that
 * attachment.
 */
export const passTypeBody = z.object({
  name: z.string().trim().min(1).max(255),
  description: z.string().max(2000).nullable().optional(),
  quantity: z.number().int().nonnegative().nullable().optional(),
  passMaterialTypeId: lookupId('passMaterialTypes').nullable().optional(),
  attachments: z.array(attachmentInput).max(100).optional(),
});
export type PassTypeBody = z.infer<typeof passTypeBody>;

/**
 * Premade venue fields whose value comes from another lookup (`field_type: enum`, shown), by
 * template key, and that lookup (decided: the age restrictions; the field's `description`
 * holds the entry's `label`).
 */
export const ENUM_FIELD_LOOKUPS: Readonly<Record<string, 'ageRestrictions'>> = { age_restriction: 'ageRestrictions' };

/** Attachable entity kinds of the file endpoints (decided spelling). */
export const FileEntityType = {
  scheduleItem: 'SCHEDULE_ITEM',
  venue: 'VENUE',
  accommodation: 'ACCOMMODATION',
  passType: 'PASS_TYPE',
} as const;
export type FileEntityType = (typeof FileEntityType)[keyof typeof FileEntityType];
const fileEntityType = z.enum(Object.values(FileEntityType) as [FileEntityType, ...FileEntityType[]]);

/** Inline upload body (decided): base64 bytes plus name and declared content type. */
export const fileContentBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().min(1).max(255),
  contentBase64: z.string().min(1),
});
export type FileContentBody = z.infer<typeof fileContentBody>;

/** Upload-ticket body (decided): the exact length and type become part of the signature. */
export const uploadTicketBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().min(1).max(255),
  contentLength: z
    .number()
    .int()
    .positive()
    .max(25 * 1024 * 1024),
});
export type UploadTicketBody = z.infer<typeof uploadTicketBody>;

/** Attach body (decided). */
export const attachFileBody = z.object({
  key: z.string().min(1).max(1024),
  entityType: fileEntityType,
  entityId: z.number().int().positive(),
  name: z.string().max(255).optional(),
  description: z.string().max(2000).optional(),
});
export type AttachFileBody = z.infer<typeof attachFileBody>;

/** File listing query (decided paging names `limit`/`offset`; `entityTypes` comma-separated). */
export const FILE_LIST_QUERY = {
  limit: 'limit',
  offset: 'offset',
  entityTypes: 'entityTypes',
  dayId: 'dayId',
  search: 'search',
} as const;

/**
 * Day-sheet render body (decided). Each list, when present, narrows that section of the sheet to
 * the named records; IDs the caller cannot see (or not on this day) are counted in
 * `ignoredIdCount`. `tourId`/`dayId` in the body are ignored (shown).
 */
export const daySheetRenderBody = z
  .object({
    scheduleItemIds: z.array(z.number().int().positive()).optional(),
    venueIds: z.array(z.number().int().positive()).optional(),
    accommodationIds: z.array(z.number().int().positive()).optional(),
    bulletinIds: z.array(z.string().min(1)).optional(),
  })
  .loose();
export type DaySheetRenderBody = z.infer<typeof daySheetRenderBody>;

/** Day-sheet render response data (decided). */
export interface DaySheetRenderData {
  url: string;
  expiresInSeconds: number;
  expiresAt: string;
  fileName: string;
  contentType: 'application/pdf';
  ignoredIdCount: number;
}

/** Guest list approved-total response data (decided). */
export interface GuestlistApprovedTotalData {
  tourId: string;
  dayId: number;
  approvedGuests: number;
  approvedEntries: number;
}

/** Confirm-all returns one of these per item it changed (decided). */
export interface ConfirmedItem {
  id: number;
  name: string;
  status: boolean;
  status_type: { id: number; type: string } | null;
}
