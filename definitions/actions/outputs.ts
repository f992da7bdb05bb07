/**
 * What actions return, as zod schemas: `steps.<id>.outputs.<field>` is checked against the
 * fields, expressions that read them are type-checked against their types, and the action
 * reference lists each field with its description. Every object is strict and a field that can
 * be null says so: a declaration states exactly what the activity returns (a test holds each
 * activity's result to it).
 */
import { z } from 'zod';

/** An action's outputs: an object of described fields. */
export type OutputSchema = z.ZodObject<Record<string, z.ZodType>, z.core.$strict>;

/** The outputs of an action, from its described fields. */
export function outputs(shape: Record<string, z.ZodType>): OutputSchema {
  return z.strictObject(shape);
}

/** A numeric record ID (day, item, venue, stay, room, tag, ...). */
export const recordId = (what: string) => z.int().describe(what);

/** Numeric record IDs. */
export const recordIds = (what: string) => z.array(z.int()).describe(what);

/** A count or a sum of whole things. */
export const wholeNumber = (what: string) => z.int().describe(what);

/** Text: names, dates (`2027-03-27`), instants (ISO 8601), UUIDs. */
export const text = (what: string) => z.string().describe(what);

/** A day as actions that list days return it. */
export const dayEntry = z.strictObject({
  id: z.int(),
  date: z.string(),
  name: z.string().nullable(),
  dayType: z.string().nullable(),
  timeZone: z.string().nullable(),
});
