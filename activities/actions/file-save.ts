/**
 * Saving a new file whole, as `file.download` and `daySheet.render` both do: the bytes go to a
 * temporary file beside it first (a reader never sees half a file), then into place with a hard
 * link, which fails instead of replacing a file that appeared since the caller looked. On a
 * file system without hard links (some network and FAT ones) a rename puts it in place instead,
 * just after the check.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Makes the folder a file goes to; `notAFolder` is the error when a file stands where a folder of its path should be. */
export async function makeFolderOf(file: string, notAFolder: (folder: string) => Error): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notAFolder(path.dirname(file));
    throw error;
  }
}

/** Writes `bytes` to a new temporary file beside `file`, runs `place` with it, and removes what is left. */
export async function viaTemporary<T>(
  file: string,
  bytes: Buffer,
  place: (temporary: string) => Promise<T>,
): Promise<T> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  try {
    return await place(temporary);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Puts the temporary file where there was no file; false when one appeared in the meantime. */
export async function linkNew(temporary: string, file: string): Promise<boolean> {
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // no hard links on this file system: a rename, just after the check
    await rename(temporary, file);
    return true;
  }
}
