/**
 * How large a document tourflow reads may be (a playbook, an inputs file), and the reading
 * that keeps to it. A file is read to one byte past its size limit at most (a pipe or a device
 * that never ends is no different); nesting is measured on the parser's tokens, before
 * anything recursive (the YAML composer, the schemas, the compiler) sees the document; and
 * what YAML aliases add is counted before they are expanded, so an alias bomb ("billion
 * laughs") is refused after a few thousand values instead of filling memory.
 */
import { open } from 'node:fs/promises';
import {
  Composer,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  Parser,
  YAMLParseError,
  type CST,
  type Document,
  type Node as YamlNode,
} from 'yaml';

/** The bounds of one kind of document. */
export interface DocumentLimits {
  /** What the document is, in messages: "a playbook", "an inputs file". */
  what: string;
  /** Bytes of text. */
  maxBytes: number;
  /** Levels of maps and lists inside each other. */
  maxDepth: number;
  /** Values (scalars, maps and lists) that YAML aliases may add, all expansions together. */
  maxAliasValues: number;
}

const MiB = 1024 * 1024;

/** The bounds of a playbook (and each playbook it includes). */
export const PLAYBOOK_LIMITS: DocumentLimits = {
  what: 'a playbook',
  maxBytes: 16 * MiB,
  maxDepth: 100,
  maxAliasValues: 100_000,
};

/** The bounds of an `--inputs` file. */
export const INPUTS_LIMITS: DocumentLimits = {
  what: 'an inputs file',
  maxBytes: 32 * MiB,
  maxDepth: 100,
  maxAliasValues: 1_000_000,
};

/** The key no document may hold: assigning it would change an object's prototype. */
export const FORBIDDEN_KEY = '__proto__';

/** A document beyond a bound, and where (offset into the text) it went beyond it. */
export interface LimitProblem {
  message: string;
  offset: number;
  length: number;
  /** The problem is the whole file's (its size): no line to quote. */
  wholeFile?: boolean;
}

/**
 * Reads a file's text, stopping one byte past `maxBytes` (enough for the size check to refuse
 * it), so that a huge file, a pipe or a device that never ends costs no more than that.
 */
export async function readBoundedText(file: string, maxBytes: number): Promise<string> {
  return (await readBoundedBytes(file, maxBytes)).toString('utf8');
}

