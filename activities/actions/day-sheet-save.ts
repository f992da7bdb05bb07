/**
 * Saving a day sheet without ever replacing a file tourflow did not write. Each sheet tourflow
 * saves carries a mark in its PDF document information, the entry `/TourflowDaySheet`; a file
 * already at the sheet's path is replaced only when it is a regular file, a PDF, and carries
 * that mark. Anything else there (a README, a PDF from elsewhere, a folder, a link) stops the
 * step with a non-retryable error naming the path, and is left as it was.
 *
 * The mark is tourflow's own entry rather than the Producer or Creator: those name the program
 * that rendered the PDF (the Tour API's renderer, or whichever library wrote it), not
 * who saved it here, and tourflow leaves them as the API wrote them.
 */
import { lstat, readFile, rename } from 'node:fs/promises';
import type * as PdfLibModule from '@pdfme/pdf-lib';
import type { PDFDict, PDFDocument } from '@pdfme/pdf-lib';
import { stepError } from './common.ts';
import { linkNew, makeFolderOf, viaTemporary } from './file-save.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** The document-information entry that marks a PDF as a day sheet tourflow saved. */
export const SHEET_MARK = 'TourflowDaySheet';
/** A file larger than this at a sheet's path is not read: no day sheet is that large. */
const LARGEST_SHEET_BYTES = 64 * 1024 * 1024;

type PdfLib = typeof PdfLibModule;
let pdfLib: Promise<PdfLib> | undefined;

/**
 * The PDF library, loaded with the first sheet a worker saves or checks, not when the worker
 * starts: a worker that renders no day sheet (one that only watches tours, say) does not carry
 * 5 to 11 MB of code and font metrics (docs/performance.md, "The PDF library loaded when needed").
 */
function loadPdfLib(): Promise<PdfLib> {
  return (pdfLib ??= import('@pdfme/pdf-lib'));
}

function infoOf({ PDFDict }: PdfLib, doc: PDFDocument): PDFDict {
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (info instanceof PDFDict) return info;
  const created = doc.context.obj({});
  doc.context.trailerInfo.Info = doc.context.register(created);
  return created;
}

/**
 * The PDF with tourflow's mark in its document information, its other metadata untouched;
 * undefined when it cannot be read (the sheet is then saved as it came, unmarked). It is written
 * back without object streams: the pages' content streams stay as the API compressed them, and
 * only the small dictionaries are not deflated again, which was most of the time a sheet took to
 * save (docs/performance.md, "Day sheets marked without object streams").
 */
export async function markSheet(bytes: Uint8Array): Promise<Buffer | undefined> {
  const lib = await loadPdfLib();
  try {
    const doc = await lib.PDFDocument.load(bytes, { updateMetadata: false });
    infoOf(lib, doc).set(lib.PDFName.of(SHEET_MARK), lib.PDFString.of('daySheet.render'));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  } catch {
    return undefined;
  }
}

/** True when the PDF carries tourflow's mark. */
export async function isMarkedSheet(bytes: Uint8Array): Promise<boolean> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return false;
  const lib = await loadPdfLib();
  try {
    const doc = await lib.PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return infoOf(lib, doc).has(lib.PDFName.of(SHEET_MARK));
  } catch {
    return false;
  }
}

/** What is at a sheet's path: nothing, a day sheet tourflow saved, or the reason to keep it. */
async function existing(file: string): Promise<'none' | 'ours' | { keep: string }> {
  let stat;
  try {
    stat = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
  if (stat.isDirectory()) return { keep: 'it is a folder' };
  if (stat.isSymbolicLink()) return { keep: 'it is a symbolic link' };
  if (!stat.isFile()) return { keep: 'it is not a regular file' };
  if (stat.size > LARGEST_SHEET_BYTES || !(await isMarkedSheet(await readFile(file))))
    return { keep: 'it is not a day sheet tourflow saved' };
  return 'ours';
}

function refusal(file: string, reason: string): Error {
  return stepError(
    `Day sheet not saved: ${file} already exists and ${reason}; tourflow replaces only the day sheets it saved itself. Move or delete that file, or give daySheet.render another folder or path.`,
    FailureType.FILE_NOT_A_TOURFLOW_SHEET,
  );
}

/**
 * Writes a day sheet whole (file-save.ts), replacing only a day sheet tourflow saved: over its
 * own sheet by a rename, where there was no file by a link that fails if one appeared since.
 */
export async function saveSheet(file: string, bytes: Buffer): Promise<void> {
  await makeFolderOf(file, (folder) => refusal(folder, 'is not a folder'));
  await viaTemporary(file, bytes, async (temporary) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await existing(file);
      if (found === 'ours') return await rename(temporary, file);
      if (found !== 'none') throw refusal(file, found.keep);
      if (await linkNew(temporary, file)) return;
    }
    throw refusal(file, 'another program keeps writing it');
  });
}
