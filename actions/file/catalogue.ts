/**
 * Files: upload (from a public URL, from text or base64 in the playbook, or from a file in the
 * worker's input folder through an upload ticket), attach an uploaded file to a schedule item,
 * venue, stay or pass type, remove an attachment, download one into the output folder, and list
 * the tour's files. This file is the catalogue (arguments, outputs, calls, undo), no I/O; the
 * arguments' shared parts are in `vocabulary.ts`, the worker's handlers in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { defineRead, nullableText } from '../../definitions/actions/lists.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { outputs, recordId, text, wholeNumber } from '../../definitions/actions/outputs.ts';
import { dayRef, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { checkOwner, fileId, fileIdOutput, fileName, fileRef, ownerShape, relativePath } from './vocabulary.ts';

/** Most bytes an inline upload takes (the contract's limit: 256 KB). */
export const INLINE_UPLOAD_LIMIT = 256 * 1024;
/** Most bytes a URL or upload-ticket upload takes (the contract's fetch limit: 25 MB). */
export const FILE_UPLOAD_LIMIT = 25 * 1024 * 1024;

const SOURCES = ['url', 'text', 'base64', 'file', 'localFile'] as const;

/** Most bytes of a `localFile`, which `tourflow run` carries into the run's input (2 MiB at most, with its plan). */
export const LOCAL_FILE_LIMIT = 1024 * 1024;

export const fileUploadArgs = z
  .strictObject({
    tourId,
    url: z
      .url({ protocol: /^https?$/, message: 'expected a public http or https URL' })
      .optional()
      .describe('Upload from this public URL (the API fetches it once: 25 MB, 15 s, no redirects).'),
    text: z.string().min(1).optional().describe('Upload this text as the file’s content (at most 256 KB).'),
    base64: z
      .string()
      .min(1)
      .optional()
      .describe('Upload these base64 bytes (inline up to 256 KB once decoded, more by an upload ticket).'),
    file: relativePath
      .optional()
      .describe(
        'Upload this file of the worker’s input folder (TOURFLOW_INPUT_DIR, default ./files), by an upload ticket: up to 25 MB.',
      ),
    localFile: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .describe(
        'Upload this file of the machine that runs `tourflow run` (absolute, or relative to where it runs): it carries the file into the run, encrypted with its input, up to 1 MiB; a run started otherwise (schedule, trigger, included playbook) cannot read it.',
      ),
    fileName: fileName
      .optional()
      .describe('The file’s name. @default the name in `file`, `localFile` or `url`; needed with `text` and `base64`'),
    contentType: z
      .string()
      .min(3)
      .max(255)
      .optional()
      .describe('Its content type. @default from the file name’s extension'),
  })
  .superRefine((args, ctx) => {
    if (unresolved(args)) return;
    const given = SOURCES.filter((source) => args[source] !== undefined);
    if (given.length !== 1)
      ctx.addIssue({ code: 'custom', message: `give exactly one of ${SOURCES.join(', ')}`, input: args });
    if ((args.text !== undefined || args.base64 !== undefined) && args.fileName === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: '"fileName" is needed with "text" or "base64"',
        path: ['fileName'],
        input: args,
      });
    }
  });
export type FileUploadArgs = z.infer<typeof fileUploadArgs>;

export const fileUpload = defineAction({
  name: 'file.upload',
  description:
    'Upload a file to the tour’s storage, from a public URL, from text or base64 in the playbook, from the worker’s input folder, or from the machine that runs `tourflow run`; attach it with file.attach.',
  args: fileUploadArgs,
  outputs: outputs({
    key: text('storage key, for file.attach'),
    fileName: text('the file’s name'),
    size: wholeNumber('size in bytes').nullable(),
    contentType: text('content type').nullable(),
  }),
  calls: [
    'POST /v1/attachments',
    'POST /v1/tours/{tourId}/files/content',
    'POST /v1/tours/{tourId}/files/upload-ticket',
    'PUT {signed upload URL}',
  ],
  kind: ActionKind.create,
  compensation: {
    describe:
      'none: the API has no call to delete an uploaded file; it stays in storage, held by no record and listed nowhere',
    calls: [],
  },
});

const fileOutputs = outputs({
  fileId: fileIdOutput.describe('the attachment’s file ID'),
  on: text('scheduleItem, venue, stay or passType'),
  recordId: recordId('ID of the record it is attached to'),
});

export const fileAttachArgs = z
  .strictObject({
    tourId,
    key: z.string().min(1).max(1024).describe('The storage key file.upload returned.'),
    ...ownerShape,
    name: z.string().min(1).max(255).optional().describe('Its display name. @default the file name'),
    description: z.string().max(2000).optional(),
  })
  .superRefine((args, ctx) => {
    if (!unresolved(args)) checkOwner(args, ctx, true);
  });
export type FileAttachArgs = z.infer<typeof fileAttachArgs>;

