/**
 * Custom fields of schedule items, venues and stays: the inline full replace of creates and
 * updates, and the ADD/UPDATE/REMOVE operations of the custom-field endpoints (only listed
 * fields change). Venues and stays may name a premade field by `templateKey`.
 */
import { notFound, validationError } from '../../errors.ts';
import type { CustomFieldRecord } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import type { CustomFieldOp } from './schemas.ts';

/** A premade field (from the venue or stay field templates). */
export interface PremadeField {
  key: string;
  label: string;
  /** A field whose value comes from another lookup (`field_type: enum`): the values it takes. */
  values?: readonly string[];
}

/** The new set for an inline `customFields` list. */
export function inlineCustomFields(
  store: Store,
  list: Array<{ title: string; description?: string | null | undefined; sortOrder?: number | undefined }>,
): CustomFieldRecord[] {
  return list.map((entry, index) => ({
    id: store.nextId('customField'),
    templateKey: null,
    title: entry.title,
    description: entry.description ?? null,
    sortOrder: entry.sortOrder ?? index,
  }));
}

export interface CustomFieldOptions {
  /** Premade fields this entity accepts; undefined: `templateKey` is not accepted. */
  premade?: readonly PremadeField[];
  /** Premade keys that write somewhere else instead of creating a row (stay confirmation number). */
  redirect?: (key: string, value: string | null) => boolean;
}

function checkOps(fieldsNow: CustomFieldRecord[], ops: CustomFieldOp[], options: CustomFieldOptions): void {
  ops.forEach((op, index) => {
    const where = `fields[${index}]`;
    if (op.templateKey !== undefined && options.premade === undefined)
      throw validationError(`${where}.templateKey: premade fields exist only on venues and stays`);
    if (op.templateKey !== undefined && !options.premade?.some((field) => field.key === op.templateKey)) {
      throw validationError(`${where}.templateKey: unknown premade field "${op.templateKey}"`);
    }
    if (op.operation === 'ADD' && op.title === undefined && op.templateKey === undefined)
      throw validationError(`${where}.title: required for ADD without templateKey`);
    const key = op.operation === 'ADD' ? op.templateKey : fieldsNow.find((field) => field.id === op.id)?.templateKey;
    const values = options.premade?.find((field) => field.key === key)?.values;
    if (values && typeof op.description === 'string' && !values.includes(op.description)) {
      throw validationError(
        `${where}.description: "${op.description}" is not a value of ${key}; one of: ${values.join(', ')}`,
      );
    }
    if (op.operation !== 'ADD') {
      if (op.id === undefined) throw validationError(`${where}.id: required for ${op.operation}`);
      if (!fieldsNow.some((field) => field.id === op.id)) throw notFound(`Custom field ${op.id}`);
    }
  });
}

/** Applies the operations to a field set (checked first: a bad entry changes nothing). */
export function applyCustomFieldOps(
  store: Store,
  fieldsNow: CustomFieldRecord[],
  ops: CustomFieldOp[],
  options: CustomFieldOptions = {},
): CustomFieldRecord[] {
  checkOps(fieldsNow, ops, options);
  let next = fieldsNow.map((field) => ({ ...field }));
  for (const op of ops) {
    if (op.operation === 'REMOVE') {
      next = next.filter((field) => field.id !== op.id);
      continue;
    }
    if (op.operation === 'UPDATE') {
      const field = next.find((row) => row.id === op.id) as CustomFieldRecord;
      if (op.title !== undefined) field.title = op.title;
      if (op.description !== undefined) field.description = op.description;
      if (op.sortOrder !== undefined) field.sortOrder = op.sortOrder;
      continue;
    }
    if (op.templateKey !== undefined && options.redirect?.(op.templateKey, op.description ?? null)) continue;
    const premade = options.premade?.find((field) => field.key === op.templateKey);
    next.push({
      id: store.nextId('customField'),
      templateKey: op.templateKey ?? null,
      title: op.title ?? premade?.label ?? '',
      description: op.description ?? null,
      sortOrder: op.sortOrder ?? next.length,
    });
  }
  return next;
}
