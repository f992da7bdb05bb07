/**
 * Request validation with zod: a failure becomes 400 VALIDATION_ERROR whose message names each
 * failing field (`days[0].date: ...`), the way the service reports validation.
 */
import { z } from 'zod';
import { validationError } from '../errors.ts';

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
    '',
  );
}

/** Parses `value` with `schema` or throws 400 VALIDATION_ERROR naming the fields. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 10).map((issue) => {
    const where = fieldPath(issue.path);
    return where ? `${where}: ${issue.message}` : `${what}: ${issue.message}`;
  });
  throw validationError(problems.join('; '));
}

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
TIME_ZONES.add('UTC');

/** Whether `name` is an IANA time zone the runtime knows. */
export function isTimeZone(name: string): boolean {
  if (TIME_ZONES.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Shared field schemas. */
export const fields = {
  uuid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
    .transform((id) => id.toLowerCase()),
  id: z.number().int().positive().max(2_147_483_647),
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone'),
  isoDate: z
    .string()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
      'must be an ISO 8601 date',
    ),
  /** `HH:mm`, 24-hour; a full date-time is rejected. */
  timeOfDay: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm (24-hour time of day)'),
  epochMs: z.number().int().min(0).max(8.64e15),
  latLng: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
} as const;

/** Viewport `{ northeast, southwest }`. */
export const viewportSchema = z.object({ northeast: fields.latLng, southwest: fields.latLng });

/** A place (origin, destination, travel break). */
export const placeSchema = z.looseObject({
  formatted_address: z.string().max(1000),
  viewport: viewportSchema.optional(),
  timeZone: fields.timeZone.optional(),
});

/** The Location object (venue `location`, stay `formatted_address`): geometry is required. */
export const locationSchema = z.looseObject({
  formatted_address: z.string().max(1000).optional(),
  place_id: z.string().max(500).optional(),
  placeName: z.string().max(500).optional(),
  fullAddress: z.string().max(1000).optional(),
  timeZone: fields.timeZone.optional(),
  types: z.array(z.string()).optional(),
  address_components: z
    .array(z.looseObject({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }))
    .optional(),
  geometry: z.looseObject({ location: fields.latLng, viewport: viewportSchema, location_type: z.string().optional() }),
});
