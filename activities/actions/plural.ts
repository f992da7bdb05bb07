/** `1 stay`, `3 stays`: counts in the one-line texts steps report. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
