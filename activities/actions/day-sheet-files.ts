/**
 * Where a day sheet is saved and how it gets there: the path template filled with names made
 * safe for any file system, kept inside the output folder, and the PDF fetched from its
 * short-lived URL (the URL itself is never kept or logged). Saving it: day-sheet-save.ts.
 */
import path from 'node:path';
import { request } from 'undici';
import { stepError } from './common.ts';
import { FailureType } from '../../definitions/failure-types.ts';
import { howItLeaves } from './folder-bounds.ts';

/** Longest file or folder name a placeholder turns into, in characters. */
const MAX_NAME = 100;
/** Names Windows reserves whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** A name that is one safe path segment on Linux, macOS and Windows: no separators, controls or reserved characters. */
export function safeName(text: string): string {
  const cleaned = text
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  const short = Array.from(cleaned).slice(0, MAX_NAME).join('').trim();
  if (short === '') return '_';
  return RESERVED.test(short) ? `_${short}` : short;
}

/** What the placeholders of a day sheet path stand for. */
export interface SheetNames {
  tour: string;
  date: string;
  day: string;
  dayId: number;
}

/**
 * The absolute file a day sheet goes to: `folder/path` under `root`, placeholders filled with
 * safe names. A folder or path that would leave `root` is refused.
 */
export function sheetFile(root: string, folder: string, template: string, names: SheetNames): string {
  const values: Record<string, string> = {
    tour: safeName(names.tour),
    date: names.date,
    day: safeName(names.day),
    dayId: String(names.dayId),
  };
  const relative = template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
  const base = path.resolve(root);
  const file = path.resolve(base, folder, relative);
  const inside = path.relative(base, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
    throw stepError(
      `Day sheets are saved inside ${base}; folder "${folder}" with path "${template}" points outside it.`,
      FailureType.INVALID_ARGUMENTS,
    );
  }
  return file;
}

/**
 * `file` (from sheetFile) checked to stay inside `root` where it really is: a folder or file on
 * its path that is a symbolic link out of `root` refuses the step before anything is written.
 */
export async function checkSheetFile(root: string, folder: string, template: string, file: string): Promise<void> {
  if (await howItLeaves(root, file)) {
    throw stepError(
      `Day sheets are saved inside ${path.resolve(root)}; folder "${folder}" with path "${template}" leads outside it through a symbolic link.`,
      FailureType.INVALID_ARGUMENTS,
    );
  }
}

/**
 * GET of a signed storage URL: its status and bytes. A failure to connect names `what`, never
 * the URL (a signed URL is a credential).
 */
export async function getSigned(
  url: string,
  what: string,
  signal: AbortSignal,
): Promise<{ status: number; bytes: Buffer }> {
  try {
    const response = await request(url, { method: 'GET', signal, headersTimeout: 30_000, bodyTimeout: 120_000 });
    return { status: response.statusCode, bytes: Buffer.from(await response.body.arrayBuffer()) };
  } catch (error) {
    throw new Error(`Downloading ${what} failed: ${(error as { code?: string }).code ?? (error as Error).name}`);
  }
}

/** The PDF behind a signed URL, checked to be one. Errors name the day, never the URL. */
export async function downloadPdf(url: string, what: string, signal: AbortSignal): Promise<Buffer> {
  const { status, bytes } = await getSigned(url, `the day sheet of ${what}`, signal);
  if (status !== 200) throw new DownloadError(`Downloading the day sheet of ${what} answered HTTP ${status}`, status);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`The day sheet of ${what} is not a PDF`);
  return bytes;
}

/** A download the server refused, with its status (an expired URL answers 403 or 404). */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}