export const fileAttach = defineAction({
  name: 'file.attach',
  description:
    'Attach an uploaded file to a schedule item, venue, stay or pass type (each by name or ID). The record’s other files stay; attaching a file it already has changes nothing.',
  args: fileAttachArgs,
  outputs: fileOutputs.extend({
    alreadyAttached: z.boolean().describe('the record had this file already (nothing was attached, nothing is undone)'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/tours/{tourId}/days/{dayId}/schedule',
    'GET /v1/tours/{tourId}/venues',
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/tours/{tourId}/passTypes',
    'POST /v1/tours/{tourId}/files/attach',
  ],
  kind: ActionKind.create,
  compensation: {
    describe:
      'detach the file: the record is written back with its other files (the uploaded file itself stays in storage)',
    calls: [
      'GET /v1/tours/{tourId}/files',
      'PUT /v1/schedule/items/{itemId}',
      'PUT /v1/venues/{venueId}',
      'PUT /v1/accommodation/{accommodationId}',
      'PUT /v1/passTypes/{passTypeId}',
    ],
  },
});

export const fileRemoveArgs = z.strictObject({ tourId, file: fileRef, ...ownerShape }).superRefine((args, ctx) => {
  if (!unresolved(args)) checkOwner(args, ctx, false);
});
export type FileRemoveArgs = z.infer<typeof fileRemoveArgs>;

export const fileRemove = defineAction({
  name: 'file.remove',
  description:
    'Remove a file from the record it is attached to (a name may be narrowed to one record by scheduleItem, venue, stay or passType).',
  args: fileRemoveArgs,
  outputs: outputs({
    fileId: fileIdOutput
      .nullable()
      .describe('the removed file’s ID; null when an earlier attempt removed the file named by its name'),
    on: text('scheduleItem, venue, stay or passType; null when an earlier attempt removed it').nullable(),
    recordId: recordId('ID of the record it was on; null when an earlier attempt removed it').nullable(),
  }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/tours/{tourId}/files',
    'PUT /v1/schedule/items/{itemId}',
    'PUT /v1/venues/{venueId}',
    'PUT /v1/accommodation/{accommodationId}',
    'PUT /v1/passTypes/{passTypeId}',
  ],
  kind: ActionKind.delete,
  compensation: {
    describe: 'attach the same stored file to the record again (it gets a new file ID)',
    calls: ['POST /v1/tours/{tourId}/files/attach'],
  },
});

export const fileDownloadArgs = z
  .strictObject({
    tourId,
    file: fileRef,
    ...ownerShape,
    folder: relativePath
      .default('.')
      .describe('Folder inside the output folder (TOURFLOW_OUTPUT_DIR, default ./day-sheets), created if needed.'),
    fileName: fileName.optional().describe('Name to save it under. @default the file’s own name'),
  })
  .superRefine((args, ctx) => {
    if (!unresolved(args)) checkOwner(args, ctx, false);
  });
export type FileDownloadArgs = z.infer<typeof fileDownloadArgs>;

export const fileDownload = defineAction({
  name: 'file.download',
  description:
    'Download an attached file into the output folder. A file already at that path is left as it is and fails the step, unless it holds the same bytes (a repeat of the step).',
  args: fileDownloadArgs,
  outputs: outputs({
    fileId: fileIdOutput.describe('the file’s ID'),
    path: text('where it was saved'),
    size: wholeNumber('bytes saved'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/tours/{tourId}/files',
    'GET /v1/tours/{tourId}/files/{fileId}/download',
    'GET {signed download URL}',
  ],
  kind: ActionKind.read,
  plainActivity: true,
  compensation: null,
});

/** What a file is attached to, in the playbook's words. */
export const FileOwner = { scheduleItem: 'scheduleItem', venue: 'venue', stay: 'stay', passType: 'passType' } as const;
export type FileOwner = (typeof FileOwner)[keyof typeof FileOwner];

export const fileListArgs = z.strictObject({
  tourId,
  day: dayRef.optional().describe('Only files of this day (date or ID).'),
  on: z
    .array(z.enum([FileOwner.scheduleItem, FileOwner.venue, FileOwner.stay, FileOwner.passType]))
    .optional()
    .describe('Only files attached to these kinds of record.'),
  search: z.string().min(1).optional().describe('Only files whose name contains this text (case-insensitive).'),
});
export type FileListArgs = z.infer<typeof fileListArgs>;

export const fileList = defineRead({
  name: 'file.list',
  description:
    'List the files attached in the tour (schedule items, venues, stays, pass types), by day, kind of record or name.',
  args: fileListArgs,
  outputs: outputs({
    files: z
      .array(
        z.strictObject({
          id: fileId,
          name: nullableText,
          fileName: nullableText,
          size: z.int().nullable(),
          on: nullableText,
          recordId: z.int().nullable(),
          recordName: nullableText,
          dayId: z.int().nullable(),
          date: nullableText,
        }),
      )
      .describe('list of { id, name, fileName, size, on, recordId, recordName, dayId, date }'),
    ids: z.array(fileId).describe('their IDs'),
    count: wholeNumber('number of files'),
  }),
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/files'],
});

/** The file actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const fileActionList = [fileList, fileUpload, fileAttach, fileRemove, fileDownload] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per file action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const FILE_EXAMPLES = {
  'file.list': { tourId: exampleTour, day: '2027-03-27', on: ['venue', 'stay'] },
  'file.upload': { tourId: exampleTour, file: 'riders/stage-plot.pdf' },
  'file.attach': {
    tourId: exampleTour,
    key: 'tours/5b1e7c2a-9d4f-4e3b-8a6c-1f2e3d4c5b6a/files/0c9b8a7f-6e5d-4c3b-2a1f-0e9d8c7b6a5f/stage-plot.pdf',
    venue: 'Uber Arena',
    name: 'Stage plot',
  },
  'file.remove': { tourId: exampleTour, file: 'Old stage plot', venue: 'Uber Arena' },
  'file.download': { tourId: exampleTour, file: 'Stage plot', venue: 'Uber Arena', folder: 'riders' },
} satisfies Record<string, JsonObject>;
