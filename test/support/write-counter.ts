/** Counting the write requests a sandbox answers, to show that something wrote nothing. */
import type { RunningSandbox } from '../../sandbox/index.ts';

/** Far more than any test makes: a counting rule never runs out. */
const COUNTING = 1_000_000;

/**
 * Counts the sandbox's write requests (POST, PUT, PATCH, DELETE) from now on, by rules that
 * delay nothing; the function returned gives the count so far.
 */
export function countWrites(sandbox: RunningSandbox): () => number {
  const ids = ['POST', 'PUT', 'PATCH', 'DELETE'].map((method) =>
    sandbox.faults.add({ kind: 'latency', ms: 0, times: COUNTING, match: { method } }),
  );
  return () =>
    sandbox.faults
      .list()
      .filter((rule) => ids.includes(rule.id))
      .reduce((sum, rule) => sum + COUNTING - (rule.times ?? 0), 0);
}
