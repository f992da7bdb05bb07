/**
 * Keeping the files tourflow reads and writes inside the worker's folders (`TOURFLOW_INPUT_DIR`,
 * `TOURFLOW_OUTPUT_DIR`). A path is checked as written (no `..` out of the folder) and where it
 * really is, symbolic links followed, against the folder's own real path (the folder itself may
 * be a link, as `/tmp` is on macOS). A path that does not exist yet is where its deepest existing
 * folder really is, then the rest as written: the folders still missing are made there, inside.
 * Links that stay inside are fine. Writers never follow a link at the file itself (they look with
 * `lstat` and create with `O_EXCL`), so one that appears after the check is not written through.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Links followed in a row before a path counts as a loop (Linux's own limit). */
const MAX_LINKS = 40;

/** True when `file` is `root` itself or outside it. */
function notInside(root: string, file: string): boolean {
  const inside = path.relative(root, file);
  return inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside);
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where `file` really is: the real path of its deepest existing part, then the rest as written.
 * A link to a place that does not exist yet is followed to that place; undefined for a loop.
 */
export async function realLocation(file: string, links = 0): Promise<string | undefined> {
  const rest: string[] = [];
  for (let at = path.resolve(file); ;) {
    try {
      return path.join(await realpath(at), ...rest);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || links > MAX_LINKS) return undefined;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      // a link to nothing (yet): where it leads
      if (code === 'ENOENT' && (await exists(at)) && (await lstat(at)).isSymbolicLink()) {
        return realLocation(path.join(path.resolve(path.dirname(at), await readlink(at)), ...rest), links + 1);
      }
      const parent = path.dirname(at);
      if (parent === at) throw error;
      rest.unshift(path.basename(at));
      at = parent;
    }
  }
}

/** How a path leaves its folder: as written (`..`), or through a symbolic link. */
export type Leaves = 'as written' | 'through a link';

/**
 * How `file` leaves `root`, or undefined when it stays inside, as written and where it really
 * is. `root` itself counts as inside only with `rootItself` (a folder argument of `.`).
 */
export async function howItLeaves(root: string, file: string, rootItself = false): Promise<Leaves | undefined> {
  const base = path.resolve(root);
  const target = path.resolve(base, file);
  const outside = (from: string, to: string): boolean => notInside(from, to) && !(rootItself && from === to);
  if (outside(base, target)) return 'as written';
  const real = await realLocation(target);
  if (real === undefined || outside((await realLocation(base)) ?? base, real)) return 'through a link';
  return undefined;
}
