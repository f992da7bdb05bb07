/**
 * `X-Idempotency-Key`: a write with a key runs at most once. The first successful answer is kept
 * and replayed for every retry with the same key (compared case-insensitively) by the same
 * partner and user. A retry that arrives while the first attempt is still running waits for it.
 * Failures are not kept: nothing was committed, so a retry runs again.
 */
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '../../api/contract/assumptions.ts';
import { validationError } from '../errors.ts';
import type { Store } from '../store/store.ts';

/** A stored answer. */
export interface StoredAnswer {
  statusCode: number;
  body: string;
}

/** How long a kept answer is replayed. */
const RETENTION_MS = 24 * 3600 * 1000;

/** Reads and checks the header; returns the normalised key or undefined when absent. */
export function readIdempotencyKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (key.length === 0) return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw validationError(`X-Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  }
  return key.toLowerCase();
}

/** The kept answers (in the store, so `--state` keeps them) and the attempts still running. */
export class IdempotencyCache {
  private readonly inFlight = new Map<string, Promise<StoredAnswer | undefined>>();

  constructor(private readonly store: Store) {}

  /** The cache slot of a key for a partner and user. */
  slot(apiKey: string, userId: string, key: string): string {
    return `${apiKey}\u0000${userId}\u0000${key}`;
  }

  /**
   * Runs `execute` once per slot. Returns the earlier answer (replayed) when there is one.
   * `execute` resolves to the answer to keep, or undefined when it must not be kept.
   */
  async run(
    slot: string,
    execute: () => Promise<StoredAnswer | undefined>,
  ): Promise<{ answer: StoredAnswer | undefined; replayed: boolean }> {
    for (;;) {
      const kept = this.store.idempotency.get(slot);
      if (kept && Date.now() - kept.storedAt < RETENTION_MS) return { answer: kept, replayed: true };
      const pending = this.inFlight.get(slot);
      if (!pending) break;
      // the first attempt is still running: its outcome decides whether this one runs
      await pending.catch(() => undefined);
    }
    const attempt = execute();
    this.inFlight.set(slot, attempt);
    try {
      const answer = await attempt;
      if (answer) this.store.idempotency.put({ id: slot, ...answer, storedAt: Date.now() });
      return { answer, replayed: false };
    } finally {
      this.inFlight.delete(slot);
    }
  }
}
