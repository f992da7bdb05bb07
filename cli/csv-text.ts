/**
 * The text of a CSV file as the spreadsheet program saved it. Excel and LibreOffice save "CSV"
 * in the system's legacy code page (Windows-1252 in Western Europe and the Americas), "CSV
 * UTF-8" with a byte order mark, and "Unicode text" as UTF-16 with one. So: a byte order mark
 * names the encoding (UTF-8, UTF-16 LE or BE); without one, UTF-8 when the bytes are valid
 * UTF-8, else Windows-1252 (which assigns a character to every byte, Latin-1's printable ones
 * included). What cannot be read right is refused naming the line and the fix; no replacement
 * character (U+FFFD) is ever passed on, as it would be stored in place of a guest's name.
 */
import { UserError } from './context.ts';

const REPLACEMENT = '\uFFFD';
const SAVE_AS_UTF8 = 'save it again as "CSV UTF-8"';

/** Byte order marks, longest first, and the encoding each names. */
const BOMS: ReadonlyArray<{ bytes: readonly number[]; encoding: string; name: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8', name: 'UTF-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le', name: 'UTF-16 LE' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be', name: 'UTF-16 BE' },
];

/** The 1-based line of `index` in `text`. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** `bytes` decoded as `encoding`; bytes it cannot decode are refused at their line. */
function decodeStrictly(bytes: Uint8Array, encoding: string, file: string, why: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const lossy = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
    throw new UserError(`${file} line ${lineOf(lossy, lossy.indexOf(REPLACEMENT))} ${why}; ${SAVE_AS_UTF8}`);
  }
}

/** The text of a CSV file's bytes, without its byte order mark; see the module comment. */
export function csvText(bytes: Uint8Array, file: string): string {
  const bom = BOMS.find((mark) => mark.bytes.every((byte, i) => bytes[i] === byte));
  let text: string;
  if (bom) {
    const why = `is not ${bom.name}, though the file starts with the ${bom.name} byte order mark`;
    text = decodeStrictly(bytes.subarray(bom.bytes.length), bom.encoding, file, why);
  } else {
    const nul = bytes.indexOf(0);
    if (nul !== -1) {
      const line = lineOf(Buffer.from(bytes.subarray(0, nul)).toString('latin1'), nul);
      throw new UserError(
        `${file} line ${line} holds NUL bytes: UTF-16 text without a byte order mark, or not a CSV file; ${SAVE_AS_UTF8}`,
      );
    }
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  const lost = text.indexOf(REPLACEMENT);
  if (lost !== -1) {
    throw new UserError(
      `${file} line ${lineOf(text, lost)} holds "${REPLACEMENT}", the mark of characters lost when the file was saved or converted; retype them in the spreadsheet and ${SAVE_AS_UTF8}`,
    );
  }
  return text;
}
