/**
 * Day sheets, as the catalogue gives them: `daySheet.data` (one day's print-ready model) and
 * `daySheet.render` (each day's PDF, saved locally): arguments, outputs, calls. No I/O; the
 * worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, wholeNumber } from '../../definitions/actions/outputs.ts';
import { defineRead } from '../../definitions/actions/lists.ts';
import { dayRef, isoDate, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';

/** Placeholders a day sheet path may use. */
export const DAY_SHEET_PLACEHOLDERS = ['tour', 'date', 'day', 'dayId'] as const;
export const DEFAULT_DAY_SHEET_PATH = '{tour}/{date}-{day}.pdf';

const pathTemplate = z
  .string()
  .min(1)
  .refine(
    (text) =>
      [...text.matchAll(/\{([^}]*)\}/g)].every((m) =>
        (DAY_SHEET_PLACEHOLDERS as readonly string[]).includes(m[1] ?? ''),
      ),
    {
      message: `unknown placeholder; use ${DAY_SHEET_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
    },
  )
  .refine((text) => !text.split(/[\\/]/).includes('..'), 'must stay inside the folder (no "..")');

export const daySheetRenderArgs = z
  .strictObject({
    tourId,
    from: isoDate.optional().describe('First date. @default tomorrow in the tour’s time zone'),
    to: isoDate.optional().describe('Last date, inclusive (alone: from tomorrow up to it). @default the first date'),
    days: z.array(dayRef).min(1).optional().describe('Or exactly these days (dates or IDs).'),
    folder: z
      .string()
      .min(1)
      .default('.')
      .describe(
        'Folder inside the output folder (TOURFLOW_OUTPUT_DIR, default ./day-sheets) where the PDFs go, created if needed.',
      ),
    path: pathTemplate
      .default(DEFAULT_DAY_SHEET_PATH)
      .describe('File path inside the folder; {tour}, {date}, {day}, {dayId}.'),
  })
  .refine(
    (args) => unresolved(args) || args.days === undefined || (args.from === undefined && args.to === undefined),
    'give "days" or "from"/"to", not both',
  )
  .refine((args) => unresolved(args) || args.to === undefined || args.from === undefined || args.from <= args.to, {
    message: '"to" is before "from"',
    path: ['to'],
  });
export type DaySheetRenderArgs = z.infer<typeof daySheetRenderArgs>;

export const daySheetRender = defineAction({
  name: 'daySheet.render',
  description:
    'Render the day sheet of each selected day, download the PDF at once and save it. A file already at its path is replaced only when it is a day sheet tourflow saved.',
  args: daySheetRenderArgs,
  outputs: outputs({
    files: z
      .array(z.strictObject({ date: z.string(), day: z.string(), path: z.string(), ignoredIdCount: z.int() }))
      .describe('list of { date, day, path, ignoredIdCount }'),
    count: wholeNumber('number of PDFs saved'),
    warnings: z.array(z.string()).describe('list of warnings (e.g. a non-zero ignoredIdCount)'),
  }),
  calls: ['GET /v1/tours/{tourId}/data', 'POST /v1/tours/{tourId}/days/{dayId}/day-sheet', 'GET {signed PDF URL}'],
  kind: ActionKind.read,
  plainActivity: true,
  compensation: null,
});

export const daySheetDataArgs = z.strictObject({ tourId, day: dayRef });
export type DaySheetDataArgs = z.infer<typeof daySheetDataArgs>;

export const daySheetData = defineRead({
  name: 'daySheet.data',
  description:
    'Read the print-ready model of one day’s sheet: header, running order, venues, stays, key contacts, bulletins, next days, and guest list totals (without guest names).',
  args: daySheetDataArgs,
  // The sections are the API's own JSON, passed on as read (null when absent).
  outputs: outputs({
    dayId: z.int().describe('day ID'),
    date: z.string().describe('day date'),
    header: z.json().describe('the sheet’s header'),
    runningOrder: z.json().describe('the day’s schedule, in order'),
    venues: z.json().describe('venues of the day'),
    stays: z.json().describe('stays of the night'),
    keyContacts: z.json().describe('key contacts of the day’s venues and stays'),
    guestList: z
      .record(z.string(), z.number())
      .describe('{ entries, totalGuests, approvedGuests, pendingGuests, declinedGuests } (counts only)'),
    bulletins: z.json().describe('bulletins of the day'),
    nextDays: z.json().describe('the next few days'),
  }),
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/days/{dayId}/day-sheet/data'],
});

/** The day sheet actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const daySheetActionList = [daySheetData, daySheetRender] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per day sheet action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const DAY_SHEET_EXAMPLES = {
  'daySheet.data': { tourId: exampleTour, day: '2027-03-27' },
  'daySheet.render': { tourId: exampleTour, to: '2027-03-29' },
} as const;
