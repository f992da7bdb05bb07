/**
 * A cache of what is worked out from an expression's text, kept by the text. Workflow-safe
 * (bundled with `expressions.ts`): no imports at all.
 */

/**
 * The workflow bundle loads the expression modules once per workflow thread and shares them
 * between runs, so their caches live as long as the worker: each is emptied when it reaches
 * {@link CACHE_LIMIT} texts, far more than any set of playbooks has, so a worker running
 * ever-new playbooks stays within bounds.
 */
const CACHE_LIMIT = 20_000;

/** Values by expression or template text, emptied when full. */
export class TextCache<V> {
  private readonly entries = new Map<string, V>();

  get(text: string): V | undefined {
    return this.entries.get(text);
  }

  set(text: string, value: V): void {
    if (this.entries.size >= CACHE_LIMIT) this.entries.clear();
    this.entries.set(text, value);
  }
}
