/**
 * Path ID validation: every path parameter is checked before the request goes further, and a
 * malformed one answers 400 VALIDATION_ERROR naming the parameter.
 */
import { validationError } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT = /^[1-9][0-9]{0,9}$/;
const STRING_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_INT = 2_147_483_647;

type ParamKind = 'uuid' | 'int' | 'string';

/** The kind of every path parameter the endpoints use. */
const PARAM_KINDS: Record<string, ParamKind> = {
  tourId: 'uuid',
  orgId: 'uuid',
  dayId: 'int',
  itemId: 'int',
  venueId: 'int',
  accommodationId: 'int',
  roomAssignmentId: 'int',
  tagId: 'int',
  templateId: 'int',
  passTypeId: 'int',
  guestListId: 'int',
  keyContactId: 'int',
  fileId: 'int',
  bulletinId: 'string',
};

/** Checks one raw path parameter; returns the parsed value. */
export function parsePathParam(name: string, raw: string): string | number {
  const kind = PARAM_KINDS[name] ?? 'string';
  if (kind === 'uuid') {
    if (!UUID.test(raw)) throw validationError(`Path parameter "${name}" must be a UUID`);
    return raw.toLowerCase();
  }
  if (kind === 'int') {
    const value = INT.test(raw) ? Number(raw) : NaN;
    if (!(value <= MAX_INT)) throw validationError(`Path parameter "${name}" must be a positive integer`);
    return value;
  }
  if (!STRING_ID.test(raw)) throw validationError(`Path parameter "${name}" is malformed`);
  return raw;
}

/** Validates and parses every path parameter of a request. */
export function parsePathParams(raw: Record<string, string>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(raw)) out[name] = parsePathParam(name, value);
  return out;
}
