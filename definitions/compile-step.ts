/** One step of a playbook: its action, arguments, guard, expressions and plan entry. */
import { DEFAULT_APPROVAL_TIMEOUT } from './actions/control.ts';
import { findAction, catalogue } from './actions/index.ts';
import type { ActionDefinition } from './actions/types.ts';
import { argKindErrors } from './arg-kinds.ts';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { isTemplate, referencesOf, scanTemplates, unwrapExpression } from './expressions.ts';
import type { StepDocument } from './format.ts';
import { ActionKind, FailurePolicy, type ForEach, type JsonObject, type Plan, type PlanStep } from './plan-types.ts';
import { checkExpressions, type ReferenceContext, type StepFacts } from './references.ts';
import type { PlaybookSource } from './source.ts';
import { checkArgs } from './step-args.ts';
import { suggestion } from './suggest.ts';

/** A step that passed the format check, with where it is and what it runs. */
export interface StepEntry {
  index: number;
  document: StepDocument;
  action: ActionDefinition | undefined;
  /** For `playbook.run`: the included playbook. */
  plan?: Plan;
  /** For a `set` step: the values it names (its `set:`). */
  set?: JsonObject;
}

export { stepDocument, stepSchemaOf } from './set-step.ts';

/** The catalogue action a step names; an unknown name is an error with the closest name. */
export function resolveAction(
  entry: Omit<StepEntry, 'action'>,
  source: PlaybookSource,
  errors: PlaybookError[],
): ActionDefinition | undefined {
  const name = entry.document.action;
  const action = findAction(name);
  if (!action) {
    errors.push(
      new PlaybookError(PlaybookErrorCode.unknownAction, `unknown action "${name}"`, {
        file: source.file,
        ...source.place(['steps', entry.index, 'action']),
        hint:
          suggestion(name, [...catalogue.keys()], 'actions') ??
          'run `tourflow schema` or see docs/playbooks.md for the actions',
      }),
    );
  }
  return action;
}

/** What other steps' expressions may read of this one. */
export function factsOf(entry: StepEntry): StepFacts {
  const declared = Object.keys(entry.set ?? entry.document.outputs ?? {});
  let outputs: ReadonlySet<string> | undefined;
  if (entry.plan) outputs = new Set([...Object.keys(entry.plan.outputs), ...declared]);
  else if (entry.set) outputs = new Set(declared);
  else if (entry.action)
    outputs =
      declared.length > 0 ? new Set([...actionOutputs(entry.action), ...declared]) : actionOutputs(entry.action);
  return {
    id: entry.document.id,
    outputs,
    forEach: entry.document.forEach !== undefined,
    named: declared,
    ...(entry.set ? { values: entry.set } : {}),
    // an included playbook's outputs are its own, not those of `playbook.run`
    ...(entry.action && !entry.plan ? { action: entry.action } : {}),
  };
}

const outputSets = new WeakMap<ActionDefinition, ReadonlySet<string>>();

/** An action's output names, as one shared set per action. */
function actionOutputs(action: ActionDefinition): ReadonlySet<string> {
  let names = outputSets.get(action);
  if (!names) outputSets.set(action, (names = new Set(Object.keys(action.outputs.shape))));
  return names;
}

/** `x` or `${{ x }}` as a template string, the form every plan expression takes. */
function asTemplate(expression: string): string {
  return isTemplate(expression) ? expression : `\${{ ${expression.trim()} }}`;
}

function forEachOf(document: StepDocument): ForEach | undefined {
  const spec = document.forEach;
  if (spec === undefined) return undefined;
  const form = typeof spec === 'string' ? { items: spec } : spec;
  return {
    items: asTemplate(form.items),
    as: ('as' in form && form.as) || 'item',
    concurrency: ('concurrency' in form && form.concurrency) || 10,
    ...('batch' in form && form.batch !== undefined ? { batch: form.batch } : {}),
    ...('key' in form && form.key !== undefined ? { key: asTemplate(form.key) } : {}),
  };
}

