/**
 * Reads a playbook's text into plain values and remembers where each value is written, so
 * that every later check can point at `file:line:column`.
 */
import { isMap, isScalar, isSeq, type Document, type Node as YamlNode } from 'yaml';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { JsonIndex } from './json-source.ts';
import {
  forbiddenJsonKey,
  forbiddenKeyMessage,
  jsonDepthProblem,
  parseBoundedYaml,
  PLAYBOOK_LIMITS,
  sizeProblem,
  type DocumentLimits,
  type LimitProblem,
} from './limits.ts';
import { syntaxReport } from './yaml-hints.ts';

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
  /** Where the value at `path` starts (its nearest parent's start if it does not exist). */
  position(path: ValuePath): { line: number; column: number };
  /** Where `needle` is written inside the string at `path`, shifted by `offset` into it. */
  placeIn(path: ValuePath, needle: string, offset: number, length: number): Place;
}

/** Finds where values are written: the span to underline, and the raw text of a value. */
interface Locator {
  /** Offset and length to underline for the value (or key) at `path`, or its nearest parent. */
  span(path: ValuePath, part: 'value' | 'key'): [number, number];
  /** Start and end of the value at `path`, when it exists. */
  raw(path: ValuePath): [number, number] | undefined;
}

/**
 * Parses a playbook with positions: YAML, or JSON (JSON is YAML too) on a fast path that
 * generated playbooks of thousands of steps need. A text beyond `limits` (size, nesting, what
 * its aliases add) or with a `__proto__` key is refused with one error at the place it went
 * beyond them, before anything deeper than the bound looks at it.
 */
export function parseSource(file: string, text: string, limits: DocumentLimits = PLAYBOOK_LIMITS): PlaybookSource {
  const tooLarge = sizeProblem(text, limits);
  if (tooLarge) return refused(file, text, tooLarge);
  if (/^\s*\{/.test(text)) {
    const deep = jsonDepthProblem(text, limits);
    if (deep) return refused(file, text, deep);
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      // not plain JSON after all (comments, YAML flow style): the YAML parser says why, if anything
      return parseYaml(file, text, limits);
    }
    const source = withPlaces(file, text, value, [], jsonLocator(text));
    const key = forbiddenJsonKey(value);
    if (key)
      source.errors.push(
        new PlaybookError(PlaybookErrorCode.limitExceeded, forbiddenKeyMessage(), {
          file,
          ...source.place(key, 'key'),
        }),
      );
    return source;
  }
  return parseYaml(file, text, limits);
}

/** A source refused for `problem`: no value, one error at its place. */
function refused(
  file: string,
  text: string,
  problem: LimitProblem,
  locator: Locator = fixedLocator(problem),
): PlaybookSource {
  const lines = lineStarts(text);
  const at = { file, ...positionOf(lines, problem.offset), length: problem.length, quote: !problem.wholeFile };
  const error = new PlaybookError(PlaybookErrorCode.limitExceeded, problem.message, at);
  return withPlaces(file, text, undefined, [error], locator, lines);
}

function fixedLocator(problem: LimitProblem): Locator {
  return { span: () => [problem.offset, problem.length], raw: () => undefined };
}

function withPlaces(
  file: string,
  text: string,
  value: unknown,
  errors: PlaybookError[],
  locator: Locator,
  lines = lineStarts(text),
): PlaybookSource {
  const at = ([offset, length]: [number, number]): Place => ({ ...positionOf(lines, offset), length });
  return {
    file,
    text,
    value,
    errors,
    place: (path, part = 'value') => at(locator.span(path, part)),
    position: (path) => positionOf(lines, locator.raw(path)?.[0] ?? locator.span(path, 'value')[0]),
    placeIn(path, needle, offset, length) {
      const raw = locator.raw(path);
      const index = raw ? text.slice(raw[0], raw[1]).indexOf(needle) : -1;
      return raw && index >= 0 ? at([raw[0] + index + offset, length]) : at(locator.span(path, 'value'));
    },
  };
}

function jsonLocator(text: string): Locator {
  const index = new JsonIndex(text);
  return {
    span(path, part) {
      const { span, found } = index.find(path);
      if (found && part === 'key' && span.keyStart !== undefined)
        return [span.keyStart, (span.keyEnd ?? span.keyStart + 1) - span.keyStart];
      const children = index.children(span);
      const first = children instanceof Map ? children.values().next().value : children?.[0];
      if (first)
        return first.keyStart !== undefined
          ? [first.keyStart, (first.keyEnd ?? 0) - first.keyStart]
          : [first.start, first.end - first.start];
      return [span.start, Math.max(1, span.end - span.start)];
    },
    raw(path) {
      const { span, found } = index.find(path);
      return found ? [span.start, span.end] : undefined;
    },
  };
}

function parseYaml(file: string, text: string, limits: DocumentLimits): PlaybookSource {
  const { doc, problem } = parseBoundedYaml(text, limits);
  if (problem) return refused(file, text, problem, doc ? yamlLocator(doc) : undefined);
  if (!doc) return withPlaces(file, text, undefined, [], fixedLocator({ message: '', offset: 0, length: 1 }));
  const lines = lineStarts(text);
  // after the first syntax error the parser's view of the rest is unreliable: report that one
  const errors = doc.errors.slice(0, 1).map((error) => {
    const report = syntaxReport(text, lines, error, yamlMessage(error.message));
    return new PlaybookError(PlaybookErrorCode.yamlSyntax, `YAML syntax: ${report.message}`, {
      file,
      ...positionOf(lines, report.offset),
      length: report.length,
      hint: report.hint,
    });
  });
  // The aliases' expansion is bounded above, so resolving them needs no count of its own.
  const value = doc.errors.length > 0 ? safeToJs(doc) : doc.toJS({ maxAliasCount: -1 });
  return withPlaces(file, text, value, errors, yamlLocator(doc), lines);
}

function yamlLocator(doc: Document.Parsed): Locator {
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
    span(path, part) {
      const { node, key, found } = find(path);
      return spanOf(found && part === 'key' && key ? key : node);
    },
    raw(path) {
      const { node, found } = find(path);
      return found && node?.range ? [node.range[0], node.range[1]] : undefined;
    },
  };
}

function safeToJs(doc: Document.Parsed): unknown {
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
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset. */
function positionOf(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}
