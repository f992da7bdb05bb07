/**
 * Reads shared by every batch of one step of one run in this worker, for a short while. A
 * 5,000-guest step is 120 batches; each looked the tour's days up with a whole-tour read, and
 * that read grows with the tour, so a tour four times as large cost sixteen times the bytes.
 * Only for reads that no call of the step changes (the tour's days while guests, venues or
 * schedule items are added to them), and that may be `STEP_READ_TTL_MS` old: after that the
 * next batch reads again.
 */

/** How long a step's shared read is used before the next batch reads afresh. */
export const STEP_READ_TTL_MS = 30_000;

interface StepEntry {
  since: number;
  reads: Map<string, Promise<unknown>>;
}

/**
 * `load` once per key while `reads` holds it. A failed read is not kept, so the next call reads
 * again; a caller that was waiting on another caller's read when it failed (that caller's
 * activity cancelled, its request timed out) reads for itself rather than fail with it.
 */
export function sharedIn(reads: Map<string, Promise<unknown>>) {
  const start = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const read = load();
    reads.set(key, read);
    read.catch(() => {
      if (reads.get(key) === read) reads.delete(key);
    });
    return read;
  };
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const known = reads.get(key) as Promise<T> | undefined;
    return known ? known.catch(() => (reads.get(key) as Promise<T> | undefined) ?? start(key, load)) : start(key, load);
  };
}

export class StepReads {
  readonly #steps = new Map<string, StepEntry>();

  constructor(
    private readonly ttlMs = STEP_READ_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The shared reads of `step` (a run and a step ID); a fresh set once they are `ttlMs` old. */
  of(step: string): Map<string, Promise<unknown>> {
    const now = this.now();
    for (const [key, entry] of this.#steps) if (now - entry.since >= this.ttlMs) this.#steps.delete(key);
    let entry = this.#steps.get(step);
    if (!entry) this.#steps.set(step, (entry = { since: now, reads: new Map() }));
    return entry.reads;
  }
}
