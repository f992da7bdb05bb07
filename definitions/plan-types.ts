/**
 * The compiled plan: plain, versioned JSON that the interpreter workflow runs.
 *
 * This file is workflow-safe: it imports nothing and holds only types and constants, so
 * `workflows/` may import it. The parser and compiler live beside it and are never bundled
 * into workflow code.
 */

/** Bumped on any change to the plan's shape that old workflow code could not read. */
export const PLAN_VERSION = 1 as const;

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * A JSON value whose strings may hold `${{ expression }}` templates. A string that is exactly
 * one template evaluates to the expression's value (any type); a string with text around
 * templates evaluates to a string.
 */
export type Template = JsonValue;

export const InputType = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  enum: 'enum',
  list: 'list',
} as const;
export type InputType = (typeof InputType)[keyof typeof InputType];

/** The date forms an input or field may declare (ISO is always read). */
export type DateFormat =
  'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'DD-MM-YYYY' | 'MM/DD/YYYY' | 'MM.DD.YYYY' | 'MM-DD-YYYY';

/** A field of a list input's elements (a column of a CSV or Excel file). */
export interface PlanField {
  type: InputType;
  /** False when a row may leave it empty: the field is then absent, or its default. */
  required: boolean;
  default?: JsonValue;
  /** How its dates are written besides ISO. */
  format?: DateFormat;
}

export interface PlanInput {
  type: InputType;
  required: boolean;
  default?: JsonValue;
  /** Allowed values of an `enum` input. */
  values?: string[];
  /** Element type of a `list` input. */
  items?: InputType;
  /**
   * Fields of each element of a `list` input (a row of a CSV or Excel file), by name; every
   * element is an object with each required one, converted to its type like any input.
   */
  fields?: Record<string, PlanField>;
  /** How dates are written besides ISO (`DD.MM.YYYY`, `MM/DD/YYYY`…): of a `date` input, or its list's date fields. */
  format?: DateFormat;
  description?: string;
  /** Where the input is declared, for error messages about its value. */
  source?: SourceLocation;
}

export const FailurePolicy = { rollback: 'rollback', continue: 'continue' } as const;
export type FailurePolicy = (typeof FailurePolicy)[keyof typeof FailurePolicy];

/** Overrides of the default activity retry policy, in Temporal's duration strings ("1s", "2m"). */
export interface RetryOverride {
  maximumAttempts?: number;
  initialInterval?: string;
  backoffCoefficient?: number;
  maximumInterval?: string;
  /** API error codes (failure types) not to retry beyond the defaults. */
  nonRetryableErrorTypes?: string[];
}

/** Most calls one batch activity of a `forEach` makes (`batch`, and `batchSize` in workflows/for-each.ts). */
export const MAX_BATCH = 200;

export interface ForEach {
  /** Expression yielding the list to iterate. */
  items: string;
  /** Name the current element is bound to in expressions. @default 'item' */
  as: string;
  /** How many iterations run at once. @default 10 */
  concurrency: number;
  /** Iterations per activity; absent: chosen from the list's length (`batchSize` in workflows/for-each.ts). */
  batch?: number;
  /** Expression giving each element's stable key (for idempotency keys). @default the index */
  key?: string;
  /**
   * The step's `if` when it reads the element or `index`: evaluated per element, and an element
   * for which it is false is skipped (its output `null`). Absent: the `if`, if any, is the step's.
   */
  if?: string;
}

/** Position of a construct in the playbook source, 1-based. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** What an action does to the API's records; decides how the interpreter registers its undo. */
export const ActionKind = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  read: 'read',
  bulk: 'bulk',
  control: 'control',
} as const;
export type ActionKind = (typeof ActionKind)[keyof typeof ActionKind];

export interface PlanStep {
  id: string;
  /** Catalogue action name, e.g. `tour.create`. */
  action: string;
  /** The catalogue's kind of the action. */
  kind: ActionKind;
  /** Temporal activity implementing the action, e.g. `tourCreate`. */
  activity: string;
  /** A read the catalogue runs as a plain activity (long, or saving files), not a local one. */
  plainActivity?: true;
  /** Arguments in the playbook's friendly vocabulary; templates are evaluated at run time. */
  args: Template;
  /** Step IDs this step waits for: explicit `needs` plus every step its expressions reference. */
  needs: string[];
  forEach?: ForEach;
  /** Expression; the step is skipped when it evaluates to false. */
  if?: string;
  retry?: RetryOverride;
  /** Start-to-close timeout of each call, Temporal duration string. */
  timeout?: string;
  onFailure: FailurePolicy;
  /** Named outputs: name -> expression over `result` (and `inputs`, `steps`). */
  outputs: Record<string, string>;
  /** The step may destroy data that cannot be restored; set only when the playbook says so. */
  allowDestroy: boolean;
  /** What undoing this step does, in words, for `tourflow plan`; null when nothing to undo. */
  compensation: string | null;
  /** For `approval` steps: how long to wait for `tourflow approve`, duration string. */
  approvalTimeout?: string;
  source?: SourceLocation;
  /**
   * Why the step destroys data beyond undo (it carries `allowDestroy: true`); `tourflow plan`
   * marks it. Decided at compile time, conservatively when the arguments are run-time expressions.
   */
  destroys?: string;
  /** For `playbook.run` steps: the included playbook, compiled; its inputs are the step's `args.inputs`. */
  plan?: Plan;
}

/** When a playbook runs by itself (a Temporal Schedule). */
export interface PlanSchedule {
  /** Cron expression, e.g. `0 6 * * *`. */
  cron: string;
  /** IANA time zone of the cron expression. @default 'UTC' */
  timezone?: string;
  /** Inputs of the scheduled runs. */
  inputs?: JsonObject;
}

export interface Plan {
  version: typeof PLAN_VERSION;
  name: string;
  description?: string;
  inputs: Record<string, PlanInput>;
  steps: PlanStep[];
  /** Playbook-level outputs: name -> template over `inputs` and `steps`. */
  outputs: Record<string, Template>;
  /** Undo completed steps when the run fails or is cancelled. @default true */
  rollback: boolean;
  /** A run that ends needing manual repair tells this webhook of the worker (\`notify\`). */
  onManualRepair?: { notify: string };
  /** Steps grouped into layers that may run in parallel, in order. */
  groups: string[][];
  /** Content hash of the playbook source, for telling plans apart. */
  sourceHash: string;
  schedule?: PlanSchedule;
  /** The playbook file the plan was compiled from, as given to the compiler. */
  file?: string;
  /**
   * The input that names the run's tour (`tourId`), when the playbook calls `today()` or
   * `tomorrow()` without a zone: the run reads that tour's time zone once when it starts (kept in
   * its history) and they give dates there. Absent: they are in UTC.
   */
  tourZoneInput?: string;
}

/** The input that names a run's tour, by convention. */
export const TOUR_ID_INPUT = 'tourId';
