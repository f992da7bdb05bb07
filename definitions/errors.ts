/**
 * Playbook errors: each names the file, line and column, says what is wrong in one line and,
 * where it can, how to fix it. The compiler reports all of them at once.
 */

/** Error codes, one per kind of mistake; stable for scripts and tests. */
export const PlaybookErrorCode = {
  yamlSyntax: 'yaml-syntax',
  fileNotFound: 'file-not-found',
  invalidField: 'invalid-field',
  unknownField: 'unknown-field',
  missingField: 'missing-field',
  unknownAction: 'unknown-action',
  invalidArgument: 'invalid-argument',
  duplicateStep: 'duplicate-step',
  unknownStep: 'unknown-step',
  unknownOutput: 'unknown-output',
  unknownInput: 'unknown-input',
  unknownName: 'unknown-name',
  useBeforeDefinition: 'use-before-definition',
  dependencyCycle: 'dependency-cycle',
  expressionSyntax: 'expression-syntax',
  expressionType: 'expression-type',
  destroyNotAllowed: 'destroy-not-allowed',
  includeCycle: 'include-cycle',
  includeNotFound: 'include-not-found',
  inputRequired: 'input-required',
  inputInvalid: 'input-invalid',
  inputUnknown: 'input-unknown',
  /** Beyond what a playbook or inputs file may be: size, nesting, alias expansion; or a `__proto__` key. */
  limitExceeded: 'limit-exceeded',
  /** `today()` or `tomorrow()` without a zone in a playbook without a `tourId` input. */
  zoneRequired: 'zone-required',
} as const;
export type PlaybookErrorCode = (typeof PlaybookErrorCode)[keyof typeof PlaybookErrorCode];

export interface PlaybookErrorOptions {
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** How many characters the caret underlines. @default 1 */
  length?: number;
  hint?: string;
  cause?: unknown;
  /** Print the offending line with a caret under the place. @default true (false for what concerns the whole file) */
  quote?: boolean;
}

/** One mistake in a playbook, at a place in its source. */
export class PlaybookError extends Error {
  readonly code: PlaybookErrorCode;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly hint: string | undefined;
  readonly quote: boolean;
  /** The text of the offending line, when the compiler had the source at hand. */
  sourceLine: string | undefined;

  constructor(code: PlaybookErrorCode, message: string, options: PlaybookErrorOptions) {
    super(message, { cause: options.cause });
    this.name = 'PlaybookError';
    this.code = code;
    this.file = options.file;
    this.line = options.line;
    this.column = options.column;
    this.length = Math.max(1, options.length ?? 1);
    this.hint = options.hint;
    this.quote = options.quote ?? true;
  }

  /** `file:line:column: message`, the one-line form. */
  get location(): string {
    return `${this.file}:${this.line}:${this.column}`;
  }
}

/** Source texts by file name, for printing the offending lines. */
export type SourceTexts = string | Record<string, string> | ((file: string) => string | undefined);

/**
 * Formats errors for a terminal:
 *
 * ```
 * demo.yaml:7:13: unknown action "tour.creat"
 *     7 |     action: tour.creat
 *       |             ^^^^^^^^^^
 *   hint: did you mean "tour.create"?
 * ```
 */
export function formatErrors(errors: readonly PlaybookError[], sources: SourceTexts = {}): string {
  const sourceOf = (file: string): string | undefined =>
    typeof sources === 'string' ? sources : typeof sources === 'function' ? sources(file) : sources[file];
  return sortErrors(errors)
    .map((error) => formatError(error, sourceOf(error.file)))
    .join('\n');
}

function formatError(error: PlaybookError, source: string | undefined): string {
  const lines = [`${error.location}: ${error.message}`];
  const text = error.quote ? (error.sourceLine ?? source?.split(/\r?\n/)[error.line - 1]) : undefined;
  if (text !== undefined) {
    const gutter = String(error.line).padStart(5);
    const { shown, caretAt, caretLength } = lineAround(text, error.column, error.length);
    lines.push(`${gutter} | ${shown}`);
    lines.push(`${' '.repeat(gutter.length)} | ${' '.repeat(caretAt)}${'^'.repeat(caretLength)}`);
  }
  if (error.hint) lines.push(`  hint: ${error.hint}`);
  return lines.join('\n');
}

/** Longest source line shown whole; a longer one (minified JSON, say) is cut around the column. */
const MAX_SHOWN = 160;

/** The part of a source line to show, and where under it the caret goes. */
function lineAround(
  text: string,
  column: number,
  length: number,
): { shown: string; caretAt: number; caretLength: number } {
  const caret = (start: number, end: number, lead: number) => ({
    caretAt: column - 1 - start + lead,
    caretLength: Math.max(1, Math.min(length, end - column + 1)),
  });
  if (text.length <= MAX_SHOWN) return { shown: text, ...caret(0, text.length, 0) };
  const start = Math.max(0, Math.min(column - 1 - MAX_SHOWN / 4, text.length - MAX_SHOWN));
  const end = Math.min(text.length, start + MAX_SHOWN);
  const lead = start > 0 ? '…' : '';
  return {
    shown: `${lead}${text.slice(start, end)}${end < text.length ? '…' : ''}`,
    ...caret(start, end, lead.length),
  };
}

/** Errors in reading order: by file, line, column. */
export function sortErrors(errors: readonly PlaybookError[]): PlaybookError[] {
  return [...errors].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** Gives each error the text of its line, so it formats without the sources at hand. */
export function attachSourceLines(errors: readonly PlaybookError[], sources: Record<string, string>): void {
  const split = new Map<string, string[]>();
  for (const error of errors) {
    const text = sources[error.file];
    if (text === undefined || error.sourceLine !== undefined) continue;
    let lines = split.get(error.file);
    if (!lines) split.set(error.file, (lines = text.split(/\r?\n/)));
    error.sourceLine = lines[error.line - 1];
  }
}
