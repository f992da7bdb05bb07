/** Counts and plurals in the texts steps report and fail with: the one place they are made. */

/** `stay` -> `stays`, `entry` -> `entries`; `many` when the plural is not regular. */
export function pluralOf(one: string, many?: string): string {
  return many ?? (/[^aeiou]y$/.test(one) ? `${one.slice(0, -1)}ies` : `${one}s`);
}

/** `1 stay`, `3 stays`, `2 guest list entries`: a count with its noun. */
export function plural(count: number, one: string, many?: string): string {
  return `${count} ${count === 1 ? one : pluralOf(one, many)}`;
}

/** `there is 1`, `there are 3`. */
export function thereAre(count: number): string {
  return count === 1 ? 'there is 1' : `there are ${count}`;
}
