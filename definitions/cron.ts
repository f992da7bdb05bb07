/**
 * Cron strings as Temporal's schedules read them, checked when a playbook is compiled rather
 * than when `tourflow schedule create` hands them to the server. The grammar is the server's
 * (`parseCronString` of Temporal's scheduler), which differs from crontab libraries: 5, 6 (with
 * a year) or 7 (seconds first) fields; month and weekday names by prefix; `@every 2h[/30m]`
 * and `@daily`-style names; no `L`, `W`, `#` or `?`.
 */
import { isTimeZone } from './actions/vocabulary.ts';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import type { PlaybookSource } from './source.ts';

/** A mistake in a cron string: what, and where in the string. */
export interface CronProblem {
  message: string;
  hint?: string;
  /** Offset and length of the offending part inside the string. */
  start: number;
  length: number;
}

interface Field {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
  /** Letters a name prefix needs at least. */
  prefix?: number;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const SECOND: Field = { name: 'second', min: 0, max: 59 };
const MINUTE: Field = { name: 'minute', min: 0, max: 59 };
const HOUR: Field = { name: 'hour', min: 0, max: 23 };
const DAY: Field = { name: 'day of month', min: 1, max: 31 };
const MONTH: Field = { name: 'month', min: 1, max: 12, names: MONTHS, prefix: 3 };
// 7 is Sunday too
const WEEKDAY: Field = { name: 'day of week', min: 0, max: 7, names: WEEKDAYS, prefix: 2 };
const YEAR: Field = { name: 'year', min: 2000, max: 2100 };

const LAYOUTS: Record<number, Field[]> = {
  5: [MINUTE, HOUR, DAY, MONTH, WEEKDAY],
  6: [MINUTE, HOUR, DAY, MONTH, WEEKDAY, YEAR],
  7: [SECOND, MINUTE, HOUR, DAY, MONTH, WEEKDAY, YEAR],
};

const NAMED = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

const FIELDS_HINT =
  'five fields: minute hour day-of-month month day-of-week, e.g. "0 6 * * *" (at 06:00 every day); a year may follow, seconds may lead';

/** The first mistake in a cron string, or undefined when Temporal accepts it. */
export function cronProblem(cron: string): CronProblem | undefined {
  const comment = cron.indexOf('#');
  const spec = comment >= 0 ? cron.slice(0, comment) : cron;
  const zone = /^\s*(CRON_TZ|TZ)=\S*/.exec(spec);
  if (zone) {
    return {
      message: 'the time zone goes in "timezone:", not in the cron string',
      hint: `write it as timezone: ${zone[0].split('=')[1] || 'Europe/Berlin'}`,
      start: spec.indexOf(zone[1] as string),
      length: zone[0].trim().length,
    };
  }
  const trimmed = spec.trim();
  if (trimmed.startsWith('@every')) return everyProblem(spec);
  if (trimmed.startsWith('@')) {
    if (NAMED.has(trimmed)) return undefined;
    return {
      message: `unknown cron shorthand "${trimmed}"`,
      hint: 'use @hourly, @daily, @weekly, @monthly, @yearly or @every <interval>',
      start: spec.indexOf('@'),
      length: trimmed.length,
    };
  }
  const fields = [...spec.matchAll(/\S+/g)];
  const layout = LAYOUTS[fields.length];
  if (!layout) {
    return {
      message: `a cron string has 5 to 7 fields, this one has ${fields.length}`,
      hint: FIELDS_HINT,
      start: 0,
      length: Math.max(1, spec.trimEnd().length),
    };
  }
  for (const [i, match] of fields.entries()) {
    const problem = fieldProblem(match[0], layout[i] as Field);
    if (problem) return { ...problem, start: match.index + problem.start };
  }
  return undefined;
}

/** A field: comma-separated parts, each `*`, `n`, `a-b`, optionally with `/step`. */
function fieldProblem(text: string, field: Field): CronProblem | undefined {
  let at = 0;
  for (const part of text.split(',')) {
    const problem = partProblem(part, field);
    if (problem) return { ...problem, start: at + problem.start };
    at += part.length + 1;
  }
  return undefined;
}

function partProblem(part: string, field: Field): CronProblem | undefined {
  const slashes = part.split('/');
  if (slashes.length > 2) return malformed(part, field);
  const [range = '', step] = slashes;
  if (step !== undefined && !(/^\+?\d+$/.test(step) && Number(step) >= 1)) {
    return {
      message: `the step "/${step}" in the ${field.name} field must be a whole number of at least 1`,
      start: range.length,
      length: step.length + 1,
    };
  }
  if (range === '*') return undefined;
  const bounds = range.split('-');
  if (bounds.length > 2) return malformed(part, field);
  const [first = '', last] = bounds;
  const start = valueOf(first, field, field.min);
  if (typeof start !== 'number') return { ...start, start: 0 };
  if (last === undefined) return undefined;
  const end = valueOf(last, field, start);
  return typeof end === 'number' ? undefined : { ...end, start: first.length + 1 };
}

/** A value of a field: a number in range or, for months and weekdays, a name (prefix). */
function valueOf(text: string, field: Field, min: number): number | CronProblem {
  let value: number | undefined;
  if (field.names && text.length >= (field.prefix ?? 1) && /^[a-z]+$/i.test(text)) {
    const index = field.names.findIndex((name) => name.startsWith(text.toLowerCase()));
    if (index >= 0) value = field === MONTH ? index + 1 : index;
  }
  if (value === undefined && /^\+?\d+$/.test(text)) value = Number(text);
  const length = Math.max(1, text.length);
  if (value === undefined) {
    const names = field.names ? ` or a name like ${field === MONTH ? 'jan' : 'mon'}` : '';
    const special = /[LW#?]/.test(text) ? 'Temporal’s cron has no L, W, # or ?: list the values instead; ' : '';
    return {
      message: `"${text}" is not a ${field.name}`,
      hint: `${special}give a number from ${field.min} to ${field.max}${names}, a range a-b, a list a,b or a step */n`,
      start: 0,
      length,
    };
  }
  if (value < min || value > field.max) {
    const what =
      min > field.min ? `from ${min} (the start of the range) to ${field.max}` : `from ${field.min} to ${field.max}`;
    return {
      message: `${field.name} ${value} is out of range`,
      hint: `the ${field.name} goes ${what}`,
      start: 0,
      length,
    };
  }
  return value;
}

function malformed(part: string, field: Field): CronProblem {
  return {
    message: `"${part}" is not a valid ${field.name} field`,
    hint: 'write *, n, a-b, a,b or a step like */15 or 1-5/2',
    start: 0,
    length: Math.max(1, part.length),
  };
}

/** `@every <interval>[/<phase>]`, as Go durations with `d` for days; at least a second. */
function everyProblem(spec: string): CronProblem | undefined {
  const at = spec.indexOf('@every');
  const rest = spec.slice(at + '@every'.length);
  const text = rest.trim();
  const offset = at + '@every'.length + rest.indexOf(text);
  const [interval = '', phase] = text.split('/');
  const hint = 'e.g. @every 2h, @every 1d/6h (every day at 06:00 UTC)';
  const intervalMs = durationMs(interval);
  if (intervalMs === undefined)
    return {
      message: `"${interval || '@every'}" is not an interval`,
      hint,
      start: interval ? offset : at,
      length: Math.max(1, interval.length || 6),
    };
  if (intervalMs < 1000)
    return {
      message: `the interval ${interval} is shorter than a second`,
      hint,
      start: offset,
      length: interval.length,
    };
  if (phase === undefined) return undefined;
  const phaseMs = durationMs(phase);
  const phaseAt = offset + interval.length + 1;
  if (phaseMs === undefined)
    return { message: `"${phase}" is not a phase`, hint, start: phaseAt, length: Math.max(1, phase.length) };
  if (phaseMs >= intervalMs)
    return {
      message: `the phase ${phase} is not shorter than the interval ${interval}`,
      hint,
      start: phaseAt,
      length: phase.length,
    };
  return undefined;
}

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A Go duration (`1h30m`, `90s`, `1.5h`, `2d`) in milliseconds, or undefined. */
function durationMs(text: string): number | undefined {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, , unit] of text.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h|d)/g))
    total += Number(amount) * (UNIT_MS[unit as string] as number);
  return total;
}

