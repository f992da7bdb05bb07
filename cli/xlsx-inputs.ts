/**
 * `--inputs` from an Excel workbook (`guests.xlsx`): its first sheet, or the one `--sheet`
 * names, fills one list input as a CSV file does (cli/csv-rows.ts: the same header matching,
 * types and report of every mistake). Cells keep what Excel stored: a date cell is a date, a
 * number a number. Read by read-excel-file, within the size bound of any inputs file, its parts
 * within `XLSX_UNPACKED_LIMIT` unpacked; the rows then keep to a run's input size as any input
 * does (cli/payload-size.ts).
 */
import { unzipSync } from 'fflate';
import readXlsxFile, { readSheet, type SheetData } from 'read-excel-file/node';
import { INPUTS_LIMITS } from '../definitions/limits.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { UserError } from './context.ts';
import { readSpreadsheetBytes, spreadsheetTarget } from './csv-inputs.ts';
import { tableToList, type Cell } from './csv-rows.ts';

/** True for an `--inputs` value that names an Excel workbook (`guests.xlsx` or `guests=guests.xlsx`). */
export function isXlsxInputs(value: string): boolean {
  return /\.xlsx$/i.test(value.trim());
}

/** The most a workbook's parts may unpack to: eight times the bound of any inputs file (256 MiB). */
export const XLSX_UNPACKED_LIMIT = 8 * INPUTS_LIMITS.maxBytes;

const NOT_A_WORKBOOK = 'save it again as "Excel Workbook (.xlsx)" or as "CSV UTF-8"';

/**
 * Refuses a workbook whose parts unpack to more than `XLSX_UNPACKED_LIMIT`, by the sizes its
 * ZIP directory declares, before any part is unpacked: a small file can hold gigabytes.
 */
function checkUnpackedSize(bytes: Buffer, file: string): void {
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (part) => {
        unpacked += part.originalSize;
        return false;
      },
    });
  } catch {
    throw new UserError(`${file}: not an Excel workbook (.xlsx); ${NOT_A_WORKBOOK}`);
  }
  if (unpacked > XLSX_UNPACKED_LIMIT) {
    const mib = (n: number) => `${Math.ceil(n / 1024 / 1024)} MiB`;
    throw new UserError(
      `${file}: the workbook unpacks to ${mib(unpacked)}, more than the ${mib(XLSX_UNPACKED_LIMIT)} tourflow reads; save the guest sheet alone, or split it over several files`,
    );
  }
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
      throw new UserError(
        `${file}: not an Excel workbook (.xlsx)${old ? ': an old .xls file' : ''}; ${NOT_A_WORKBOOK}`,
      );
    }
    throw error;
  }
}

/** The rows of an Excel sheet as the value of one list input, checked cell by cell. */
export async function readXlsxInputs(
  cwd: string,
  value: string,
  plan: Pick<Plan, 'inputs'>,
  sheet?: string,
): Promise<JsonObject> {
  const { name, input, file } = spreadsheetTarget(value, plan);
  const bytes = await readSpreadsheetBytes(cwd, file);
  checkUnpackedSize(bytes, file);
  const [headers, ...rows] = (await sheetRows(bytes, file, sheet)) as Cell[][];
  if (!headers) throw new UserError(`${file}: the sheet is empty; it needs a header row naming the columns`);
  const table = {
    headers: headers.map((header) => (header === null ? '' : String(header))),
    rows: rows.map((cells, r) => ({ row: r + 2, cells })),
  };
  return { [name]: tableToList(table, name, input, file) };
}