/** Checks a step's arguments and expressions and builds its plan entry. */
export function compileStep(entry: StepEntry, source: PlaybookSource, context: ReferenceContext): PlanStep {
  const { document, index, action } = entry;
  const base = ['steps', index];
  const args = entry.set ?? ((document.with ?? {}) as JsonObject);
  const argsField = entry.set ? 'set' : 'with';
  if (action) context.errors.push(...checkArgs(action, args, source, [...base, 'with']));
  const forEach = forEachOf(document);
  // a step naming itself is reported by checkNeeds; keep it out of the graph
  const explicit = typeof document.needs === 'string' ? [document.needs] : (document.needs ?? []);
  const needs = new Set<string>(explicit.filter((id) => id !== document.id));
  checkNeeds(entry, context);
  const item = forEach?.as;
  const itemNote = item
    ? `"${item}" is the element being iterated; it is not defined while the list itself is computed`
    : undefined;
  const read = (
    value: unknown,
    path: (string | number)[],
    place: Parameters<typeof checkExpressions>[2],
    bare = false,
  ) => {
    for (const id of checkExpressions(value, [...base, ...path], { step: document.id, ...place }, context, bare))
      needs.add(id);
  };
  const itemType =
    forEach && context.types
      ? context.types.elementType(unwrapExpression(forEach.items), { step: document.id })
      : undefined;
  read(args, [argsField], { item, itemType });
  const types = context.types;
  if (action && types)
    context.errors.push(
      ...argKindErrors(action, args, [...base, 'with'], source, (text) =>
        types.typeOf(text, { step: document.id, item, itemType }),
      ),
    );
  // An `if` that reads the element is a condition per element (`forEach.if`), else the step's.
  const condition = document.if;
  const perElement = item !== undefined && condition !== undefined && readsElement(condition, item);
  if (condition !== undefined)
    read(condition, ['if'], perElement ? { item, itemType, expect: 'bool' } : { expect: 'bool' }, true);
  if (perElement && forEach && condition !== undefined) forEach.if = asTemplate(condition);
  if (typeof document.forEach === 'string') read(document.forEach, ['forEach'], { itemNote, expect: 'list' }, true);
  else if (document.forEach) {
    read(document.forEach.items, ['forEach', 'items'], { itemNote, expect: 'list' }, true);
    if (document.forEach.key !== undefined) read(document.forEach.key, ['forEach', 'key'], { item, itemType }, true);
  }
  read(document.outputs ?? {}, ['outputs'], { item, itemType, result: true });
  if (document.action === 'approval' && isTemplate(args.timeout)) {
    const place = source.place([...base, 'with', 'timeout']);
    context.errors.push(
      new PlaybookError(
        PlaybookErrorCode.invalidArgument,
        'timeout: the approval timeout must be written out, not computed',
        { file: source.file, ...place },
      ),
    );
  }
  const destroys = guard(entry, args, source, context.errors);
  return planStep(entry, args, [...needs], forEach, destroys, source);
}

/** Whether a condition reads the `forEach` element (`as`) or `index`; one that does not parse is checked elsewhere. */
function readsElement(condition: string, as: string): boolean {
  try {
    return scanTemplates(asTemplate(condition)).some((part) =>
      referencesOf(part.expression).refs.some((ref) => ref.root === as || ref.root === 'index'),
    );
  } catch {
    return false;
  }
}

function checkNeeds(entry: StepEntry, context: ReferenceContext): void {
  const needs = entry.document.needs;
  const list = typeof needs === 'string' ? [needs] : (needs ?? []);
  list.forEach((id, i) => {
    if (context.steps.has(id) && id !== entry.document.id) return;
    const path = ['steps', entry.index, 'needs', ...(typeof needs === 'string' ? [] : [i])];
    const self = id === entry.document.id;
    const message = self ? `step "${id}" cannot wait for itself` : `unknown step "${id}"`;
    const hint = self ? undefined : suggestion(id, [...context.steps.keys()], 'steps');
    context.errors.push(
      new PlaybookError(self ? PlaybookErrorCode.dependencyCycle : PlaybookErrorCode.unknownStep, message, {
        file: context.source.file,
        ...context.source.place(path),
        hint,
      }),
    );
  });
}

/** The reason a step destroys data; an error unless the step allows it. */
function guard(
  entry: StepEntry,
  args: JsonObject,
  source: PlaybookSource,
  errors: PlaybookError[],
): string | undefined {
  const reason = entry.action?.destructive?.(args) ?? null;
  if (reason === null) return undefined;
  if (!entry.document.allowDestroy) {
    errors.push(
      new PlaybookError(PlaybookErrorCode.destroyNotAllowed, `step "${entry.document.id}" ${reason}`, {
        file: source.file,
        ...source.place(['steps', entry.index, 'action']),
        hint: 'if that is intended, add "allowDestroy: true" to the step',
      }),
    );
  }
  return reason;
}

function planStep(
  entry: StepEntry,
  args: JsonObject,
  needs: string[],
  forEach: ForEach | undefined,
  destroys: string | undefined,
  source: PlaybookSource,
): PlanStep {
  const { document, action } = entry;
  const place = source.position(['steps', entry.index]);
  const step: PlanStep = {
    id: document.id,
    action: document.action,
    kind: entry.set ? ActionKind.control : (action?.kind ?? ActionKind.read),
    activity: action?.activity ?? '',
    ...(action?.plainActivity ? { plainActivity: true as const } : {}),
    args,
    needs,
    ...(forEach ? { forEach } : {}),
    ...(document.if !== undefined && !forEach?.if ? { if: asTemplate(document.if) } : {}),
    ...(document.retry ? { retry: document.retry } : {}),
    ...(document.timeout ? { timeout: document.timeout } : {}),
    onFailure: document.onFailure ?? FailurePolicy.rollback,
    outputs: document.outputs ?? {},
    allowDestroy: document.allowDestroy ?? false,
    compensation: action?.compensation?.describe ?? null,
    source: { file: source.file, line: place.line, column: place.column },
    ...(destroys ? { destroys } : {}),
    ...(entry.plan ? { plan: entry.plan } : {}),
  };
  if (document.action === 'approval') {
    const timeout = args.timeout;
    step.approvalTimeout = typeof timeout === 'string' && !isTemplate(timeout) ? timeout : DEFAULT_APPROVAL_TIMEOUT;
  }
  return step;
}
