/** Request field schemas shared by several resources. */
import { z } from 'zod';
import { fields } from '../../pipeline/validate.ts';
import { LOOKUPS, type LookupGroup } from '../../store/reference-data.ts';

/** An ID that must exist in a lookup table. */
export function lookupId(group: LookupGroup): z.ZodType<number> {
  return fields.id.refine((id) => LOOKUPS[group].some((entry) => entry.id === id), `unknown ${group} ID`);
}

/** Attachment entry (create and update; `id`/`deleted` only mean something on update). */
export const attachmentSchema = z.object({
  id: fields.id.optional(),
  deleted: z.boolean().optional(),
  link: z.string().min(1).max(2048),
  name: z.string().max(255).nullable().optional(),
  fileName: z.string().max(255).nullable().optional(),
  fileSize: z.number().int().nonnegative().nullable().optional(),
  description: z.string().max(2000).nullable().optional(),
});
export type AttachmentInput = z.infer<typeof attachmentSchema>;

/** Visibility fields of schedule items (camelCase lists). */
export const itemVisibilityShape = {
  isEveryone: z.boolean().optional(),
  isAdminsOnly: z.boolean().optional(),
  explicitVisibility: z.boolean().optional(),
  visibilityList: z.array(fields.uuid).max(1000).optional(),
  invitesVisibilityList: z.array(fields.id).max(1000).optional(),
};

/** Inline general contacts of venue/stay creates (full replace). */
export const inlineContactsShape = {
  keyContactIds: z.array(fields.id).max(500).optional(),
  emails: z
    .array(
      z.object({
        email: z.string().min(1).max(320),
        label: z.string().max(100).nullable().optional(),
        is_google: z.boolean().optional(),
      }),
    )
    .max(100)
    .optional(),
  numbers: z
    .array(
      z.object({
        number: z.union([z.number(), z.string().min(1).max(50)]),
        country: z
          .union([z.number(), z.string().max(10)])
          .nullable()
          .optional(),
        label: z.string().max(100).nullable().optional(),
        is_google: z.boolean().optional(),
      }),
    )
    .max(100)
    .optional(),
  urls: z
    .array(
      z.object({
        url: z.string().min(1).max(2048),
        label: z.string().max(100).nullable().optional(),
        is_google: z.boolean().optional(),
      }),
    )
    .max(100)
    .optional(),
};

/** Inline custom fields of creates: a full replace of the set. */
export const inlineCustomFieldsSchema = z
  .array(
    z.object({
      title: z.string().trim().min(1).max(255),
      description: z.string().max(5000).nullable().optional(),
      sortOrder: z.number().int().optional(),
    }),
  )
  .max(200);

/** Body of the custom-field PUT endpoints. */
export const customFieldOpsSchema = z.object({
  fields: z
    .array(
      z.object({
        operation: z.enum(['ADD', 'UPDATE', 'REMOVE']),
        id: fields.id.optional(),
        title: z.string().trim().min(1).max(255).optional(),
        description: z.string().max(5000).nullable().optional(),
        sortOrder: z.number().int().optional(),
        templateKey: z.string().min(1).max(100).optional(),
      }),
    )
    .max(200),
});
export type CustomFieldOp = z.infer<typeof customFieldOpsSchema>['fields'][number];

/** The current time as ISO 8601. */
export const nowIso = (): string => new Date().toISOString();