/** The bytes of a file, as {@link readBoundedText} reads them: one byte past `maxBytes` at most. */
export async function readBoundedBytes(file: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= maxBytes) {
      const chunk = Buffer.alloc(Math.min(1024 * 1024, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Text (or bytes) over the size bound. */
export function sizeProblem(text: string | Uint8Array, limits: DocumentLimits): LimitProblem | undefined {
  if ((typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength) <= limits.maxBytes) return undefined;
  return {
    message: `the file is larger than ${limits.maxBytes / MiB} MiB, the most ${limits.what} may be`,
    offset: 0,
    length: 1,
    wholeFile: true,
  };
}

function depthProblem(offset: number, limits: DocumentLimits): LimitProblem {
  return {
    message: `maps and lists are nested more than ${limits.maxDepth} levels deep here, the most ${limits.what} may nest them`,
    offset,
    length: 1,
  };
}

/** JSON text nested too deep: the offset of the first bracket past the bound (strings skipped). */
export function jsonDepthProblem(text: string, limits: DocumentLimits): LimitProblem | undefined {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) {
      // a string: jump past its closing quote, stepping over escapes
      for (at++; at < text.length && text.charCodeAt(at) !== 34; at += text.charCodeAt(at) === 92 ? 2 : 1);
    } else if (code === 91 || code === 123) {
      if (++depth > limits.maxDepth) return depthProblem(at, limits);
    } else if (code === 93 || code === 125) depth--;
  }
  return undefined;
}

/** A JSON value's first `__proto__` key, as a path. Depth is already bounded. */
export function forbiddenJsonKey(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = forbiddenJsonKey(item, [...path, index]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === FORBIDDEN_KEY) return [...path, key];
      const found = forbiddenJsonKey(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The message for a `__proto__` key. */
export function forbiddenKeyMessage(): string {
  return `the key "${FORBIDDEN_KEY}" is not allowed; rename it`;
}

/**
 * Parses YAML text into a document, or refuses it: nested past the bound (found while lexing
 * flow collections, which cost a character a level, and on the whole token tree before
 * composing), aliases that add too many values, a `__proto__` key.
 */
export function parseBoundedYaml(
  text: string,
  limits: DocumentLimits,
): { doc?: Document.Parsed; problem?: LimitProblem } {
  const tokens: CST.Token[] = [];
  const parser = new Parser();
  let flowDepth = 0;
  for (const lexeme of new Lexer().lex(text)) {
    if (lexeme === '[' || lexeme === '{') {
      if (++flowDepth > limits.maxDepth) return { problem: depthProblem(parser.offset, limits) };
    } else if (lexeme === ']' || lexeme === '}') flowDepth--;
    for (const token of parser.next(lexeme)) tokens.push(token);
  }
  for (const token of parser.end()) tokens.push(token);
  const deep = tokenDepthProblem(tokens, limits);
  if (deep) return { problem: deep };
  let doc: Document.Parsed | undefined;
  const composer = new Composer({ prettyErrors: false, uniqueKeys: true });
  for (const composed of composer.compose(tokens, true, text.length)) {
    if (doc) {
      doc.errors.push(
        new YAMLParseError(
          [composed.range[0], composed.range[1]],
          'MULTIPLE_DOCS',
          'the file holds more than one YAML document (a line `---` starts another)',
        ),
      );
      break;
    }
    doc = composed;
  }
  if (!doc) return {};
  return { doc, problem: doc.errors.length > 0 ? undefined : nodeProblem(doc, limits) };
}

/** The first collection nested past the bound in the token tree, walked without recursion. */
function tokenDepthProblem(tokens: readonly CST.Token[], limits: DocumentLimits): LimitProblem | undefined {
  const stack: Array<[CST.Token | null | undefined, number]> = tokens.map((token) => [token, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (!token) continue;
    if (token.type === 'document') stack.push([token.value, depth]);
    else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth + 1 > limits.maxDepth) return depthProblem(token.offset, limits);
      for (const item of token.items) stack.push([item.key, depth + 1], [item.value, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Walks the composed document (its depth already bounded) in document order, counting the
 * values each alias stands for, and looking for a `__proto__` key.
 */
function nodeProblem(doc: Document.Parsed, limits: DocumentLimits): LimitProblem | undefined {
  const anchored = new Map<string, number>();
  let added = 0;
  let problem: LimitProblem | undefined;
  const size = (node: unknown): number => {
    if (problem || !node) return 0;
    if (isAlias(node)) {
      added += anchored.get(node.source) ?? 1;
      if (added > limits.maxAliasValues) {
        problem = {
          message: `YAML aliases expand to more than ${count(limits.maxAliasValues)} values by here, the most the aliases of ${limits.what} may add`,
          offset: node.range?.[0] ?? 0,
          length: node.source.length + 1,
        };
      }
      return anchored.get(node.source) ?? 1;
    }
    let values = 1;
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items as unknown[]) {
        if (isPair(item)) {
          if (isScalar(item.key) && item.key.value === FORBIDDEN_KEY) {
            problem ??= {
              message: forbiddenKeyMessage(),
              offset: item.key.range?.[0] ?? 0,
              length: FORBIDDEN_KEY.length,
            };
          }
          values += size(item.key) + size(item.value);
        } else values += size(item);
      }
    }
    const anchor = (node as YamlNode).anchor;
    if (anchor) anchored.set(anchor, values);
    return values;
  };
  size(doc.contents);
  return problem;
}
