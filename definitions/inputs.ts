/**
 * Playbook inputs: declarations checked at compile time, values resolved per run (defaults
 * applied, `--input k=v` strings converted to the declared type, required ones enforced).
 */
import { clockTime } from './actions/vocabulary.ts';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import type { InputDocument } from './format.ts';
import { planField, readDate } from './inputs-fields.ts';
import { describeValue } from './issues.ts';
import { forbiddenJsonKey, forbiddenKeyMessage, INPUTS_LIMITS, jsonDepthProblem } from './limits.ts';
import { InputType, type JsonObject, type JsonValue, type Plan, type PlanField, type PlanInput } from './plan-types.ts';
import type { PlaybookSource } from './source.ts';
import { closest, suggestion } from './suggest.ts';

type Checked = { ok: true; value: JsonValue } | { ok: false; message: string; hint?: string };

/** Checks (and, for strings from the command line, converts) one value against its declaration. */
export function checkInputValue(
  input: Pick<PlanInput, 'type' | 'values' | 'items' | 'fields' | 'format'>,
  value: JsonValue,
): Checked {
  return checkAs(input.type, input, value);
}

type Declared = Pick<PlanInput, 'values' | 'items' | 'fields' | 'format'>;

function checkAs(type: InputType, input: Declared, value: JsonValue): Checked {
  const fail = (expected: string, hint?: string): Checked => ({
    ok: false,
    message: `expected ${expected}, got ${describeValue(value)}`,
    hint,
  });
  switch (type) {
    case InputType.string:
      return typeof value === 'string' ? { ok: true, value } : fail('a string');
    case InputType.number: {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) ? { ok: true, value: number } : fail('a number');
    }
    case InputType.boolean: {
      const flag = typeof value === 'string' ? BOOLEANS[value.toLowerCase()] : value;
      return typeof flag === 'boolean' ? { ok: true, value: flag } : fail('true or false');
    }
    case InputType.date: {
      const date = readDate(value, input.format);
      return date.ok ? { ok: true, value: date.value } : fail(date.expected, date.hint);
    }
    case InputType.time:
      return clockTime.safeParse(value).success ? { ok: true, value } : fail('a time like "19:30"');
    case InputType.enum: {
      const values = input.values ?? [];
      if (typeof value === 'string' && values.includes(value)) return { ok: true, value };
      const near = typeof value === 'string' ? closest(value, values) : undefined;
      return fail(`one of ${values.join(', ')}`, near ? `did you mean "${near}"?` : undefined);
    }
    case InputType.list:
      return checkList(input, value);
  }
}

const BOOLEANS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

/** True for a value that leaves a field empty: absent, null, or a blank cell. */
export const isEmptyCell = (value: JsonValue | undefined): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * One field of an element: its value converted to the field's type; for an empty value, its
 * default, or `absent` when optional, or a mistake when required.
 */
export function checkField(field: PlanField, value: JsonValue | undefined): Checked | { ok: true; absent: true } {
  if (isEmptyCell(value)) {
    if (field.default !== undefined) return { ok: true, value: field.default };
    return field.required ? { ok: false, message: 'empty, but the field is required' } : { ok: true, absent: true };
  }
  return checkAs(field.type, field, typeof value === 'string' ? value.trim() : value!);
}

/** An element of a list input with `fields`: an object with each field, converted to its type; other fields kept. */
export function checkFields(fields: Record<string, PlanField>, value: JsonValue): Checked {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return {
      ok: false,
      message: `expected an object with ${Object.keys(fields).join(', ')}, got ${describeValue(value)}`,
    };
  const out: JsonObject = { ...value };
  for (const [name, field] of Object.entries(fields)) {
    const checked = checkField(field, value[name]);
    if (!checked.ok)
      return {
        ...checked,
        message: isEmptyCell(value[name]) ? `field "${name}" is missing` : `field "${name}": ${checked.message}`,
      };
    if ('absent' in checked) delete out[name];
    else out[name] = checked.value;
  }
  return { ok: true, value: out };
}

function checkList(input: Declared, value: JsonValue): Checked {
  let list = value;
  if (typeof value === 'string') {
    const json = value.trim().startsWith('[');
    // a list given as JSON on the command line keeps to an inputs file's bounds
    const deep = json ? jsonDepthProblem(value, { ...INPUTS_LIMITS, what: 'an input' }) : undefined;
    if (deep) return { ok: false, message: deep.message.replace(' here,', ',') };
    try {
      list = json ? (JSON.parse(value) as JsonValue) : value.split(',').map((part) => part.trim());
    } catch {
      return { ok: false, message: 'expected a JSON list or comma-separated values' };
    }
    if (forbiddenJsonKey(list)) return { ok: false, message: forbiddenKeyMessage() };
  }
  if (!Array.isArray(list)) return { ok: false, message: `expected a list, got ${describeValue(value)}` };
  if (!input.items && !input.fields) return { ok: true, value: list };
  const out: JsonValue[] = [];
  for (const [index, item] of list.entries()) {
    const checked = input.fields ? checkFields(input.fields, item) : checkAs(input.items!, input, item);
    if (!checked.ok) return { ...checked, message: `item ${index + 1}: ${checked.message}` };
    out.push(checked.value);
  }
  return { ok: true, value: out };
}

