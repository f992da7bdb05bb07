import { describe, expect, it } from 'vitest';
import { mapLimited } from '../../activities/actions/concurrency.ts';

/** A promise settled from outside, so a test decides when each call ends. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('mapLimited', () => {
  it('gives the results in the order of the values, whatever order the calls end in', async () => {
    const calls = [0, 1, 2, 3, 4].map(() => deferred<string>());
    const running = mapLimited([0, 1, 2, 3, 4], 5, (value) => calls[value]!.promise);
    for (const value of [4, 2, 0, 3, 1]) calls[value]!.resolve(`r${value}`);
    expect(await running).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });

  it('keeps at most `limit` calls in flight, passing each its index', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    const out = await mapLimited(
      Array.from({ length: 20 }, (_, i) => i * 10),
      3,
      async (value, index) => {
        inFlight++;
        most = Math.max(most, inFlight);
        seen.push(index);
        await settle();
        inFlight--;
        return value / 10 === index;
      },
    );
    expect(most).toBe(3);
    expect(out.every(Boolean)).toBe(true);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('after a failure starts nothing new, lets the calls under way finish, then throws the first error', async () => {
    const calls = Array.from({ length: 6 }, () => deferred<number>());
    const started: number[] = [];
    const finished: number[] = [];
    const running = mapLimited([0, 1, 2, 3, 4, 5], 2, async (value) => {
      started.push(value);
      const result = await calls[value]!.promise;
      finished.push(value);
      return result;
    });
    const outcome = running.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await settle();
    calls[0]!.reject(new Error('first'));
    await settle();
    expect(started).toEqual([0, 1]);
    calls[1]!.resolve(1);
    expect(await outcome).toBe('first');
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([1]);
  });

  it('does nothing for no values', async () => {
    expect(await mapLimited([], 4, () => Promise.reject(new Error('never called')))).toEqual([]);
  });
});