/**
 * Mistakes in a playbook's `schedule:` that the server would refuse only when the schedule is
 * created: its cron string, and a time zone written in other letter case than its name (the
 * format check already refuses unknown zones; Temporal looks zones up case-sensitively).
 */
export function checkSchedule(schedule: unknown, source: PlaybookSource): PlaybookError[] {
  if (schedule === null || typeof schedule !== 'object') return [];
  const { cron, timezone } = schedule as { cron?: unknown; timezone?: unknown };
  const errors: PlaybookError[] = [];
  const problem = typeof cron === 'string' && cron.trim() !== '' ? cronProblem(cron) : undefined;
  if (problem) {
    const place = source.placeIn(['schedule', 'cron'], cron as string, problem.start, problem.length);
    errors.push(
      new PlaybookError(PlaybookErrorCode.invalidField, `schedule.cron: ${problem.message}`, {
        file: source.file,
        ...place,
        hint: problem.hint,
      }),
    );
  }
  const canonical = typeof timezone === 'string' && isTimeZone(timezone) ? canonicalZone(timezone) : undefined;
  if (canonical && canonical !== timezone && canonical.toLowerCase() === (timezone as string).toLowerCase()) {
    const place = source.place(['schedule', 'timezone']);
    errors.push(
      new PlaybookError(PlaybookErrorCode.invalidField, `schedule.timezone: time zone names are case-sensitive here`, {
        file: source.file,
        ...place,
        hint: `write it as ${canonical}`,
      }),
    );
  }
  return errors;
}

function canonicalZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}
