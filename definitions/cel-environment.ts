/**
 * CEL's environment for playbook expressions: the operators and functions they have beyond
 * CEL's own, and parsing with a cache. Workflow-safe (bundled with `expressions.ts`): no Node
 * built-ins, no I/O, no clock; `run.now`, handed over by the evaluation under way, is the only
 * notion of time.
 */
import { Environment, ParseError, type ParseResult } from '@marcbachmann/cel-js';
import { addDays, addMinutes, dateRange, formatDate, localDate, minutesBetween, weekday } from './date-helpers.ts';
import { TextCache } from './text-cache.ts';
import { ExpressionError } from './templates.ts';

/** Words of the expression language that are not names: a field after a dot cannot be one (`item.in`). */
export const CEL_RESERVED_WORDS: ReadonlySet<string> = new Set([
  'as',
  'break',
  'const',
  'continue',
  'else',
  'false',
  'for',
  'function',
  'if',
  'import',
  'in',
  'let',
  'loop',
  'namespace',
  'null',
  'package',
  'return',
  'true',
  'var',
  'void',
  'while',
]);

const env = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  enableOptionalTypes: true,
});
// Playbook authors write `capacity * 1.5`; CEL alone would refuse to mix int and double.
for (const op of ['+', '-', '*', '/'] as const) {
  const apply = (a: number, b: number): number =>
    op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
  env.registerOperator(`int ${op} double`, (a: bigint, b: number) => apply(Number(a), b));
  env.registerOperator(`double ${op} int`, (a: number, b: bigint) => apply(a, Number(b)));
}

// A few list helpers CEL lacks, all pure: combining per-item results of forEach steps.
env.registerFunction('list.flatten(): list', (list: unknown[]) =>
  list.flatMap((item) => (Array.isArray(item) ? item : [item])),
);
env.registerFunction('list.sum(): dyn', (list: unknown[]) => sumOf(list));
env.registerFunction('list.distinct(): list', (list: unknown[]) => {
  const seen = new Set<string>();
  return list.filter((item) => {
    const key = JSON.stringify(item, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
    return seen.has(key) ? false : (seen.add(key), true);
  });
});

// Dates the way people say them (`date-helpers.ts`). `today`/`tomorrow` read the run's start and
// zone, handed over by `setRunStart` for the evaluation under way; without a zone of their own
// they are in the run's zone (`run.timeZone`: the tour's, where the run knows its tour), else UTC.
let runStart: string | undefined;
let runZone = 'UTC';
const startOfRun = (): string => {
  if (runStart === undefined)
    throw new RangeError('today() and tomorrow() need the run (they are not known at compile time)');
  return runStart;
};
env.registerFunction('today(): string', () => localDate(startOfRun(), runZone));
env.registerFunction('today(string): string', (zone: string) => localDate(startOfRun(), zone));
env.registerFunction('tomorrow(): string', () => addDays(localDate(startOfRun(), runZone), 1));
env.registerFunction('tomorrow(string): string', (zone: string) => addDays(localDate(startOfRun(), zone), 1));
env.registerFunction('addDays(string, int): string', (date: string, days: bigint) => addDays(date, Number(days)));
env.registerFunction('weekday(string): string', (date: string) => weekday(date));
env.registerFunction('dates(string, string): list', (from: string, to: string) => dateRange(from, to));
env.registerFunction('formatDate(string, string): string', (date: string, pattern: string) =>
  formatDate(date, pattern),
);
env.registerFunction('formatDate(string, string, string): string', (date: string, pattern: string, locale: string) =>
  formatDate(date, pattern, locale),
);
// Times of day (`date-helpers.ts`), round the clock.
env.registerFunction('addMinutes(string, int): string', (time: string, minutes: bigint) =>
  addMinutes(time, Number(minutes)),
);
env.registerFunction('addHours(string, int): string', (time: string, hours: bigint) =>
  addMinutes(time, Number(hours) * 60),
);
env.registerFunction('minutesBetween(string, string): int', (from: string, to: string) =>
  BigInt(minutesBetween(from, to)),
);

/**
 * Sets the run start (`run.now`) and zone (`run.timeZone`) that `today()` and `tomorrow()` read
 * in the evaluation about to run; `undefined` outside a run, where they fail. @default zone UTC
 */
export function setRunStart(now: string | undefined, zone = 'UTC'): void {
  runStart = now;
  runZone = zone;
}

/**
 * A new environment with the functions and operators expressions have, for checking them at
 * compile time; the caller declares the names it knows the types of. Evaluation never uses it.
 */
export function checkingEnvironment(): Environment {
  return env.clone();
}

function sumOf(list: unknown[]): bigint | number {
  if (list.every((item) => typeof item === 'bigint')) return (list as bigint[]).reduce((a, b) => a + b, 0n);
  return list.reduce<number>((total, item) => {
    if (typeof item !== 'number' && typeof item !== 'bigint') throw new TypeError('sum() takes a list of numbers');
    return total + Number(item);
  }, 0);
}

// Parsing is the expensive part; playbooks repeat the same few expressions, so parse once.
const parsed = new TextCache<ParseResult>();

/** The parsed program of a bare expression. Throws `ExpressionError` on bad syntax. */
export function parseExpression(expression: string): ParseResult {
  let result = parsed.get(expression);
  if (result) return result;
  try {
    result = env.parse(expression);
  } catch (error) {
    if (error instanceof ParseError) {
      throw new ExpressionError(error.summary || error.message, {
        expression,
        start: error.range?.start,
        end: error.range?.end,
        cause: error,
      });
    }
    throw error;
  }
  parsed.set(expression, result);
  return result;
}
