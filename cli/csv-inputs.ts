/**
 * `--inputs` from a spreadsheet: a CSV file (or an Excel workbook, cli/xlsx-inputs.ts) with a
 * header row fills one list input, a row an element. Headers are matched to the declared fields
 * and every cell checked by cli/csv-rows.ts, which reports all mistakes at once. The file's
 * encoding is found from its bytes (cli/csv-text.ts), and a file too large for a run's input is
 * refused before it is parsed (cli/payload-size.ts).
 */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { INPUTS_LIMITS, readBoundedBytes, sizeProblem } from '../definitions/limits.ts';
import { InputType, type JsonObject, type Plan, type PlanInput } from '../definitions/plan-types.ts';
import { closest } from '../definitions/suggest.ts';
import { UserError } from './context.ts';
import { tableToList, type Table } from './csv-rows.ts';
import { csvText } from './csv-text.ts';
import { csvSizeProblem } from './payload-size.ts';

/** True for an `--inputs` value that names a CSV file (`crew.csv` or `crew=crew.csv`). */
export function isCsvInputs(value: string): boolean {
  return /\.csv$/i.test(value.trim());
}

/** An `--inputs` value split into the list input it names (if any) and the file. */
export function spreadsheetTarget(
  value: string,
  plan: Pick<Plan, 'inputs'>,
): { name: string; input: PlanInput; file: string } {
  const eq = value.indexOf('=');
  const named = eq > 0 ? value.slice(0, eq) : undefined;
  const file = eq > 0 ? value.slice(eq + 1) : value;
  const [name, input] = targetInput(plan, named, file);
  return { name, input, file };
}

/** The bytes of a spreadsheet file, within the size bound of any inputs file. */
export async function readSpreadsheetBytes(cwd: string, file: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    // read to one byte past the bound at most
    bytes = await readBoundedBytes(path.resolve(cwd, file), INPUTS_LIMITS.maxBytes);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new UserError(`${file}: cannot read inputs file: ${reason}`);
  }
  const tooLarge = sizeProblem(bytes, INPUTS_LIMITS);
  if (tooLarge) throw new UserError(`${file}: ${tooLarge.message}`);
  return bytes;
}

/** The list input a spreadsheet fills: the one named, else the playbook's only list input. */
function targetInput(plan: Pick<Plan, 'inputs'>, named: string | undefined, file: string): [string, PlanInput] {
  const lists = Object.entries(plan.inputs).filter(([, input]) => input.type === InputType.list);
  if (named !== undefined) {
    const input = Object.hasOwn(plan.inputs, named) ? plan.inputs[named] : undefined;
    if (input?.type === InputType.list) return [named, input];
    const near = closest(
      named,
      lists.map(([name]) => name),
    );
    throw new UserError(
      `--inputs ${named}=${file}: the playbook has no list input "${named}"${near ? `; did you mean "${near}"?` : ''}`,
    );
  }
  if (lists.length === 1) return lists[0]!;
  const names = lists.map(([name]) => name).join(', ') || 'none';
  throw new UserError(
    `--inputs ${file}: say which list input the rows fill, e.g. --inputs <input>=${file} (list inputs: ${names})`,
  );
}

/** Lines of a file's bytes (a last line without a newline counts); UTF-16's newlines hold one 0x0A byte too. */
function lineCount(bytes: Buffer): number {
  let lines = bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== 0x0a ? 1 : 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines++;
  return lines;
}

/** The rows of a CSV file as the value of one list input, checked cell by cell. */
export async function readCsvInputs(cwd: string, value: string, plan: Pick<Plan, 'inputs'>): Promise<JsonObject> {
  const { name, input, file } = spreadsheetTarget(value, plan);
  const bytes = await readSpreadsheetBytes(cwd, file);
  const tooLargeForARun = await csvSizeProblem(bytes, lineCount(bytes) - 1);
  if (tooLargeForARun) throw new UserError(`${file}: ${tooLargeForARun}`);
  const text = csvText(bytes, file);
  let records: string[][];
  try {
    // blank lines stay records, so that a row's number is the spreadsheet's; csv-rows.ts skips them
    records = parse(text, { trim: true, relax_column_count: true }) as string[][];
  } catch (error) {
    throw new UserError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [headers, ...rows] = records;
  if (!headers) throw new UserError(`${file}: the file is empty; it needs a header row naming the columns`);
  const table: Table = { headers, rows: rows.map((cells, r) => ({ row: r + 2, cells })) };
  return { [name]: tableToList(table, name, input, file) };
}
