/**
 * `file.download`: an attached file saved into the worker's output folder, as day sheets are.
 * The signed URL is asked for when the step runs and used at once (it lives about five minutes;
 * it is never kept or logged). A file already at the path is never replaced: the same bytes
 * there mean an earlier attempt saved it (done), other content fails the step and stays. A
 * folder, or the file name in it, that is a symbolic link out of the output folder is refused
 * before anything is written (folder-bounds.ts).
 */
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileDownloadArgs } from '../../actions/file/catalogue.ts';
import { getFileDownload } from '../../api/contract/files.ts';
import type { ActionContext } from '../action.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { parseArgs, stepError } from './common.ts';
import { getSigned, safeName } from './day-sheet-files.ts';
import { pickFile } from './file-owners.ts';
import { linkNew, makeFolderOf, viaTemporary } from './file-save.ts';
import { howItLeaves } from './folder-bounds.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/**
 * `folder/name` under `root`, refused when the folder leaves `root` (as written or through a
 * symbolic link) or the name there is a link that leads out of it.
 */
async function targetFile(root: string, folder: string, name: string): Promise<string> {
  const base = path.resolve(root);
  const file = path.resolve(base, folder, safeName(name));
  const folderLeaves = await howItLeaves(base, path.dirname(file), true);
  if (folderLeaves === 'as written')
    throw stepError(`Files are saved inside ${base}; folder "${folder}" points outside it.`);
  if (folderLeaves)
    throw stepError(`Files are saved inside ${base}; folder "${folder}" leads outside it through a symbolic link.`);
  if (await howItLeaves(base, file))
    throw stepError(
      `Files are saved inside ${base}; the file name in folder "${folder}" is a symbolic link that leads outside it.`,
    );
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
  throw stepError(
    `File not saved: ${file} already exists with other content; tourflow never replaces a file. Move or delete it, or give file.download another folder or fileName.`,
    FailureType.FILE_EXISTS,
  );
}

/** Writes the bytes to a new file whole (file-save.ts): never over a file that appeared meanwhile. */
async function saveNew(file: string, bytes: Buffer): Promise<void> {
  await makeFolderOf(file, (folder) =>
    stepError(
      `File not saved: ${folder} already exists and is not a folder. Move or delete it, or give file.download another folder.`,
      FailureType.FILE_EXISTS,
    ),
  );
  if (await sameFileThere(file, bytes)) return;
  await viaTemporary(file, bytes, async (temporary) => {
    // a file that appeared meanwhile with the same bytes is an earlier attempt's; other content fails
    if (!(await linkNew(temporary, file)) && !(await sameFileThere(file, bytes)))
      throw new Error(`File ${file} appeared and went while it was being saved`);
  });
}

/** Runs `file.download`. */
export async function fileDownloadRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, fileDownloadArgs, call.args);
  const file = await pickFile(ctx, args);
  const answer = await ctx.client.call(getFileDownload, {
    params: { tourId: args.tourId, fileId: file.fileId },
    signal: ctx.signal,
  });
  const name = args.fileName ?? answer.fileName ?? file.fileName ?? file.name ?? `file-${file.fileId}`;
  const target = await targetFile(ctx.outputDir, args.folder, name);
  const bytes = await fetchBytes(answer.downloadUrl, name, ctx.signal);
  await saveNew(target, bytes);
  return {
    output: { fileId: file.fileId, path: target, size: bytes.length },
    undo: [],
    tourId: args.tourId,
    describe: `saved file ${name} (${bytes.length} bytes)`,
  };
}
