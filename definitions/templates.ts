/**
 * `${{ }}` templates in strings: finding them, and the error for expressions that cannot be
 * parsed or evaluated. Workflow-safe (bundled with `expressions.ts`): no imports at all.
 */

/** An expression or template that cannot be parsed or evaluated. */
export class ExpressionError extends Error {
  /** The expression text (without `${{ }}`). */
  readonly expression: string;
  /** Offsets of the offending part inside `expression`, when known. */
  readonly start: number;
  readonly end: number;
  constructor(message: string, options: { expression: string; start?: number; end?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'ExpressionError';
    this.expression = options.expression;
    this.start = options.start ?? 0;
    this.end = options.end ?? options.expression.length;
  }
}

/** One `${{ … }}` inside a string: the expression and where the whole template sits. */
export interface TemplatePart {
  expression: string;
  /** Offset of `${{` in the string. */
  start: number;
  /** Offset just after `}}`. */
  end: number;
  /** Offset of the expression text in the string. */
  expressionStart: number;
}

const OPEN = '${{';

/**
 * Finds the templates in a string. `}}` inside a CEL string literal does not end a template.
 * An unterminated template is an error.
 */
export function scanTemplates(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let from = text.indexOf(OPEN);
  while (from >= 0) {
    const close = findClose(text, from + OPEN.length);
    if (close < 0) {
      throw new ExpressionError('unterminated "${{": add the closing "}}"', {
        expression: text.slice(from + OPEN.length),
        start: 0,
        end: 0,
      });
    }
    const raw = text.slice(from + OPEN.length, close);
    const lead = raw.length - raw.trimStart().length;
    parts.push({ expression: raw.trim(), start: from, end: close + 2, expressionStart: from + OPEN.length + lead });
    from = text.indexOf(OPEN, close + 2);
  }
  return parts;
}

/** The `}}` that closes a template: outside CEL string literals and map braces. */
function findClose(text: string, from: number): number {
  let quote: string | undefined;
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && depth === 0 && text[i + 1] === '}') return i;
    else if (c === '}') depth--;
  }
  return -1;
}

/** True when a string holds at least one `${{ }}` template. */
export function isTemplate(value: unknown): boolean {
  return typeof value === 'string' && value.includes(OPEN);
}

/** True when any string inside a value (deeply) holds a `${{ }}` template. */
export function holdsTemplate(value: unknown): boolean {
  if (typeof value === 'string') return isTemplate(value);
  if (Array.isArray(value)) return value.some(holdsTemplate);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsTemplate);
  return false;
}

/** The bare expression of a string that is exactly one template, or the string itself. */
export function unwrapExpression(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith(OPEN)) return trimmed;
  const parts = scanTemplates(trimmed);
  const only = parts[0];
  if (parts.length === 1 && only && only.start === 0 && only.end === trimmed.length) return only.expression;
  return trimmed;
}