/** A declaration as it goes into the plan; mistakes in it are errors at its place. */
export function compileInput(
  name: string,
  document: InputDocument,
  source: PlaybookSource,
  errors: PlaybookError[],
): PlanInput {
  const base = ['inputs', name];
  const at = (field: string) => ({ file: source.file, ...source.place([...base, field]) });
  if (document.type === InputType.enum && !document.values) {
    errors.push(
      new PlaybookError(PlaybookErrorCode.missingField, `input "${name}" is an enum: list its "values"`, {
        file: source.file,
        ...source.place(base, 'key'),
      }),
    );
  }
  if (document.values && document.type !== InputType.enum && document.items !== InputType.enum) {
    errors.push(
      new PlaybookError(PlaybookErrorCode.invalidField, `"values" only applies to enum inputs`, at('values')),
    );
  }
  if (document.items && document.type !== InputType.list) {
    errors.push(new PlaybookError(PlaybookErrorCode.invalidField, `"items" only applies to list inputs`, at('items')));
  }
  if (document.fields && (document.type !== InputType.list || document.items)) {
    errors.push(
      new PlaybookError(
        PlaybookErrorCode.invalidField,
        `"fields" only applies to list inputs without "items"`,
        at('fields'),
      ),
    );
  }
  if (document.format && document.type !== InputType.date && document.items !== InputType.date && !document.fields) {
    errors.push(
      new PlaybookError(
        PlaybookErrorCode.invalidField,
        `"format" only applies to date inputs and lists of dates or with date fields`,
        at('format'),
      ),
    );
  }
  const fields = document.fields ? compileFields(name, document, source, errors) : undefined;
  const input: PlanInput = {
    type: document.type,
    required: document.required ?? document.default === undefined,
    ...(document.values ? { values: document.values } : {}),
    ...(document.items ? { items: document.items } : {}),
    ...(fields ? { fields } : {}),
    ...(document.format && document.format !== 'YYYY-MM-DD' ? { format: document.format } : {}),
    ...(document.description ? { description: document.description } : {}),
    source: { file: source.file, ...pick(source.place(base, 'key')) },
  };
  if (document.default !== undefined && (document.type !== InputType.enum || document.values)) {
    const checked = checkInputValue(input, document.default as JsonValue);
    if (checked.ok) input.default = checked.value;
    else
      errors.push(
        new PlaybookError(PlaybookErrorCode.inputInvalid, `default of input "${name}": ${checked.message}`, {
          ...at('default'),
          hint: checked.hint,
        }),
      );
  }
  return input;
}

/** The fields of a list input as the plan holds them; a default of the wrong type, or a date format on another type, is an error at its place. */
function compileFields(
  name: string,
  document: InputDocument,
  source: PlaybookSource,
  errors: PlaybookError[],
): Record<string, PlanField> {
  const fields: Record<string, PlanField> = {};
  for (const [fieldName, declared] of Object.entries(document.fields ?? {})) {
    const at = (key: string) => ({ file: source.file, ...source.place(['inputs', name, 'fields', fieldName, key]) });
    const field = planField(declared, document.format);
    if (typeof declared !== 'string' && declared.format && declared.type !== InputType.date) {
      errors.push(
        new PlaybookError(
          PlaybookErrorCode.invalidField,
          `field "${fieldName}" of input "${name}": "format" only applies to date fields`,
          at('format'),
        ),
      );
    }
    if (field.default !== undefined) {
      const checked = checkAs(field.type, field, field.default);
      if (checked.ok) field.default = checked.value;
      else
        errors.push(
          new PlaybookError(
            PlaybookErrorCode.inputInvalid,
            `default of field "${fieldName}" of input "${name}": ${checked.message}`,
            { ...at('default'), hint: checked.hint },
          ),
        );
    }
    fields[fieldName] = field;
  }
  return fields;
}

function pick(place: { line: number; column: number }): { line: number; column: number } {
  return { line: place.line, column: place.column };
}

/** Result of resolving a run's inputs: values by name, or one line per mistake. */
export interface ResolvedInputs {
  inputs: JsonObject;
  errors: string[];
}

/** One mistake in a run's inputs, by input name. */
export interface InputProblem {
  name: string;
  message: string;
}

/**
 * The inputs of a run: given values checked and converted (strings from `--input k=v` become
 * the declared type), defaults applied, required ones enforced. Unknown names are mistakes.
 */
export function resolveInputs(plan: Pick<Plan, 'inputs'>, raw: Record<string, string | JsonValue>): ResolvedInputs {
  const { inputs, problems } = inputProblems(plan, raw);
  return { inputs, errors: problems.map((problem) => problem.message) };
}

/** `resolveInputs` with each mistake tied to its input name. */
export function inputProblems(
  plan: Pick<Plan, 'inputs'>,
  raw: Record<string, string | JsonValue>,
): { inputs: JsonObject; problems: InputProblem[] } {
  const inputs: JsonObject = {};
  const problems: InputProblem[] = [];
  const names = Object.keys(plan.inputs);
  for (const [name, value] of Object.entries(raw)) {
    // own names only: `constructor` or `toString` is not an input because every object has one
    const input = Object.hasOwn(plan.inputs, name) ? plan.inputs[name] : undefined;
    if (!input) {
      const hint = suggestion(name, names, 'inputs');
      problems.push({
        name,
        message: `unknown input "${name}"${hint ? `; ${hint}` : names.length === 0 ? '; the playbook takes no inputs' : ''}`,
      });
      continue;
    }
    const checked = checkInputValue(input, value);
    if (checked.ok) inputs[name] = checked.value;
    else
      problems.push({ name, message: `input "${name}": ${checked.message}${checked.hint ? `; ${checked.hint}` : ''}` });
  }
  for (const [name, input] of Object.entries(plan.inputs)) {
    if (Object.hasOwn(raw, name)) continue;
    if (input.default !== undefined) inputs[name] = input.default;
    else if (input.required)
      problems.push({ name, message: `input "${name}" is required: pass --input ${name}=<${input.type}>` });
  }
  return { inputs, problems };
}
