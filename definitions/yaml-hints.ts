/**
 * The hints YAML mistakes need, worded for the mistake people actually made. The `yaml`
 * parser reports a line indented too deep at the line before it ("Nested mappings are not
 * allowed in compact mappings"): here it is placed at the line that is wrong and said as an
 * indentation mistake, never with advice to quote. A value holding ": " or ", " inside `{ }`
 * is read as more fields: the hint says to quote the text.
 */

/** A YAML syntax error as shown: where (offset, length), what, and the hint. */
export interface SyntaxReport {
  offset: number;
  length: number;
  message: string;
  hint?: string;
}

/** The parts of a `yaml` error this reads. */
interface YamlErrorLike {
  code: string;
  pos: [number, number];
  message: string;
}

interface Line {
  number: number;
  start: number;
  text: string;
  indent: number;
}

const QUOTE_EXPRESSION =
  'quote the expression: "${{ ... }}" (unquoted, YAML reads ": " and { } [ ] inside it as structure)';
const QUOTE_TEXT =
  'quote the text: "..." (unquoted inside { }, YAML reads ", " as the end of a field and ": " as a new one)';

function lineAt(text: string, starts: readonly number[], index: number): Line {
  const start = starts[index] ?? text.length;
  const body = text.slice(start, starts[index + 1] ?? text.length).replace(/\r?\n$/, '');
  return { number: index + 1, start, text: body, indent: body.length - body.trimStart().length };
}

const isContent = (line: Line): boolean => line.text.trim() !== '' && !line.text.trim().startsWith('#');

/** How a line starts, for "as ... on line N": `name:` or `- id: a`. */
function lead(line: Line): string {
  const body = line.text.trim();
  if (body.startsWith('- ')) return body.length > 20 ? `${body.slice(0, 20)}…` : body;
  const key = /^([^:]+):/.exec(body);
  return key ? `${key[1]}:` : body.slice(0, 20);
}

/** The nearest line above `wrong` that it should line up with: a list item for a list item, else the line before. */
function neighbour(text: string, starts: readonly number[], wrong: Line): Line | undefined {
  const item = wrong.text.trimStart().startsWith('- ');
  for (let index = wrong.number - 2; index >= 0; index--) {
    const line = lineAt(text, starts, index);
    if (!isContent(line)) continue;
    if (!item || line.text.trimStart().startsWith('- ')) return line;
  }
  return undefined;
}

/** The indentation mistake at `wrong`, placed at its first character, with the column it should start at. */
function indentation(text: string, starts: readonly number[], wrong: Line, message: string): SyntaxReport {
  const near = neighbour(text, starts, wrong);
  const hint =
    near && near.indent !== wrong.indent
      ? `start it at column ${near.indent + 1}, as "${lead(near)}" on line ${near.number}, if it belongs with it`
      : undefined;
  return { offset: wrong.start + wrong.indent, length: Math.max(1, wrong.text.trim().length), message, hint };
}

/** The report of the parser's first error: placed and worded for what was most likely meant. */
export function syntaxReport(
  text: string,
  starts: readonly number[],
  error: YamlErrorLike,
  message: string,
): SyntaxReport {
  const [start, end] = error.pos;
  let index = starts.findLastIndex((lineStart) => lineStart <= start);
  const line = lineAt(text, starts, index);
  const rest = text.slice(start, line.start + line.text.length);
  const plain = { offset: start, length: Math.max(1, end - start), message };
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && !/:(\s|$)/.test(rest)) {
    // "key: value" and then a line indented deeper: the line below is the mistake
    let next = lineAt(text, starts, ++index);
    while (index < starts.length && !isContent(next)) next = lineAt(text, starts, ++index);
    if (isContent(next) && next.indent > line.indent) {
      return indentation(
        text,
        starts,
        next,
        `line ${next.number} is indented deeper than line ${line.number}, whose value is already given`,
      );
    }
  }
  if (/must start at the same column|without - indicator/.test(error.message))
    return indentation(text, starts, line, message);
  if (line.text.includes('${{')) return { ...plain, hint: QUOTE_EXPRESSION };
  if (error.code === 'BLOCK_IN_FLOW' || (error.code === 'BLOCK_AS_IMPLICIT_KEY' && inFlow(line.text)))
    return { ...plain, hint: QUOTE_TEXT };
  return plain;
}

/** True when `text` has an open `{` before its end: a flow map on the line. */
const inFlow = (text: string): boolean => text.lastIndexOf('{') > text.lastIndexOf('}');

/**
 * For an unknown field that is the tail of an unquoted text cut at a comma inside `{ }` (`body:
 * Leave at 9, bring passports`): the hint to quote the text, with the line as it should read.
 */
export function commaHint(
  text: string,
  keyOffset: number,
  previous: { key: string; value: unknown } | undefined,
): string | undefined {
  const before = text.slice(0, keyOffset).trimEnd();
  if (!before.endsWith(',') || !previous || typeof previous.value !== 'string' || !inFlow(before)) return undefined;
  const lineEnd = text.indexOf('\n', keyOffset);
  const after = text.slice(keyOffset, lineEnd === -1 ? text.length : lineEnd);
  const tail = /^[^,}]*/.exec(after)![0].trimEnd();
  return `a "," inside { } ends a field: quote the text that holds one, ${previous.key}: "${previous.value}, ${tail}"`;
}

/** The offset of 1-based `line` and `column` in `text`. */
export function offsetOf(text: string, line: number, column: number): number {
  let start = 0;
  for (let n = 1; n < line; n++) start = text.indexOf('\n', start) + 1;
  return start + column - 1;
}
