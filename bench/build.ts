/**
 * The compiled build the bench's workers run, as a deployed worker does (`npm run build`,
 * `node bin/tourflow.js worker`): compiled into a cache folder of its own, so the bench never
 * touches the project's `dist/`, incrementally, so a second bench run compiles only what changed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Under `node_modules` so the compiled modules resolve the project's packages. */
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'tourflow-bench');

export interface WorkerBuild {
  /** Module that runs `tourflow worker` from the build. */
  entry: string;
  /** Compiler errors (in files being edited, say); the build is used anyway when it emitted. */
  warnings: string;
}

/** Compiles the project (as `npm run build` does) and returns the worker entry. */
export async function buildWorker(): Promise<WorkerBuild> {
  const outDir = path.join(CACHE, 'dist');
  await mkdir(CACHE, { recursive: true });
  // Inside node_modules the project's package.json no longer decides the module type.
  await writeFile(path.join(CACHE, 'package.json'), '{ "type": "module", "private": true }\n');
  const entry = path.join(CACHE, 'worker.js');
  await writeFile(
    entry,
    "import { main } from './dist/cli/main.js';\n\nprocess.exitCode = await main({ argv: ['worker'] });\n",
  );
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const args = [
    tsc,
    '-p',
    path.join(ROOT, 'tsconfig.build.json'),
    '--outDir',
    outDir,
    '--incremental',
    '--tsBuildInfoFile',
    path.join(CACHE, 'build.tsbuildinfo'),
  ];
  let warnings = '';
  try {
    await promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    warnings = String((error as { stdout?: string }).stdout ?? error).trim();
  }
  if (!existsSync(path.join(outDir, 'cli', 'main.js'))) throw new Error(`the build did not emit the CLI:\n${warnings}`);
  return { entry, warnings };
}
