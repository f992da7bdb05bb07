/**
 * `file.download`: an attached file saved into the worker's output folder, as day sheets are.
 * The signed URL is asked for when the step runs and used at once (it lives about five minutes;
 * it is never kept or logged). A file already at the path is never replaced: the same bytes
 * there mean an earlier attempt saved it (done), other content fails the step and stays.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileDownloadArgs } from '../../definitions/actions/files.ts';
import { getFileDownload } from '../api/files.ts';
import type { ActionContext } from '../action.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { parseArgs, stepError } from './common.ts';
import { getSigned, safeName } from './day-sheet-files.ts';
import { pickFile } from './file-owners.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** `folder/name` under `root`, refused when it leaves `root`. */
function targetFile(root: string, folder: string, name: string): string {
  const base = path.resolve(root);
  const file = path.resolve(base, folder, safeName(name));
  const inside = path.relative(base, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) throw stepError(`Files are saved inside ${base}; folder "${folder}" points outside it.`);
  return file;
}

async function fetchBytes(url: string, name: string, signal: AbortSignal): Promise<Buffer> {
  const { status, bytes } = await getSigned(url, `file ${name}`, signal);
  // an expired URL answers 403: the activity's next attempt asks for a fresh one
  if (status !== 200) throw new Error(`Downloading file ${name} answered HTTP ${status}`);
  return bytes;
}

/** True when `file` holds exactly `bytes`; false when nothing is there; fails for anything else. */
async function sameFileThere(file: string, bytes: Buffer): Promise<boolean> {
  let stat;
  try {
    stat = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (stat.isFile() && stat.size === bytes.length && (await readFile(file)).equals(bytes)) return true;
  throw stepError(`File not saved: ${file} already exists with other content; tourflow never replaces a file. Move or delete it, or give file.download another folder or fileName.`, FailureType.FILE_EXISTS);
}

/** Writes the bytes to a new file whole (a temporary file, then a hard link: never over a file that appeared meanwhile). */
async function saveNew(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  if (await sameFileThere(file, bytes)) return;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await sameFileThere(file, bytes))) throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Runs `file.download`. */
export async function fileDownloadRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, fileDownloadArgs, call.args);
  const file = await pickFile(ctx, args);
  const answer = await ctx.client.call(getFileDownload, { params: { tourId: args.tourId, fileId: file.fileId }, signal: ctx.signal });
  const name = args.fileName ?? answer.fileName ?? file.fileName ?? file.name ?? `file-${file.fileId}`;
  const target = targetFile(ctx.outputDir, args.folder, name);
  const bytes = await fetchBytes(answer.downloadUrl, name, ctx.signal);
  await saveNew(target, bytes);
  return { output: { fileId: file.fileId, path: target, size: bytes.length }, undo: [], tourId: args.tourId, describe: `saved file ${name} (${bytes.length} bytes)` };
}
