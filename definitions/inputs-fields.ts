/**
 * The fields of a list input's rows (a CSV or Excel row): each a type, or `{ type, required,
 * default, format }`; and dates as people write them in a spreadsheet. A date is always read in
 * ISO form (2027-04-03); the day-first and month-first forms (03.12.2027, 12/03/2027, 3-12-2027)
 * only where the field or its input declares which (`format: DD.MM.YYYY`), since 03/12/2027 is
 * March in one country and December in another. A two-digit year is refused, not guessed.
 */
import { z } from 'zod';
import { isoDate } from './actions/vocabulary.ts';
import { InputType, type DateFormat, type JsonValue, type PlanField } from './plan-types.ts';

/** The date forms a field or input may declare, in the spelling of its `format`. */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'MM/DD/YYYY',
  'MM.DD.YYYY',
  'MM-DD-YYYY',
] as const satisfies readonly DateFormat[];

export const dateFormat = z
  .enum(DATE_FORMATS)
  .describe(
    'How dates are written (CSV/Excel cells, `--input`): ISO 2027-04-03 is always read; DD.MM.YYYY, DD/MM/YYYY, MM/DD/YYYY… add that form.',
  );

const scalarTypes = [InputType.string, InputType.number, InputType.boolean, InputType.date, InputType.time] as const;

/** One field of a list input's rows: its type, or its type with whether it may be empty, its default and date format. */
export const fieldSchema = z.union([
  z.enum(scalarTypes),
  z.strictObject({
    type: z.enum(scalarTypes).describe('Value type of the field.'),
    required: z.boolean().optional().describe('May a row leave it empty? @default true unless there is a default'),
    default: z
      .union([z.string(), z.number(), z.boolean()])
      .optional()
      .describe('Value of the field in a row that leaves it empty.'),
    format: dateFormat.optional(),
  }),
]);
export type FieldDocument = z.infer<typeof fieldSchema>;

export const fieldsSchema = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected a field name (letters, digits, _)'), fieldSchema)
  .optional()
  .describe(
    'Fields of each element of a `list` input (a CSV or Excel row): name -> type (string, number, boolean, date, time), or { type, required: false, default, format }.',
  );

/** A field's declaration as the plan holds it. */
export function planField(document: FieldDocument, inputFormat: DateFormat | undefined): PlanField {
  const field = typeof document === 'string' ? { type: document } : document;
  const format = field.format ?? (field.type === InputType.date ? inputFormat : undefined);
  return {
    type: field.type,
    required: field.required ?? field.default === undefined,
    ...(field.default !== undefined ? { default: field.default } : {}),
    ...(format && format !== 'YYYY-MM-DD' ? { format } : {}),
  };
}

type DateRead = { ok: true; value: string } | { ok: false; expected: string; hint?: string };

const ORDER: Record<DateFormat, { day: number; month: number; separator: string }> = {
  'YYYY-MM-DD': { day: 0, month: 0, separator: '-' },
  'DD.MM.YYYY': { day: 1, month: 2, separator: '.' },
  'DD/MM/YYYY': { day: 1, month: 2, separator: '/' },
  'DD-MM-YYYY': { day: 1, month: 2, separator: '-' },
  'MM/DD/YYYY': { day: 2, month: 1, separator: '/' },
  'MM.DD.YYYY': { day: 2, month: 1, separator: '.' },
  'MM-DD-YYYY': { day: 2, month: 1, separator: '-' },
};

/** What a date in `format` looks like, for "expected …": `a date like 03.12.2027 (DD.MM.YYYY)`. */
export function dateExpected(format?: DateFormat): string {
  if (!format || format === 'YYYY-MM-DD') return 'a date like 2027-04-03';
  const { day, separator } = ORDER[format];
  const example = day === 1 ? ['03', '12', '2027'] : ['12', '03', '2027'];
  return `a date like ${example.join(separator)} (${format}) or 2027-12-03`;
}

/** `value` as an ISO date: ISO as it is, or in the declared `format` with 1- or 2-digit day and month. */
export function readDate(value: JsonValue, format?: DateFormat): DateRead {
  const expected = dateExpected(format);
  if (typeof value !== 'string') return { ok: false, expected };
  const text = value.trim();
  if (isoDate.safeParse(text).success) return { ok: true, value: text };
  if (!format || format === 'YYYY-MM-DD') return { ok: false, expected };
  const { day, month, separator } = ORDER[format];
  const parts = text.split(separator);
  if (parts.length !== 3 || !parts.every((part) => /^\d+$/.test(part))) return { ok: false, expected };
  if (parts[2]!.length !== 4) {
    const hint =
      parts[2]!.length === 2 ? 'a two-digit year is not guessed: write the year in full in the spreadsheet' : undefined;
    return { ok: false, expected, hint };
  }
  if (parts[0]!.length > 2 || parts[1]!.length > 2) return { ok: false, expected };
  const iso = `${parts[2]}-${parts[month - 1]!.padStart(2, '0')}-${parts[day - 1]!.padStart(2, '0')}`;
  return isoDate.safeParse(iso).success
    ? { ok: true, value: iso }
    : { ok: false, expected, hint: 'not a day of the calendar' };
}
