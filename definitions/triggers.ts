/**
 * The `triggers:` block: its format, and its compilation into `PlanTrigger`s. Each trigger's
 * `on:` is checked against the records a watcher reads (`trigger-types.ts`), its expressions
 * (`where`, `debounce.key`, `inputs`) against the names in scope, `event` among them.
 */
import { z } from 'zod';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { duration, identifier, jsonValue } from './format.ts';
import { issuesToErrors } from './issues.ts';
import type { JsonObject } from './plan-types.ts';
import { checkExpressions, type ReferenceContext } from './references.ts';
import type { PlaybookSource } from './source.ts';
import { suggestion } from './suggest.ts';
import {
  RECORD_FIELDS,
  RecordEventKind,
  STATUS_FIELDS,
  TriggerResource,
  type PlanTrigger,
  type RecordOn,
  type TimeOn,
} from './trigger-types.ts';

const resources = Object.values(TriggerResource) as [TriggerResource, ...TriggerResource[]];
const kinds = Object.values(RecordEventKind) as [RecordEventKind, ...RecordEventKind[]];
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a local time "HH:mm", e.g. "09:00"');

export const recordOnSchema = z.strictObject({
  record: z.enum(resources).describe('The records watched.'),
  events: z
    .array(z.enum(kinds))
    .min(1)
    .optional()
    .describe('What fires: created, changed, deleted, statusChanged. @default all four'),
  fields: z
    .array(z.string())
    .min(1)
    .optional()
    .describe('`changed` fires only when one of these fields changed. @default any field'),
});

export const timeOnSchema = z.strictObject({
  before: z
    .union([duration, z.strictObject({ days: z.number().int().min(0).max(366), at: localTime })])
    .describe('How long before each day: a duration before its start ("48h"), or { days, at: "HH:mm" } in its zone.'),
  dayType: z.string().min(1).optional().describe('Only days of this type, e.g. Show. @default every day'),
  late: duration
    .optional()
    .describe('A moment missed by less than this fires late; by more, it is skipped. @default 1h'),
});

export const triggerSchema = z
  .strictObject({
    id: identifier.describe('Name of the trigger, unique in the playbook.'),
    tour: z.string().min(1).describe('The tour watched: its ID, its name, or a template over inputs.'),
    on: z.union([recordOnSchema, timeOnSchema]).describe('Record events or a time event.'),
    where: z.string().min(1).optional().describe('Expression over `event` that must be true for the trigger to fire.'),
    debounce: z
      .strictObject({
        quiet: duration.describe('Fire once no event of the same key came for this long.'),
        max: duration.optional().describe('Fire at the latest this long after the first event. @default 10 x quiet'),
        key: z.string().optional().describe('Expression over `event` grouping events. @default the record'),
      })
      .optional(),
    inputs: z
      .record(identifier, jsonValue)
      .optional()
      .describe('Inputs of the run: templates over `event` and `inputs`.'),
  })
  .describe('Start the playbook when a record of a tour changes or a day comes up.');

export const triggersSchema = z.array(triggerSchema).min(1).describe('When the playbook starts by itself.');

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a duration string (`30s`, `2m`, `1.5h`). */
export function durationMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  return Math.round(Number(match[1]) * (DURATION_UNITS[match[2] as string] as number));
}

const DEFAULT_LATE_MS = 3_600_000;
const shellSchema = triggerSchema.extend({ on: z.unknown() });

