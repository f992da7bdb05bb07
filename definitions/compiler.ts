/**
 * The compiler: playbook text -> plan. Parse, check the format, resolve actions and included
 * playbooks, check arguments and expressions, build the step graph. Every mistake is collected
 * and returned at once; a plan comes back only when there are none.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { attachSourceLines, PlaybookError, PlaybookErrorCode, sortErrors } from './errors.ts';
import { inputSchema, playbookSchemaWith } from './format.ts';
import { findCycle, layers } from './graph.ts';
import { includePlaybook, type IncludeOptions } from './include.ts';
import { compileInput, inputProblems } from './inputs.ts';
import { issuesToErrors } from './issues.ts';
import { compileStep, factsOf, resolveAction, stepDocument, stepSchemaOf, type StepEntry } from './compile-step.ts';
import {
  PLAN_VERSION,
  TOUR_ID_INPUT,
  type JsonObject,
  type JsonValue,
  type Plan,
  type PlanInput,
  type PlanStep,
} from './plan-types.ts';
import { TypeScope } from './cel-types.ts';
import { checkSchedule } from './cron.ts';
import { checkExpressions, type ReferenceContext } from './references.ts';
import { parseSource, type PlaybookSource } from './source.ts';
import { checkZonelessDates, usesZonelessToday } from './zone-check.ts';
import { readEventFromInput } from './event-rewrite.ts';
import { compileTriggers } from './triggers.ts';
import { RECORD_FIELDS, TriggerResource, type TriggeredPlan } from './trigger-types.ts';

export interface CompileOptions extends IncludeOptions {
  /** Name of the file in error messages and step sources. */
  file: string;
  /** Inputs of a run, checked against the declarations (`--input k=v` strings or values). */
  inputs?: Record<string, string | JsonValue>;
}

export interface CompileResult {
  /** The plan; present only when there are no errors. */
  plan?: Plan;
  errors: PlaybookError[];
  /** Texts of the compiled files (the playbook and what it includes), for `formatErrors`. */
  sources: Record<string, string>;
}

const topLevelSchema = playbookSchemaWith(z.unknown()).extend({ triggers: z.unknown().optional() });

/** Compiles playbook text. */
export async function compilePlaybookSource(text: string, options: CompileOptions): Promise<CompileResult> {
  const result = await compile(text, options);
  attachSourceLines(result.errors, result.sources);
  return { ...result, errors: sortErrors(result.errors) };
}

async function compile(text: string, options: CompileOptions): Promise<CompileResult> {
  const sources: Record<string, string> = { [options.file]: text };
  const source = parseSource(options.file, text);
  if (source.errors.length > 0) return { errors: source.errors, sources };
  const errors: PlaybookError[] = [];
  const top = topLevelSchema.safeParse(source.value ?? {});
  if (!top.success)
    errors.push(...issuesToErrors(top.error.issues, { source, base: [], value: source.value, schema: topLevelSchema }));
  const document = (isObject(source.value) ? source.value : {}) as Record<string, unknown>;
  const inputs = compileInputs(document.inputs, source, errors);
  const entries = await stepEntries(document.steps, source, errors, options, sources);
  const facts = factsMap(entries);
  const events = watchedRecords(document.triggers);
  const context: ReferenceContext = {
    source,
    steps: facts,
    inputs: Object.keys(inputs),
    errors,
    types: new TypeScope(inputs, facts, events),
    event: events !== undefined,
  };
  const compiled = compileSteps(entries, context);
  const outputs = isObject(document.outputs) ? (document.outputs as JsonObject) : {};
  checkExpressions(outputs, ['outputs'], {}, context);
  const triggers = compileTriggers(document.triggers, context);
  const { steps, outputs: planOutputs } =
    triggers.length > 0 ? readEventFromInput({ steps: compiled, outputs }) : { steps: compiled, outputs };
  errors.push(...checkSchedule(document.schedule, source));
  if (!inputs[TOUR_ID_INPUT]) errors.push(...checkZonelessDates(document, source));
  if (options.inputs) checkRunInputs(inputs, options.inputs, source, errors);
  if (errors.length > 0 || !top.success) return { errors, sources };
  const plan: TriggeredPlan = {
    version: PLAN_VERSION,
    name: top.data.name,
    ...(top.data.description ? { description: top.data.description } : {}),
    inputs,
    steps,
    outputs: planOutputs,
    rollback: top.data.rollback ?? true,
    ...(top.data.onManualRepair ? { onManualRepair: top.data.onManualRepair } : {}),
    groups: layers(steps),
    sourceHash: `sha256:${createHash('sha256').update(text).digest('hex')}`,
    ...(top.data.schedule ? { schedule: top.data.schedule as Plan['schedule'] } : {}),
    file: options.file,
    ...(inputs[TOUR_ID_INPUT] && usesZonelessToday({ steps, outputs }) ? { tourZoneInput: TOUR_ID_INPUT } : {}),
    ...(triggers.length > 0 ? { triggers } : {}),
  };
  return { plan, errors, sources };
}

