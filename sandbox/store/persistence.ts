/**
 * `--state FILE`: the store is read at start and written (atomically, shortly after each change,
 * and on close) so a development setup with a persistent Temporal database stays consistent.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StoreState } from './store.ts';

/** A state file that exists but cannot be used: not JSON, or not a sandbox's store. */
export class StateFileError extends Error {
  readonly file: string;
  constructor(file: string, problem: string, options: { cause?: unknown } = {}) {
    super(`${file} is not a sandbox state file (${problem}); name a new file, or the one an earlier sandbox wrote`, {
      cause: options.cause,
    });
    this.name = 'StateFileError';
    this.file = file;
  }
}

/** Reads a state file; undefined when it does not exist yet. */
export function readStateFile(file: string): StoreState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let state: StoreState;
  try {
    state = JSON.parse(text) as StoreState;
  } catch (error) {
    throw new StateFileError(file, 'not JSON', { cause: error });
  }
  if (state?.version !== 1 || typeof state.tables !== 'object')
    throw new StateFileError(file, 'no version 1 store in it');
  return state;
}

/** Writes the state through a temporary file and a rename, so a crash never leaves half a file. */
export function writeStateFile(file: string, state: StoreState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
  renameSync(temporary, file);
}

/** Coalesces changes into one write shortly after the last of them. */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly state: () => StoreState,
    private readonly delayMs = 100,
  ) {}

  /** Notes a change; the file is written within `delayMs`. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    this.timer.unref();
  }

  /** Writes now (pending changes included). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    writeStateFile(this.file, this.state());
  }
}
