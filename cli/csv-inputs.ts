/**
 * `--inputs` from a spreadsheet: a CSV file with a header row becomes one list input, a row an
 * object whose fields are the columns. A header names a declared field when it matches it
 * without case, spaces, `_` or `-` (`First name` is `firstName`); other columns keep their
 * header in camelCase. Declared fields are converted to their type and checked cell by cell,
 * and a mistake names the file, the row (as a spreadsheet numbers it: the header is row 1) and
 * the column. The file's encoding is found from its bytes (cli/csv-text.ts), and a file too
 * large for a run's input is refused before it is parsed (cli/payload-size.ts).
 */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { checkInputValue } from '../definitions/inputs.ts';
import { INPUTS_LIMITS, readBoundedBytes, sizeProblem } from '../definitions/limits.ts';
import { InputType, type JsonObject, type Plan, type PlanInput } from '../definitions/plan-types.ts';
import { closest } from '../definitions/suggest.ts';
import { UserError } from './context.ts';
import { csvText } from './csv-text.ts';
import { csvSizeProblem } from './payload-size.ts';

/** True for an `--inputs` value that names a CSV file (`crew.csv` or `crew=crew.csv`). */
export function isCsvInputs(value: string): boolean {
  return /\.csv$/i.test(value.trim());
}

const fold = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** `First name` -> `firstName`. */
function camelCase(header: string): string {
  const words = header.trim().split(/[^A-Za-z0-9]+/).filter((word) => word);
  return words.map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1))).join('') || header;
}

/** The list input a CSV fills: the one named, else the playbook's only list input. */
function targetInput(plan: Pick<Plan, 'inputs'>, named: string | undefined, file: string): [string, PlanInput] {
  const lists = Object.entries(plan.inputs).filter(([, input]) => input.type === InputType.list);
  if (named !== undefined) {
    const input = Object.hasOwn(plan.inputs, named) ? plan.inputs[named] : undefined;
    if (input?.type === InputType.list) return [named, input];
    const near = closest(named, lists.map(([name]) => name));
    throw new UserError(`--inputs ${named}=${file}: the playbook has no list input "${named}"${near ? `; did you mean "${near}"?` : ''}`);
  }
  if (lists.length === 1) return lists[0]!;
  const names = lists.map(([name]) => name).join(', ') || 'none';
  throw new UserError(`--inputs ${file}: say which list input the rows fill, e.g. --inputs <input>=${file} (list inputs: ${names})`);
}

/** Column index -> field name, from the header row. */
function columnFields(headers: string[], input: PlanInput, file: string): string[] {
  const declared = Object.keys(input.fields ?? {});
  const fields = headers.map((header) => declared.find((field) => fold(field) === fold(header)) ?? camelCase(header));
  const missing = declared.filter((field) => !fields.includes(field));
  if (missing.length > 0) {
    throw new UserError(`${file}: no column for ${missing.map((field) => `"${field}"`).join(', ')} (columns: ${headers.map((h) => `"${h}"`).join(', ')})`);
  }
  const twice = fields.findIndex((field, c) => fields.indexOf(field) !== c);
  if (twice !== -1) {
    const first = headers[fields.indexOf(fields[twice]!)];
    throw new UserError(`${file}: columns "${first}" and "${headers[twice]}" both fill "${fields[twice]}"; rename or remove one`);
  }
  return fields;
}

/** Lines of a file's bytes (a last line without a newline counts); UTF-16's newlines hold one 0x0A byte too. */
function lineCount(bytes: Buffer): number {
  let lines = bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== 0x0a ? 1 : 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines++;
  return lines;
}

/** The rows of a CSV file as the value of one list input, checked cell by cell. */
export async function readCsvInputs(cwd: string, value: string, plan: Pick<Plan, 'inputs'>): Promise<JsonObject> {
  const eq = value.indexOf('=');
  const named = eq > 0 ? value.slice(0, eq) : undefined;
  const file = eq > 0 ? value.slice(eq + 1) : value;
  const [name, input] = targetInput(plan, named, file);
  let bytes: Buffer;
  try {
    // Within the size bound of any inputs file: read to one byte past it at most.
    bytes = await readBoundedBytes(path.resolve(cwd, file), INPUTS_LIMITS.maxBytes);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    throw new UserError(`${file}: cannot read inputs file: ${reason}`);
  }
  const tooLarge = sizeProblem(bytes, INPUTS_LIMITS);
  if (tooLarge) throw new UserError(`${file}: ${tooLarge.message}`);
  const tooLargeForARun = await csvSizeProblem(bytes, lineCount(bytes) - 1);
  if (tooLargeForARun) throw new UserError(`${file}: ${tooLargeForARun}`);
  const text = csvText(bytes, file);
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: false }) as string[][];
  } catch (error) {
    throw new UserError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [headers, ...rows] = records;
  if (!headers) throw new UserError(`${file}: the file is empty; it needs a header row naming the columns`);
  const fields = columnFields(headers, input, file);
  const types = input.fields ?? {};
  const list = rows.map((cells, r) => {
    const row: JsonObject = {};
    cells.forEach((cell, c) => {
      const field = fields[c]!;
      const type = Object.hasOwn(types, field) ? types[field] : undefined;
      if (cell === '' && type === undefined) return;
      const where = `${file} row ${r + 2}, column "${headers[c]}"`;
      if (cell === '') throw new UserError(`${where}: empty, but "${field}" is needed`);
      const checked = type ? checkInputValue({ type }, cell) : { ok: true as const, value: cell };
      if (!checked.ok) throw new UserError(`${where}: ${checked.message}${checked.hint ? `; ${checked.hint}` : ''}`);
      row[field] = checked.value;
    });
    return row;
  });
  return { [name]: list };
}
