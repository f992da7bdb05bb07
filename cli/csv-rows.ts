/**
 * A spreadsheet's table (a CSV file's records or an Excel sheet's rows) as the value of one
 * list input. The header row names the columns; a header names a declared field when it
 * matches it without case, accents, spaces or punctuation ("E-mail", "e-mail ", "EMAIL" are
 * `email`; "First name" is `firstName`). When the input declares fields, every column must
 * name one and every required field must have a column; without fields, columns keep their
 * header in camelCase. Every mistake is found before any is reported: the header's, then each
 * bad cell's with its row (as the spreadsheet numbers it: the header is row 1), its column and
 * the form it expects, up to `MAX_PROBLEMS` of them.
 */
import { checkField, isEmptyCell } from '../definitions/inputs.ts';
import type { JsonObject, JsonValue, PlanField, PlanInput } from '../definitions/plan-types.ts';
import { closest } from '../definitions/suggest.ts';
import { UserError } from './context.ts';

/** The most mistakes one report lists; the rest are counted. */
export const MAX_PROBLEMS = 20;

/** One cell as a reader gives it: text, a number, a flag, an Excel date (in UTC), or an empty cell. */
export type Cell = string | number | boolean | Date | null;

/** A table's rows, each with the row number the spreadsheet shows for it. */
export interface Table {
  headers: string[];
  rows: Array<{ row: number; cells: Cell[] }>;
}

/** A header without case, accents, spaces or punctuation: `E-mail ` -> `email`. */
export const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** `First name` -> `firstName`. */
function camelCase(header: string): string {
  const words = header
    .trim()
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word);
  return (
    words
      .map((word, i) =>
        i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1),
      )
      .join('') || header
  );
}

const quoted = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(', ');

/** Column index -> field name (undefined: a column to leave out), and the header's mistakes. */
function columnFields(
  table: Table,
  name: string,
  input: PlanInput,
): { fields: Array<string | undefined>; problems: string[] } {
  const { headers } = table;
  const declared = input.fields ? Object.keys(input.fields) : undefined;
  const blankColumn = (c: number) => headers[c]!.trim() === '' && table.rows.every(({ cells }) => blank(cells[c]));
  const fields = headers.map((header, c) => {
    if (blankColumn(c)) return undefined;
    if (!declared) return camelCase(header);
    return declared.find((field) => fold(field) === fold(header));
  });
  const problems: string[] = [];
  if (declared && fields.every((field) => field === undefined)) {
    // no header names a field: most likely the file starts with a row of data, whose cells are not repeated here
    return {
      fields,
      problems: [
        `row 1 names none of the fields of "${name}" (${quoted(declared)}): the first row must be the header row naming the columns`,
      ],
    };
  }
  const lists = `(columns: ${quoted(headers.filter((_, c) => !blankColumn(c)))}; fields of "${name}": ${quoted(declared ?? [])})`;
  const unmatched = headers.filter((_, c) => declared && fields[c] === undefined && !blankColumn(c));
  const near = (header: string) => closest(fold(header), declared ?? []);
  if (unmatched.length === 1) {
    const [header] = unmatched as [string];
    const guess = near(header);
    problems.push(
      `column "${header}" names no field${guess ? `; did you mean "${guess}"?` : ''} ${lists}; declare it in the playbook or remove the column`,
    );
  } else if (unmatched.length > 1) {
    const named = unmatched
      .map((header) => `"${header}"${near(header) ? ` (did you mean "${near(header)}"?)` : ''}`)
      .join(', ');
    problems.push(`columns ${named} name no field ${lists}; declare them in the playbook or remove them`);
  }

  const missing = (declared ?? []).filter((field) => input.fields![field]!.required && !fields.includes(field));
  if (missing.length > 0) problems.push(`no column for ${quoted(missing)} ${lists}`);
  fields.forEach((field, c) => {
    const first = fields.indexOf(field);
    if (field !== undefined && first !== c)
      problems.push(`columns "${headers[first]}" and "${headers[c]}" both fill "${field}"; rename or remove one`);
  });
  return { fields, problems };
}

/** An Excel date cell as a field of `type` reads it: 2027-04-03, 19:30 (a time of day), else 2027-04-03T19:30. */
function excelDate(date: Date, type: string | undefined): string {
  const iso = date.toISOString();
  if (type === 'time') return iso.slice(11, 16);
  return type === 'date' || iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16);
}

/** A cell as JSON: trimmed text, an Excel date as text, a number kept a number unless the field is text. */
function jsonCell(cell: Cell, type?: string): JsonValue {
  if (cell instanceof Date) return excelDate(cell, type);
  if (typeof cell === 'string') return cell.trim();
  return type === 'string' && cell !== null ? String(cell) : cell;
}

const blank = (cell: Cell | undefined): boolean => isEmptyCell(jsonCell(cell ?? null));

/** The problem of one cell, or its value (undefined: absent). */
function cellValue(field: PlanField | undefined, cell: Cell): { value?: JsonValue; problem?: string } {
  if (!field) return { value: blank(cell) ? undefined : jsonCell(cell) };
  const checked = checkField(field, jsonCell(cell, field.type));
  if (!checked.ok) return { problem: `${checked.message}${checked.hint ? `; ${checked.hint}` : ''}` };
  return 'absent' in checked ? {} : { value: checked.value };
}

/**
 * The row of each element of the list last read from a file (blank rows are skipped, so an
 * element's row is not always its position + 2), by the file as `--inputs` named it: errors
 * of the run name an element by it (`inputSources` in cli/retry.ts).
 */
export const listRows = new Map<string, number[]>();

/** The rows of `table` as the value of list input `name`, every cell checked; a UserError lists every mistake. */
export function tableToList(table: Table, name: string, input: PlanInput, file: string): JsonObject[] {
  const { fields, problems } = columnFields(table, name, input);
  const declared = input.fields ?? {};
  const list: JsonObject[] = [];
  const rows: number[] = [];
  for (const { row, cells } of table.rows) {
    if (cells.every((cell) => blank(cell))) continue;
    if (cells.slice(table.headers.length).some((cell) => !blank(cell))) {
      problems.push(`row ${row}: ${cells.length} cells, but the header row has ${table.headers.length} columns`);
      continue;
    }
    const element: JsonObject = {};
    fields.forEach((field, c) => {
      if (field === undefined) return;
      const { value, problem } = cellValue(
        Object.hasOwn(declared, field) ? declared[field] : undefined,
        cells[c] ?? null,
      );
      if (problem) problems.push(`row ${row}, column "${table.headers[c]}": ${problem}`);
      else if (value !== undefined) element[field] = value;
    });
    for (const [field, declaration] of Object.entries(declared)) {
      if (!fields.includes(field) && declaration.default !== undefined) element[field] = declaration.default;
    }
    list.push(element);
    rows.push(row);
  }
  if (problems.length > 0) throw new UserError(problemsReport(file, problems));
  listRows.set(file, rows);
  return list;
}

/** The report of a file's mistakes: one line each, the first `MAX_PROBLEMS`, and how many more. */
export function problemsReport(file: string, problems: readonly string[]): string {
  if (problems.length === 1) return `${file}: ${problems[0]}`;
  const shown = problems.slice(0, MAX_PROBLEMS).map((problem) => `  ${problem}`);
  const more = problems.length > MAX_PROBLEMS ? [`  … and ${problems.length - MAX_PROBLEMS} more`] : [];
  return [
    `${file}: ${problems.length} mistakes (rows as the spreadsheet numbers them, the header is row 1):`,
    ...shown,
    ...more,
  ].join('\n');
}
