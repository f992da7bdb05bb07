/**
 * `--state FILE`: the store is read at start and written (atomically, shortly after each change,
 * and on close) so a development setup with a persistent Temporal database stays consistent.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StoreState } from './store.ts';

/** Reads a state file; undefined when it does not exist yet. */
export function readStateFile(file: string): StoreState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const state = JSON.parse(text) as StoreState;
  if (state.version !== 1 || typeof state.tables !== 'object') throw new Error(`${file} is not a sandbox state file (version 1)`);
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
