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
}

/** One mistake in a playbook, at a place in its source. */
export class PlaybookError extends Error {
  readonly code: PlaybookErrorCode;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly hint: string | undefined;
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
  const text = error.sourceLine ?? source?.split(/\r?\n/)[error.line - 1];
  if (text !== undefined) {
    const gutter = String(error.line).padStart(5);
    const caretLength = Math.max(1, Math.min(error.length, text.length - error.column + 1));
    lines.push(`${gutter} | ${text}`);
    lines.push(`${' '.repeat(gutter.length)} | ${' '.repeat(error.column - 1)}${'^'.repeat(caretLength)}`);
  }
  if (error.hint) lines.push(`  hint: ${error.hint}`);
  return lines.join('\n');
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
