/**
 * What a run records so that `tourflow retry` can finish it, and how a retry starts from that
 * record: the steps that succeeded are kept with their outputs, a `forEach` step's succeeded
 * elements are kept by item key (with a digest of what each was, to tell a changed element),
 * and everything else runs again under the same idempotency keys. Also how an element is named
 * to the user: its CSV file and row, else its position from 1 and the step's key expression.
 * Workflow-safe; the CLI uses it too.
 */
import type { JsonValue, PlanStep } from '../definitions/plan-types.ts';
import { digest, itemIdentity, itemKeys } from './keys.ts';
import {
  StepState,
  type CarriedState,
  type InputSource,
  type PlaybookInput,
  type PreviousRun,
  type RetryRecord,
  type RunResult,
} from './messages.ts';

/** Hex digits of an element's content digest: enough to tell a changed element. */
const CONTENT_DIGEST_LENGTH = 16;

/** A digest of an element's content (any value, fields in sorted order): equal content, equal digest. */
export function contentDigest(value: JsonValue): string {
  return digest(itemIdentity(value), CONTENT_DIGEST_LENGTH);
}

/**
 * The content digest of an element keyed by its whole content (its key expression gave the
 * element itself), from its item key: both are the first hex digits of the SHA-256 of the same
 * text (`itemIdentity` of the element), so one digest serves both.
 */
export function contentDigestOfKey(itemKey: string): string {
  return itemKey.slice(0, CONTENT_DIGEST_LENGTH);
}

/** The item key a changed element is sent again under (`--redo-changed`): its key and its new content. */
export function redoKey(itemKey: string, digest: string): string {
  const found = itemKeys([`${itemKey}/${digest}`]);
  return 'keys' in found ? found.keys[0]! : itemKey;
}

/** The list input a `forEach` list is, when it is exactly one (`${{ inputs.guests }}`). */
function listInput(items: string): string | undefined {
  return /^\s*(?:\$\{\{\s*)?inputs\.([A-Za-z_][A-Za-z0-9_]*)\s*(?:\}\})?\s*$/.exec(items)?.[1];
}

/**
 * An element as the user knows it, never by its content (it may be personal): `guests.csv row
 * 11` for an element of a list read from a CSV file, else `element 10 (key ${{ guest.email }})`,
 * its position counted from 1 and the step's key expression (left out, `withKey` false, where
 * the error names an expression already).
 */
export function elementLabel(input: PlaybookInput, step: PlanStep, index: number, withKey = true): string {
  const name = step.forEach ? listInput(step.forEach.items) : undefined;
  const source: InputSource | undefined = name !== undefined ? input.sources?.[name] : undefined;
  if (source) return `${source.file} row ${source.rows?.[index] ?? source.first + index}`;
  const key = withKey ? step.forEach?.key : undefined;
  return `element ${index + 1}${key ? ` (key ${key})` : ''}`;
}

/**
 * The steps a retry keeps: done, every element done, and every step they need kept too (or
 * skipped by its `if`, which a retry evaluates again). Everything else runs again.
 */
function keptSteps(steps: readonly PlanStep[], state: CarriedState): string[] {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const incomplete = new Set(state.incomplete ?? []);
  const memo = new Map<string, boolean>();
  const kept = (id: string): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false);
    const step = byId.get(id);
    const ok =
      step !== undefined &&
      state.stepStates[id] === StepState.done &&
      !incomplete.has(id) &&
      step.needs.every((need) => !byId.has(need) || kept(need) || state.stepStates[need] === StepState.skipped);
    memo.set(id, ok);
    return ok;
  };
  return steps.filter((step) => kept(step.id)).map((step) => step.id);
}

/** The step ID of a child run's report: its workflow ID is `<parent's>/<step>`. */
function childStep(parentId: string, child: RunResult): string | undefined {
  return child.workflowId.startsWith(`${parentId}/`) ? child.workflowId.slice(parentId.length + 1) : undefined;
}

