/**
 * Request validation with zod: a failure becomes 400 VALIDATION_ERROR whose message names each
 * failing field (`days[0].date: ...`), the way the service reports validation. Bodies are
 * checked against the contract's schemas (`api/contract/`), and the fields the contract marks
 * as lookup IDs against the sandbox's lookup tables.
 */
import type { z } from 'zod';
import { lookupFields } from '../../api/contract/fields.ts';
import { validationError } from '../errors.ts';
import { AGE_RESTRICTIONS, LOOKUPS, type LookupGroup } from '../store/reference-data.ts';

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
    '',
  );
}

/** Parses `value` with `schema` or throws 400 VALIDATION_ERROR naming the fields. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  const result = schema.safeParse(value);
  const issues = result.success ? unknownLookups(schema, result.data) : result.error.issues;
  if (issues.length === 0) return result.data as z.infer<S>;
  const problems = issues.slice(0, 10).map((issue) => {
    const where = fieldPath(issue.path);
    return where ? `${where}: ${issue.message}` : `${what}: ${issue.message}`;
  });
  throw validationError(problems.join('; '));
}

interface Problem {
  path: PropertyKey[];
  message: string;
}

function isKnown(group: string, id: unknown): boolean {
  const table = group === 'ageRestrictions' ? AGE_RESTRICTIONS : LOOKUPS[group as LookupGroup];
  return (table as readonly { id: number }[] | undefined)?.some((entry) => entry.id === id) ?? false;
}

/** The lookup-ID fields (`lookupId` in the contract) of a parsed value whose ID is in no table. */
function unknownLookups(schema: z.ZodType, value: unknown, path: PropertyKey[] = []): Problem[] {
  const group = lookupFields.get(schema)?.lookup;
  if (group !== undefined)
    return value == null || isKnown(group, value) ? [] : [{ path, message: `unknown ${group} ID` }];
  if (value == null) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return unknownLookups(def.innerType as z.ZodType, value, path);
    case 'pipe':
      return unknownLookups(def.out as z.ZodType, value, path);
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((entry, index) => unknownLookups(def.element as z.ZodType, entry, [...path, index]))
        : [];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
        unknownLookups(field, (value as Record<string, unknown>)[key], [...path, key]),
      );
    default:
      return [];
  }
}
