/** One step of xorshift32: a small deterministic generator, so a seed reproduces a run. */
export function xorshift32(state: number): number {
  let x = state >>> 0 || 1;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return x >>> 0 || 1;
}

/** Maps a generator state to a number in [0, 1). */
export const toUnit = (state: number): number => state / 0x1_0000_0000;