/**
 * What a run that ended records for a retry (`RunResult.retry`); undefined for a run with
 * nothing left to do. `undone`: everything it did was undone (rolled back, cancelled).
 */
export function retryRecord(
  input: PlaybookInput,
  state: CarriedState,
  workflowId: string,
  undone: boolean,
  children: readonly RunResult[],
): RetryRecord | undefined {
  const kept = keptSteps(input.plan.steps, state);
  const skipped = input.plan.steps.filter((step) => state.stepStates[step.id] === StepState.skipped).length;
  if (!undone && kept.length + skipped === input.plan.steps.length) return undefined;
  const outputs: Record<string, JsonValue> = {};
  for (const id of kept) outputs[id] = state.outputs[id] ?? null;
  const failedChildren: Record<string, RetryRecord> = {};
  for (const child of children) {
    const step = childStep(workflowId, child);
    if (step !== undefined && child.retry) failedChildren[step] = child.retry;
  }
  return {
    undone,
    kept,
    outputs,
    itemOutputs: undone ? {} : state.itemOutputs,
    itemDigests: undone ? {} : (state.itemDigests ?? {}),
    ...(Object.keys(failedChildren).length > 0 ? { children: failedChildren } : {}),
  };
}

/**
 * How a retry of a run starts from its record: its carried state (the kept steps done, the
 * succeeded elements finished) and what it compares elements against. A run whose work was
 * undone gives nothing: the retry redoes everything, under a key seed of its own.
 */
export function retryStart(
  record: RetryRecord,
  previousRun: string,
  redoChanged: boolean,
): { carried?: CarriedState; previous?: PreviousRun } {
  if (record.undone) return {};
  const stepStates: CarriedState['stepStates'] = {};
  for (const id of record.kept) stepStates[id] = StepState.done;
  const carried: CarriedState = {
    outputs: { ...record.outputs },
    stepStates,
    itemOutputs: record.itemOutputs,
    saga: [],
    done: [],
    warnings: [],
    continuedCount: 0,
  };
  const previous: PreviousRun = {
    workflowId: previousRun,
    itemDigests: record.itemDigests,
    redoChanged,
    ...(record.children ? { children: record.children } : {}),
  };
  return { carried, previous };
}

/** What a `forEach` step needs of its run to compare its elements with the run a retry finishes. */
interface ElementBook {
  input: PlaybookInput;
  state: CarriedState;
}

/**
 * Records each element's content digest, and in a retry compares the elements the earlier run
 * finished with what they are now: a changed one is reported and kept as it was sent, or, with
 * `redoChanged`, given a key of its own (`redoKey`) so that it is sent again. `keys` is updated
 * in place; returns the warnings to report. `digestOf` gives an element's content digest by
 * position (`contentDigest` of the element, unless the caller has it already).
 */
export function compareElements(
  run: ElementBook,
  step: PlanStep,
  items: readonly unknown[],
  keys: string[],
  done: Record<string, JsonValue>,
  digestOf = (index: number) => contentDigest(items[index] as JsonValue),
): string[] {
  const digests = (run.state.itemDigests ??= {});
  const previous = run.input.previous;
  const prior = digests[step.id] ?? previous?.itemDigests[step.id] ?? {};
  const now: Record<string, string> = {};
  const warnings: string[] = [];
  for (const [index, key] of keys.entries()) {
    const digest = digestOf(index);
    const sent = prior[key];
    if (!(key in done) || sent === undefined || sent === digest) {
      now[key] = sent !== undefined && key in done ? sent : digest;
      continue;
    }
    const label = elementLabel(run.input, step, index);
    now[key] = sent;
    if (previous?.redoChanged) {
      keys[index] = redoKey(key, digest);
      now[keys[index]] = digest;
      warnings.push(`step ${step.id}: ${label} changed since ${previous.workflowId}; sent again`);
    } else {
      warnings.push(
        `step ${step.id}: ${label} changed since ${previous?.workflowId ?? 'it was sent'}; kept as it was sent (tourflow retry --redo-changed sends it again)`,
      );
    }
  }
  digests[step.id] = now;
  return warnings;
}
