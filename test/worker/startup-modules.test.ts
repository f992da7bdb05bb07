/**
 * What a worker loads when it starts: the activities and the worker's own modules, without the
 * PDF library, which comes with the first day sheet a worker saves or checks. A worker that
 * renders no sheet (one that only watches tours) does not carry it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A hook that lists every module a process loads, printed when it ends. */
const LIST_MODULES = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => process.stdout.write(JSON.stringify(loaded)));
`)}`;

async function modulesLoadedBy(code: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', LIST_MODULES, '--import', 'tsx', '--input-type=module', '-e', code],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as string[];
}

describe('a worker at start', () => {
  it('loads its activities and worker modules without the PDF library, and loads it with the first sheet checked', async () => {
    const atStart = await modulesLoadedBy("await import('./activities/index.ts'); await import('./worker/worker.ts');");
    expect(atStart.some((url) => url.includes('/activities/actions/day-sheet-save.ts'))).toBe(true);
    expect(atStart.filter((url) => url.includes('pdf-lib'))).toEqual([]);

    const afterCheck = await modulesLoadedBy(
      "const { isMarkedSheet } = await import('./activities/actions/day-sheet-save.ts'); await isMarkedSheet(new TextEncoder().encode('%PDF-1.7'));",
    );
    expect(afterCheck.some((url) => url.includes('@pdfme/pdf-lib'))).toBe(true);
  }, 60_000);
});
