/** Medians and spreads of repeated measurements. */

/** The median of a sample, with its range. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  n: number;
}

/** Median (mean of the middle two for an even count), min and max; `undefined` for no values. */
export function spread(values: readonly number[]): Spread | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length };
}

/** `a / b` of two medians, or `undefined` when either is missing or `b` is zero. */
export function ratio(a: Spread | undefined, b: Spread | undefined): number | undefined {
  if (!a || !b || b.median === 0) return undefined;
  return a.median / b.median;
}

/** Rounds to `digits` decimals, keeping JSON results short. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