/** Compiles `triggers:`; mistakes go to `context.errors`. */
export function compileTriggers(raw: unknown, context: ReferenceContext): PlanTrigger[] {
  if (raw === undefined) return [];
  const { source, errors } = context;
  if (!Array.isArray(raw)) return [];
  const triggers: PlanTrigger[] = [];
  const seen = new Set<string>();
  for (const [index, value] of raw.entries()) {
    const base = ['triggers', index];
    const parsed = shellSchema.safeParse(value);
    if (!parsed.success) {
      errors.push(...issuesToErrors(parsed.error.issues, { source, base, value, schema: shellSchema }));
      continue;
    }
    const document = parsed.data;
    if (seen.has(document.id)) {
      errors.push(
        new PlaybookError(PlaybookErrorCode.duplicateStep, `duplicate trigger id "${document.id}"`, {
          file: source.file,
          ...source.place([...base, 'id']),
          hint: 'trigger ids must be unique',
        }),
      );
    }
    seen.add(document.id);
    const on = compileOn(document.on, [...base, 'on'], source, errors);
    checkExpressions(document.tour, [...base, 'tour'], {}, context);
    if (document.where) checkExpressions(document.where, [...base, 'where'], { expect: 'bool' }, context, true);
    if (document.debounce?.key)
      checkExpressions(document.debounce.key, [...base, 'debounce', 'key'], {}, context, true);
    checkExpressions(document.inputs ?? {}, [...base, 'inputs'], {}, context);
    for (const name of Object.keys(document.inputs ?? {})) {
      if (!context.inputs.includes(name)) {
        errors.push(
          new PlaybookError(PlaybookErrorCode.unknownInput, `the playbook has no input "${name}"`, {
            file: source.file,
            ...source.place([...base, 'inputs', name], 'key'),
            hint: suggestion(name, context.inputs, 'inputs') ?? 'declare it under "inputs:"',
          }),
        );
      }
    }
    if (!on) continue;
    const quietMs = document.debounce ? durationMs(document.debounce.quiet) : 0;
    triggers.push({
      id: document.id,
      tour: document.tour,
      on,
      ...(document.where ? { where: document.where } : {}),
      ...(document.debounce
        ? {
            debounce: {
              quietMs,
              maxMs: document.debounce.max ? durationMs(document.debounce.max) : quietMs * 10,
              ...(document.debounce.key ? { key: document.debounce.key } : {}),
            },
          }
        : {}),
      inputs: (document.inputs ?? {}) as JsonObject,
      source: { file: source.file, ...source.position(base) },
    });
  }
  return triggers;
}

function compileOn(
  value: unknown,
  path: (string | number)[],
  source: PlaybookSource,
  errors: PlaybookError[],
): RecordOn | TimeOn | undefined {
  const isRecord = value !== null && typeof value === 'object' && 'record' in value;
  const schema = isRecord ? recordOnSchema : timeOnSchema;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    errors.push(...issuesToErrors(parsed.error.issues, { source, base: path, value, schema }));
    return undefined;
  }
  if (!('record' in parsed.data)) {
    const time = parsed.data;
    const before = typeof time.before === 'string' ? { ms: durationMs(time.before) } : time.before;
    return {
      before,
      ...(time.dayType ? { dayType: time.dayType } : {}),
      lateMs: time.late ? durationMs(time.late) : DEFAULT_LATE_MS,
    };
  }
  const on = parsed.data;
  const known = RECORD_FIELDS[on.record];
  const before = errors.length;
  for (const [i, field] of (on.fields ?? []).entries()) {
    if (!known.includes(field)) {
      errors.push(
        new PlaybookError(PlaybookErrorCode.invalidField, `${on.record} have no field "${field}"`, {
          file: source.file,
          ...source.place([...path, 'fields', i]),
          hint: suggestion(field, [...known], 'fields') ?? `their fields: ${known.join(', ')}`,
        }),
      );
    }
  }
  const events = on.events ?? [...kinds];
  if (on.events?.includes(RecordEventKind.statusChanged) && !STATUS_FIELDS[on.record]) {
    const at = on.events.indexOf(RecordEventKind.statusChanged);
    errors.push(
      new PlaybookError(
        PlaybookErrorCode.invalidField,
        `${on.record} have no status: "statusChanged" never fires on them`,
        { file: source.file, ...source.place([...path, 'events', at]), hint: 'use "changed" with fields: [...]' },
      ),
    );
  }
  if (errors.length > before) return undefined;
  return {
    record: on.record,
    events: events.filter((kind) => kind !== RecordEventKind.statusChanged || STATUS_FIELDS[on.record]),
    ...(on.fields ? { fields: on.fields } : {}),
  };
}
