/**
 * Request field schemas of the Tour API, with the rules the contract states for them (IDs,
 * time zones, ISO 8601 dates, `HH:mm` times, epoch milliseconds, coordinates, the Location
 * object). Request bodies are built from these; the client checks them before sending and the
 * sandbox answers 400 `VALIDATION_ERROR` with the same messages.
 */
import { z } from 'zod';

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

/**
 * Fields whose value is an entry of a lookup group (`dayTypes`, `avatarColors`... and
 * `ageRestrictions`): the API reads its tables live, so the client checks only the ID's type
 * and the sandbox checks it against its own tables.
 */
export const lookupFields = z.registry<{ lookup: string }>();

/** An ID that must be an entry of lookup `group`. */
export function lookupId(group: string): z.ZodNumber {
  const schema = z.number().int().positive().max(2_147_483_647);
  schema.register(lookupFields, { lookup: group });
  return schema;
}

/** Shared field schemas. */
export const fields = {
  /** Organization and tour IDs; case-insensitive, sent lower-case. */
  uuid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
    .transform((id) => id.toLowerCase()),
  /** Integer record IDs (a 32-bit column). */
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
