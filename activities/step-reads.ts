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

/** How long an undo preparation's read waits for its call (`Handovers`). */
export const HANDOVER_TTL_MS = 30_000;

/**
 * Reads an undo preparation hands to its call, by the call's key: each is taken once, by the
 * call's first attempt, or dropped once `ttlMs` old. A call's preparation runs right before the
 * call, so the call need not read again what its preparation just read, and its undo then puts
 * back exactly what it changes.
 */
export class Handovers {
  readonly #kept = new Map<string, { since: number; read: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = HANDOVER_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps `read` for the call keyed `key`; a failed read is not kept. */
  keep(key: string, read: Promise<unknown>): void {
    this.#dropOld();
    this.#kept.set(key, { since: this.now(), read });
    read.catch(() => {
      if (this.#kept.get(key)?.read === read) this.#kept.delete(key);
    });
  }

  /** The read kept for `key`, once; undefined when there is none or it is too old. */
  take<T>(key: string): Promise<T> | undefined {
    this.#dropOld();
    const kept = this.#kept.get(key);
    this.#kept.delete(key);
    return kept?.read as Promise<T> | undefined;
  }

  #dropOld(): void {
    const now = this.now();
    for (const [key, kept] of this.#kept) if (now - kept.since >= this.ttlMs) this.#kept.delete(key);
  }
}
