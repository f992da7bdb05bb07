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
