/**
 * The success envelope every 2xx carries (`status`, `message`, `data`, and `pagination` on
 * paged reads), validated against the endpoint's schema. A mismatch names the endpoint and
 * the field, so a changed API fails at the call, not deep inside a step.
 */
import { z } from 'zod';
import { ApiResponseShapeError } from './errors.ts';

export const paginationSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  returnedCount: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  truncated: z.boolean().default(false),
  nextOffset: z.number().int().nonnegative().nullable(),
});

/** Paging state reported beside `data`. */
export type Pagination = z.output<typeof paginationSchema>;

const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().default(''),
  // absent when the contract says "data: none": only status and message come back
  data: z.unknown().optional(),
  pagination: paginationSchema.nullish(),
});

/**
 * A whole envelope. When `status` is false the operation did not happen and `data` explains
 * why in an endpoint-specific way (the pass-type delete guard), so it is left unvalidated.
 */
export type RawResult<T> =
  | { status: true; message: string; data: T; pagination: Pagination | undefined }
  | { status: false; message: string; data: unknown; pagination: Pagination | undefined };

/** Formats a zod issue path: `['data', 3, 'day', 'id']` → `data[3].day.id`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  }
  return out || '(root)';
}

function shapeError(endpoint: string, status: number, prefix: PropertyKey[], error: z.ZodError): ApiResponseShapeError {
  const issue = error.issues[0];
  return new ApiResponseShapeError(
    endpoint,
    fieldPath([...prefix, ...(issue?.path ?? [])]),
    issue?.message ?? 'invalid',
    status,
  );
}

/** Parses and validates a 2xx body. */
export function parseEnvelope<T>(endpoint: string, status: number, text: string, data: z.ZodType<T>): RawResult<T> {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiResponseShapeError(endpoint, '(body)', 'the body is not JSON', status);
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw shapeError(endpoint, status, [], envelope.error);
  const { message, pagination } = envelope.data;
  if (!envelope.data.status)
    return { status: false, message, data: envelope.data.data, pagination: pagination ?? undefined };
  const parsed = data.safeParse(envelope.data.data);
  if (!parsed.success) throw shapeError(endpoint, status, ['data'], parsed.error);
  return { status: true, message, data: parsed.data, pagination: pagination ?? undefined };
}
