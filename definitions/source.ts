/**
 * Reads a playbook's text into plain values and remembers where each value is written, so
 * that every later check can point at `file:line:column`.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';

/** A path into the playbook's values: keys and list indexes. */
export type ValuePath = readonly (string | number)[];

/** A place in the source: 1-based line and column, and how many characters to underline. */
export interface Place {
  line: number;
  column: number;
  length: number;
}

/** A parsed playbook source. */
export interface PlaybookSource {
  file: string;
  text: string;
  /** The document as plain JSON-like values; undefined when it could not be parsed. */
  value: unknown;
  /** Syntax errors; when present, `value` may be partial. */
  errors: PlaybookError[];
  /**
   * Where the value (or, with `key`, the key) at `path` is written. A path that does not exist
   * points at its nearest existing parent.
   */
  place(path: ValuePath, part?: 'value' | 'key'): Place;
  /** Where `needle` is written inside the string at `path`, shifted by `offset` into it. */
  placeIn(path: ValuePath, needle: string, offset: number, length: number): Place;
}

/** Parses YAML (JSON is YAML too) with positions. */
export function parseSource(file: string, text: string): PlaybookSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lines = lineStarts(text);
  const at = (offset: number, length: number): Place => ({ ...positionOf(lines, offset), length });
  // after the first syntax error the parser's view of the rest is unreliable: report that one
  const errors = doc.errors.slice(0, 1).map((error) => {
    const [start, end] = error.pos;
    const place = at(start, Math.max(1, end - start));
    const line = text.slice(lines[place.line - 1], lines[place.line] ?? text.length);
    return new PlaybookError(PlaybookErrorCode.yamlSyntax, `YAML syntax: ${yamlMessage(error.message)}`, {
      file,
      ...place,
      hint: line.includes('${{') ? 'quote the expression: "${{ ... }}" (unquoted, YAML reads ": " and { } [ ] inside it as structure)' : undefined,
    });
  });

  const find = (path: ValuePath): { node: YamlNode | null | undefined; key?: YamlNode; found: boolean } => {
    let node = doc.contents as YamlNode | null;
    let key: YamlNode | undefined;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
        if (!pair) return { node, key, found: false };
        key = pair.key as YamlNode;
        node = pair.value as YamlNode | null;
        if (node === null) return { node: key, key, found: true };
      } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
        node = node.items[segment] as YamlNode;
        key = undefined;
      } else return { node, key, found: false };
    }
    return { node, key, found: true };
  };

  const spanOf = (node: YamlNode | null | undefined): [number, number] => {
    if (!node?.range) return [0, 1];
    if (isMap(node) || isSeq(node)) {
      const first = node.items[0];
      const head = isMap(node) ? (first as { key?: YamlNode } | undefined)?.key : (first as YamlNode | undefined);
      if (head?.range) return [node.range[0], Math.max(1, head.range[1] - node.range[0])];
      return [node.range[0], 1];
    }
    return [node.range[0], Math.max(1, node.range[1] - node.range[0])];
  };

  return {
    file,
    text,
    value: doc.errors.length > 0 ? safeToJs(doc) : doc.toJS({ maxAliasCount: 1000 }),
    errors,
    place(path, part = 'value') {
      const { node, key, found } = find(path);
      return at(...spanOf(found && part === 'key' && key ? key : node));
    },
    placeIn(path, needle, offset, length) {
      const { node, found } = find(path);
      if (!found || !node?.range) return this.place(path);
      const index = text.slice(node.range[0], node.range[1]).indexOf(needle);
      if (index < 0) return at(...spanOf(node));
      return at(node.range[0] + index + offset, length);
    },
  };
}

function safeToJs(doc: ReturnType<typeof parseDocument>): unknown {
  try {
    return doc.toJS({ maxAliasCount: 1000 });
  } catch {
    return undefined;
  }
}

/** The first line of a `yaml` message, without its own "at line X, column Y" suffix. */
function yamlMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '');
}

/** Offsets where each line starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset. */
export function positionOf(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}
