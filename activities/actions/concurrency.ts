/** Bounded concurrency for calls that fan out over many records. */

/**
 * Per-day reads one action makes at once (a tour's guest lists, day configurations, approved
 * totals): the contract enforces no rate limit, and ten keep a 60-day read to six round trips
 * while a 429 would still be retried with backoff by the client.
 */
export const DAY_READS_IN_FLIGHT = 10;

/**
 * Undo preparations of one batch run at once (each reads what its call will change, before any
 * call of the batch writes): 100 room assignments spread over 80 stays read 80 stays' rooms,
 * one after another that was 80 round trips before the batch's first call.
 */
export const PREPARATIONS_IN_FLIGHT = 10;

/**
 * Runs `work` over `values`, at most `limit` at a time, and gives its results in the order of
 * `values`. After a failure no new work starts; the calls under way finish, then the first
 * error is thrown (nothing is left running).
 */
export async function mapLimited<T, R>(
  values: readonly T[],
  limit: number,
  work: (value: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(values.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < values.length) {
      const index = next++;
      try {
        results[index] = await work(values[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, lane));
  if (failure) throw failure.error;
  return results;
}
