/**
 * Polls until a condition holds or a deadline passes: no sleeps standing in for state. `probe`
 * returns the value waited for, or `undefined` or `false` while it is not there yet; what it
 * throws counts as not yet too, and is named in the error if the deadline passes.
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}
