/**
 * `file.upload`: one storage key from a public URL (the API fetches it), from bytes in the
 * playbook (inline, 256 KB), or from a file of the worker's input folder (an upload ticket, then
 * the bytes PUT to its signed URL). A playbook names input files relative to that folder only;
 * a path that leaves it, through `..` or a symbolic link, is refused.
 */
import { constants } from 'node:fs';
import { lstat, open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import {
  FILE_UPLOAD_LIMIT,
  fileUploadArgs,
  INLINE_UPLOAD_LIMIT,
  type FileUploadArgs,
} from '../../actions/file/catalogue.ts';
import { CONTENT_TYPE_BY_EXTENSION, contentTypeOfName } from '../../api/contract/content-types.ts';
import {
  createAttachmentFromUrl,
  createUploadTicket,
  uploadFileContent,
  type UploadTicket,
} from '../../api/contract/files.ts';
import type { ActionContext } from '../action.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { parseArgs, stepError } from './common.ts';
import { howItLeaves } from './folder-bounds.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** How a file reaches a worker that cannot read it: the two ways, for its errors. */
const PUT_IT_THERE =
  'Copy the file into that folder on the machine the worker runs on, or give "localFile" with its path on the machine that runs `tourflow run`, which carries it into the run (up to 1 MiB).';

/** What an upload made. */
interface Uploaded {
  key: string;
  fileName: string;
  size: number | null;
  contentType: string | null;
}

function typeOf(args: FileUploadArgs, fileName: string): string {
  const type = args.contentType ?? contentTypeOfName(fileName);
  if (type === undefined) {
    const known = Object.keys(CONTENT_TYPE_BY_EXTENSION).join(', ');
    throw stepError(
      `file.upload: the type of "${fileName}" is not known from its extension; give contentType, or a name ending in one of ${known}.`,
    );
  }
  return type;
}

/** The file `relative` names inside `root` (links resolved, none leading out of it) and its size. */
export async function inputFile(root: string, relative: string): Promise<{ real: string; size: number }> {
  const base = path.resolve(root);
  const leaves = await howItLeaves(base, relative);
  if (leaves === 'as written')
    throw stepError(`file.upload reads files inside ${base} only; "${relative}" points outside it.`);
  if (leaves)
    throw stepError(
      `file.upload reads files inside ${base} only; "${relative}" leads outside it through a symbolic link.`,
    );
  let real: string;
  let stat;
  try {
    real = await realpath(path.resolve(base, relative));
    stat = await lstat(real);
  } catch {
    throw stepError(
      `file.upload: there is no file "${relative}" in the worker's input folder ${base} (TOURFLOW_INPUT_DIR). ${PUT_IT_THERE}`,
    );
  }
  if (!stat.isFile()) throw stepError(`file.upload: "${relative}" in ${base} is not a regular file.`);
  return { real, size: stat.size };
}

/**
 * PUTs the file to a ticket's signed URL with its headers exactly, read as it is sent (never
 * whole in memory; a link that appeared since the check is not followed); the status storage
 * answers. A file that changed size since fails against the signed length.
 */
async function putFile(
  ticket: UploadTicket,
  file: { real: string; size: number } | Buffer,
  fileName: string,
  signal: AbortSignal,
): Promise<number> {
  let handle: FileHandle | undefined;
  try {
    let body: Buffer | ReturnType<FileHandle['createReadStream']>;
    if (Buffer.isBuffer(file)) body = file;
    else {
      handle = await open(file.real, constants.O_RDONLY | constants.O_NOFOLLOW);
      body = file.size === 0 ? Buffer.alloc(0) : handle.createReadStream({ start: 0, end: file.size - 1 });
    }
    const response = await request(ticket.uploadUrl, {
      method: 'PUT',
      headers: ticket.headers,
      body,
      signal,
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
    await response.body.dump();
    return response.statusCode;
  } catch (error) {
    // the signed URL is a credential: the error names the file, never the URL
    throw new Error(
      `file.upload: sending "${fileName}" to storage failed: ${(error as { code?: string }).code ?? (error as Error).name}`,
    );
  } finally {
    await handle?.close();
  }
}

async function fromFile(args: FileUploadArgs, ctx: ActionContext): Promise<Uploaded> {
  const file = await inputFile(ctx.inputDir, args.file!);
  // refused by its size, before a byte is read
  if (file.size > FILE_UPLOAD_LIMIT)
    throw stepError(
      `file.upload: "${args.file}" has ${file.size} bytes; the API takes at most ${FILE_UPLOAD_LIMIT} (25 MB).`,
    );
  return byTicket(args, ctx, file, args.fileName ?? path.basename(file.real), file.size);
}

/** The bytes of a file or a buffer, sent by an upload ticket: for what an inline upload cannot take. */
async function byTicket(
  args: FileUploadArgs,
  ctx: ActionContext,
  file: { real: string; size: number } | Buffer,
  fileName: string,
  size: number,
): Promise<Uploaded> {
  const contentType = typeOf(args, fileName);
  const body = { fileName, contentType, contentLength: size };
  const ticketFor = (n: number) =>
    ctx.client.call(createUploadTicket, {
      params: { tourId: args.tourId },
      body,
      idempotencyKey: ctx.key(n),
      signal: ctx.signal,
    });
  let ticket = await ticketFor(1);
  let status = await putFile(ticket, file, fileName, ctx.signal);
  // An attempt long after the first gets the first ticket back by its key, expired by now
  // (storage answers 403): a second ticket, under a key of its own, carries the bytes instead.
  if (status === 403) {
    ticket = await ticketFor(2);
    status = await putFile(ticket, file, fileName, ctx.signal);
  }
  if (status < 200 || status > 299)
    throw stepError(`file.upload: storage refused "${fileName}" (HTTP ${status}).`, FailureType.UPLOAD_REFUSED);
  return { key: ticket.key, fileName, size, contentType };
}

async function fromBytes(args: FileUploadArgs, ctx: ActionContext): Promise<Uploaded> {
  const fileName = args.fileName!;
  const bytes = args.text !== undefined ? Buffer.from(args.text, 'utf8') : Buffer.from(args.base64!, 'base64');
  // more than an inline upload takes (a file `tourflow run` carried, up to 1 MiB): by a ticket
  if (bytes.length > INLINE_UPLOAD_LIMIT) return byTicket(args, ctx, bytes, fileName, bytes.length);
  const body = { fileName, contentType: typeOf(args, fileName), contentBase64: bytes.toString('base64') };
  const data = await ctx.client.call(uploadFileContent, {
    params: { tourId: args.tourId },
    body,
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
  return {
    key: data.key,
    fileName: data.fileName ?? fileName,
    size: data.fileSizeBytes ?? bytes.length,
    contentType: data.contentType ?? body.contentType,
  };
}

async function fromUrl(args: FileUploadArgs, ctx: ActionContext): Promise<Uploaded> {
  const body = { url: args.url!, ...(args.fileName !== undefined ? { fileName: args.fileName } : {}) };
  const data = await ctx.client.call(createAttachmentFromUrl, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  const fileName = data.fileName ?? args.fileName ?? path.posix.basename(new URL(args.url!).pathname);
  return { key: data.link, fileName, size: data.fileSize ?? null, contentType: contentTypeOfName(fileName) ?? null };
}

/** Runs `file.upload`. Nothing to undo: a stored file no record holds is listed nowhere, and the contract has no call to delete one. */
export async function fileUploadRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, fileUploadArgs, call.args);
  if (args.localFile !== undefined) {
    // `tourflow run` turns it into bytes; a run started otherwise still has the path
    throw stepError(
      `file.upload: "localFile" ${args.localFile} is read by \`tourflow run\` on its machine, and this run was started otherwise (a schedule, a trigger, an included playbook). Copy the file into the worker's input folder ${path.resolve(ctx.inputDir)} (TOURFLOW_INPUT_DIR) on the machine it runs on and give "file" with its path there.`,
    );
  }
  const uploaded =
    args.url !== undefined
      ? await fromUrl(args, ctx)
      : args.file !== undefined
        ? await fromFile(args, ctx)
        : await fromBytes(args, ctx);
  const size = uploaded.size === null ? '' : ` (${uploaded.size} bytes)`;
  return { output: { ...uploaded }, undo: [], tourId: args.tourId, describe: `uploaded ${uploaded.fileName}${size}` };
}
