/** The write-back of a list an undo puts back: custom fields, a place's general contacts. */

/** How the rows of one list turn into the changes its API takes. */
export interface ListChanges<R, C> {
  /** The row's ID; `null` for a row the list does not carry as a record of its own. */
  id: (row: R) => number | null;
  remove: (row: R) => C;
  add: (row: R) => C;
  /** The change that gives `current` the values of `saved`, or `undefined` when they agree. */
  update: (saved: R, current: R) => C | undefined;
}

/**
 * The changes that turn `now` back into `saved`: the removes of rows added since, then, in
 * `saved`'s order, the adds of rows removed since and the updates of rows changed since.
 */
export function listBackTo<R, C>(saved: readonly R[], now: readonly R[], changes: ListChanges<R, C>): C[] {
  const keep = new Set(saved.map(changes.id));
  const removes = now.filter((row) => changes.id(row) !== null && !keep.has(changes.id(row))).map(changes.remove);
  const rest = saved.flatMap((row): C[] => {
    const id = changes.id(row);
    if (id === null) return [];
    const current = now.find((candidate) => changes.id(candidate) === id);
    if (!current) return [changes.add(row)];
    const update = changes.update(row, current);
    return update === undefined ? [] : [update];
  });
  return [...removes, ...rest];
}
