/**
 * `--inputs` from an Excel workbook (`guests.xlsx`): its first sheet, or the one `--sheet`
 * names, fills one list input as a CSV file does (cli/csv-rows.ts: the same header matching,
 * types and report of every mistake). Cells keep what Excel stored: a date cell is a date, a
 * number a number. Read by read-excel-file, within the size bound of any inputs file; the
 * rows then keep to a run's input size as any input does (cli/payload-size.ts).
 */
import readXlsxFile, { readSheet, type SheetData } from 'read-excel-file/node';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { UserError } from './context.ts';
import { readSpreadsheetBytes, spreadsheetTarget } from './csv-inputs.ts';
import { tableToList, type Cell } from './csv-rows.ts';

/** True for an `--inputs` value that names an Excel workbook (`guests.xlsx` or `guests=guests.xlsx`). */
export function isXlsxInputs(value: string): boolean {
  return /\.xlsx$/i.test(value.trim());
}

/** The sheet's rows, or a UserError naming the sheets there are. */
async function sheetRows(bytes: Buffer, file: string, sheet: string | undefined): Promise<SheetData> {
  try {
    return await readSheet(bytes, sheet ?? 1, { trim: true });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'SheetNotFoundError') {
      const sheets = (await readXlsxFile(bytes)).map((each) => `"${each.sheet}"`).join(', ');
      throw new UserError(`${file}: no sheet "${sheet}" (sheets: ${sheets}); name one with --sheet`);
    }
    if (name === 'InvalidInputError' || name === 'InvalidSpreadsheetError') {
      const old = (error as { code?: string }).code === 'XLS_FILE_NOT_SUPPORTED';
      throw new UserError(`${file}: not an Excel workbook (.xlsx)${old ? ': an old .xls file' : ''}; save it again as "Excel Workbook (.xlsx)" or as "CSV UTF-8"`);
    }
    throw error;
  }
}

/** The rows of an Excel sheet as the value of one list input, checked cell by cell. */
export async function readXlsxInputs(cwd: string, value: string, plan: Pick<Plan, 'inputs'>, sheet?: string): Promise<JsonObject> {
  const { name, input, file } = spreadsheetTarget(value, plan);
  const bytes = await readSpreadsheetBytes(cwd, file);
  const [headers, ...rows] = (await sheetRows(bytes, file, sheet)) as Cell[][];
  if (!headers) throw new UserError(`${file}: the sheet is empty; it needs a header row naming the columns`);
  const table = { headers: headers.map((header) => (header === null ? '' : String(header))), rows: rows.map((cells, r) => ({ row: r + 2, cells })) };
  return { [name]: tableToList(table, name, input, file) };
}
