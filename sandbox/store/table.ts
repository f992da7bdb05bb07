/** A keyed collection of records that serialises to a plain array in insertion order. */
export class Table<T extends { id: K }, K extends string | number = T['id']> {
  private readonly rows = new Map<K, T>();

  constructor(rows: Iterable<T> = []) {
    for (const row of rows) this.rows.set(row.id, row);
  }

  get(id: K): T | undefined {
    return this.rows.get(id);
  }

  has(id: K): boolean {
    return this.rows.has(id);
  }

  /** Inserts or replaces the record under its `id`. */
  put(row: T): T {
    this.rows.set(row.id, row);
    return row;
  }

  /** Removes the record for good (hard delete). */
  delete(id: K): boolean {
    return this.rows.delete(id);
  }

  get size(): number {
    return this.rows.size;
  }

  values(): IterableIterator<T> {
    return this.rows.values();
  }

  /** The records that satisfy `predicate`, in insertion order. */
  filter(predicate: (row: T) => boolean): T[] {
    const out: T[] = [];
    for (const row of this.rows.values()) if (predicate(row)) out.push(row);
    return out;
  }

  find(predicate: (row: T) => boolean): T | undefined {
    for (const row of this.rows.values()) if (predicate(row)) return row;
    return undefined;
  }

  /** Deletes every record that satisfies `predicate`; returns how many went. */
  deleteWhere(predicate: (row: T) => boolean): number {
    let count = 0;
    for (const [id, row] of this.rows) {
      if (predicate(row)) {
        this.rows.delete(id);
        count += 1;
      }
    }
    return count;
  }

  toJSON(): T[] {
    return [...this.rows.values()];
  }
}