/** The records the playbook's triggers watch (`days` for a time event); undefined without triggers. */
function watchedRecords(raw: unknown): TriggerResource[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.map((trigger: unknown) => {
    const on = isObject(trigger) && isObject(trigger.on) ? trigger.on : {};
    return typeof on.record === 'string' && on.record in RECORD_FIELDS
      ? (on.record as TriggerResource)
      : TriggerResource.days;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function compileInputs(raw: unknown, source: PlaybookSource, errors: PlaybookError[]): Record<string, PlanInput> {
  const inputs: Record<string, PlanInput> = {};
  if (!isObject(raw)) return inputs;
  for (const [name, document] of Object.entries(raw)) {
    const parsed = inputSchema.safeParse(document);
    if (parsed.success) inputs[name] = compileInput(name, parsed.data, source, errors);
  }
  return inputs;
}

async function stepEntries(
  raw: unknown,
  source: PlaybookSource,
  errors: PlaybookError[],
  options: CompileOptions,
  sources: Record<string, string>,
): Promise<StepEntry[]> {
  if (!Array.isArray(raw)) return [];
  const entries: StepEntry[] = [];
  const seen = new Map<string, number>();
  for (const [index, value] of raw.entries()) {
    const schema = stepSchemaOf(value);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      errors.push(...issuesToErrors(parsed.error.issues, { source, base: ['steps', index], value, schema }));
      continue;
    }
    const { document, set } = stepDocument(parsed.data);
    if (seen.has(document.id)) {
      const first = source.place(['steps', seen.get(document.id) as number, 'id']);
      errors.push(
        new PlaybookError(PlaybookErrorCode.duplicateStep, `duplicate step id "${document.id}"`, {
          file: source.file,
          ...source.place(['steps', index, 'id']),
          hint: `the first is at line ${first.line}; step ids must be unique`,
        }),
      );
      continue;
    }
    seen.set(document.id, index);
    const action = set ? undefined : resolveAction({ index, document }, source, errors);
    const entry: StepEntry = { index, document, action, ...(set ? { set } : {}) };
    if (action?.name === 'playbook.run')
      entry.plan = await includePlaybook(
        entry,
        source,
        errors,
        { ...options, compile: compilePlaybookSource },
        sources,
      );
    entries.push(entry);
  }
  return entries;
}

function factsMap(entries: readonly StepEntry[]): ReferenceContext['steps'] {
  return new Map(entries.map((entry) => [entry.document.id, factsOf(entry)]));
}

function compileSteps(entries: StepEntry[], context: ReferenceContext): PlanStep[] {
  const { source, errors } = context;
  const steps = entries.map((entry) => compileStep(entry, source, context));
  const cycle = findCycle(steps);
  if (cycle) {
    const first = entries.find((entry) => entry.document.id === cycle[0]);
    errors.push(
      new PlaybookError(PlaybookErrorCode.dependencyCycle, `dependency cycle: ${cycle.join(' -> ')}`, {
        file: source.file,
        ...source.place(['steps', first?.index ?? 0, 'id']),
        hint: 'a step cannot wait, directly or through others, for itself; remove one of the needs or references',
      }),
    );
  }
  return steps;
}

function checkRunInputs(
  inputs: Record<string, PlanInput>,
  given: Record<string, string | JsonValue>,
  source: PlaybookSource,
  errors: PlaybookError[],
): void {
  for (const problem of inputProblems({ inputs }, given).problems) {
    const place = inputs[problem.name]
      ? source.place(['inputs', problem.name], 'key')
      : { line: 1, column: 1, length: 1 };
    errors.push(new PlaybookError(PlaybookErrorCode.inputInvalid, problem.message, { file: source.file, ...place }));
  }
}
