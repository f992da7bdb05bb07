/**
 * An activity's heartbeats while it runs, on a timer: the server takes a killed worker's activity
 * away once no beat has come for the heartbeat timeout the workflow set (10 s), and retries it on
 * another worker, where its calls run again under the same idempotency keys. A call that takes
 * long (a slow answer, a retry's backoff) no longer keeps the beats away.
 *
 * The SDK sends the first beat at once and later ones at most every 80 % of the heartbeat
 * timeout, each with the details of the latest beat. A beat with no details does not keep the
 * last ones: it replaces them (the SDK encodes `undefined` like any value). So a batch's
 * beats all carry its outcomes so far (`carry`), encoded anew each time; beats come at most
 * every 5 s, or half the heartbeat timeout when that is shorter, the first one a spacing after
 * the start: an activity that ends sooner never beats.
 */
import type { Context } from '@temporalio/activity';

/** Longest spacing between two beats. */
const BEAT_EVERY_MS = 5_000;

/** Longest time a batch's loop holds the event loop before letting it turn (`letEventLoopTurn`). */
const HOLD_AT_MOST_MS = 20;

let turnedAt = performance.now();

/**
 * Lets the event loop turn once `HOLD_AT_MOST_MS` has passed since the last time it was let:
 * timers (the beats' own) and finished I/O (a large beat's compression on the thread pool, the
 * SDK's hand-over of one beat before the next) run, then the caller goes on. Calls that end
 * without waiting for the network (an answer from a read the batch shares, nothing to change)
 * chain as promise callbacks, and a batch of them would otherwise hold the loop to its end: its
 * beats would reach the server only then, after the heartbeat timeout. Costs one
 * `setImmediate` per `HOLD_AT_MOST_MS` at most.
 */
export async function letEventLoopTurn(): Promise<void> {
  if (performance.now() - turnedAt < HOLD_AT_MOST_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  turnedAt = performance.now();
}

/** The beats of one activity's attempt, from `startHeartbeats` until `stop`. */
export class Heartbeats {
  readonly #context: Context;
  readonly #timer: NodeJS.Timeout;
  #details: () => unknown = () => undefined;
  #last = Date.now();

  constructor(
    context: Context,
    /** Spacing of the beats. */
    readonly everyMs: number,
  ) {
    this.#context = context;
    // Ticks at half the spacing: two beats are never more than one and a half spacings apart.
    this.#timer = setInterval(() => this.beat(), Math.max(1, everyMs / 2));
    this.#timer.unref();
  }

  /** What every beat carries from now on (a batch's outcomes so far). */
  carry(details: () => unknown): void {
    this.#details = details;
  }

  /** Beats if a spacing has passed since the last beat, or at once when `force`. */
  beat(force = false): void {
    const now = Date.now();
    if (!force && now - this.#last < this.everyMs) return;
    this.#last = now;
    this.#context.heartbeat(this.#details());
  }

  /** Stops the timer; the activity is done. */
  stop(): void {
    clearInterval(this.#timer);
  }
}

/**
 * Starts the beats of the activity `context` runs: every 5 s, or half its heartbeat timeout when
 * that is shorter. None outside an activity, and none in a local activity (it cannot beat; a
 * killed worker's local activities run again with the workflow task that scheduled them).
 */
export function startHeartbeats(context: Context | undefined): Heartbeats | undefined {
  if (!context || context.info.isLocal) return undefined;
  const timeout = context.info.heartbeatTimeoutMs;
  return new Heartbeats(context, timeout ? Math.min(BEAT_EVERY_MS, timeout / 2) : BEAT_EVERY_MS);
}
