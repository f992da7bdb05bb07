/**
 * Where each value of a JSON document is written. Playbooks are YAML, and JSON is YAML too;
 * generated playbooks (thousands of steps) are usually JSON, and `JSON.parse` with this index is
 * far faster than a YAML parser, so JSON text takes this path. Assumes text `JSON.parse` accepted.
 *
 * The index is lazy: a container's entries are found the first time a path goes through it,
 * skipping over the values inside without looking at them.
 */

/** A value's span in the text; for a map entry also its key's span. */
export interface JsonSpan {
  start: number;
  end: number;
  keyStart?: number;
  keyEnd?: number;
  /** Entries of a map or list, by key or index, once looked at. */
  children?: Map<string, JsonSpan> | JsonSpan[];
}

const SPACE = new Set([32, 9, 10, 13]);
const END_OF_LITERAL = new Set([44, 125, 93, 32, 9, 10, 13]); // , } ] and white space

/** An index of a JSON text that `JSON.parse` accepted. */
export class JsonIndex {
  readonly root: JsonSpan;

  constructor(private readonly text: string) {
    const start = this.space(0);
    this.root = { start, end: this.skip(start) };
  }

  /** The span at a path, and whether the whole path exists (else the nearest parent's). */
  find(path: readonly (string | number)[]): { span: JsonSpan; found: boolean } {
    let span = this.root;
    for (const segment of path) {
      const children = this.children(span);
      const next =
        children instanceof Map
          ? children.get(String(segment))
          : typeof segment === 'number'
            ? children?.[segment]
            : undefined;
      if (!next) return { span, found: false };
      span = next;
    }
    return { span, found: true };
  }

  /** The entries of a map or list (undefined for other values). */
  children(span: JsonSpan): Map<string, JsonSpan> | JsonSpan[] | undefined {
    if (span.children) return span.children;
    const open = this.text.charCodeAt(span.start);
    if (open === 123) span.children = this.entries(span);
    else if (open === 91) span.children = this.items(span);
    return span.children;
  }

  private entries(span: JsonSpan): Map<string, JsonSpan> {
    const entries = new Map<string, JsonSpan>();
    for (let at = this.space(span.start + 1); this.text.charCodeAt(at) !== 125;) {
      const keyStart = at;
      const keyEnd = this.skipString(at);
      const raw = this.text.slice(keyStart + 1, keyEnd - 1);
      const start = this.space(this.space(keyEnd) + 1); // past ':'
      const end = this.skip(start);
      entries.set(raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw, { start, end, keyStart, keyEnd });
      at = this.next(end);
    }
    return entries;
  }

  private items(span: JsonSpan): JsonSpan[] {
    const items: JsonSpan[] = [];
    for (let at = this.space(span.start + 1); this.text.charCodeAt(at) !== 93;) {
      const end = this.skip(at);
      items.push({ start: at, end });
      at = this.next(end);
    }
    return items;
  }

  /** Past white space and one comma, to the next entry or the closing bracket. */
  private next(at: number): number {
    const after = this.space(at);
    return this.text.charCodeAt(after) === 44 ? this.space(after + 1) : after;
  }

  private space(at: number): number {
    while (SPACE.has(this.text.charCodeAt(at))) at++;
    return at;
  }

  private skipString(at: number): number {
    for (at++; this.text.charCodeAt(at) !== 34;) at += this.text.charCodeAt(at) === 92 ? 2 : 1;
    return at + 1;
  }

  /** The end of the value starting at `at`, without looking inside it beyond brackets and strings. */
  private skip(at: number): number {
    const code = this.text.charCodeAt(at);
    if (code === 34) return this.skipString(at);
    if (code !== 123 && code !== 91) {
      while (at < this.text.length && !END_OF_LITERAL.has(this.text.charCodeAt(at))) at++;
      return at;
    }
    let depth = 0;
    for (;;) {
      const c = this.text.charCodeAt(at);
      if (c === 34) {
        at = this.skipString(at);
        continue;
      }
      if (c === 123 || c === 91) depth++;
      else if ((c === 125 || c === 93) && --depth === 0) return at + 1;
      at++;
    }
  }
}
