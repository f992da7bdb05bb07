/**
 * The scripts tourflow is measured against: a compiled plan walked in-process, calling the
 * same action handlers (`createActivities(deps)`) with the same arguments and idempotency keys
 * as the workflow would, and no Temporal at all: no history, no saga, no undo reads.
 *
 * - concurrent (the hand-written script): independent steps at once, as the plan's
 *   dependencies allow, and each `forEach` with the concurrency its step declares;
 * - sequential (the naive script): one step after another, one element after another.
 */
import { evaluateCondition, evaluateTemplate, type ExpressionScope } from '../definitions/expressions.ts';
import type { JsonObject, JsonValue, Plan, PlanStep } from '../definitions/plan-types.ts';
import type { BatchCall, BatchOutcome, StepCall, StepOutcome } from '../activities/types.ts';
import { packBatch } from '../workflows/batch-input.ts';
import { batchActivityName } from '../workflows/activity-names.ts';
import { batchSize, inBatches, lanesPerActivity } from '../workflows/for-each.ts';
import { preparesUndo } from '../workflows/activity-calls.ts';
import { RunKeys, itemIdentity, itemKeys } from '../workflows/keys.ts';
import type { StepSpan } from './tourflow.ts';

/** The activity functions of `createActivities`, by activity name. */
export type ActivityFunctions = Record<string, (call: StepCall) => Promise<StepOutcome>>;

export interface WalkOptions {
  activities: ActivityFunctions;
  /** One step, and one `forEach` element, at a time. @default false */
  sequential?: boolean;
  /** Seed of every idempotency key, as a workflow ID seeds a run's. */
  keySeed: string;
  /** The run's logical time, ISO 8601. */
  now: string;
  /** Filled with the span of each top-level step, in milliseconds from the start of the walk. */
  steps?: Record<string, StepSpan>;
}

/** A step that failed, naming it. */
export class WalkError extends Error {
  constructor(
    readonly stepId: string,
    readonly reason: string,
    override readonly cause: unknown,
  ) {
    super(`step ${stepId}: ${reason}`);
    this.name = 'WalkError';
  }
}

/** Inputs with the plan's defaults filled in, as the workflow does for a child run. */
function withDefaults(plan: Plan, given: JsonObject): JsonObject {
  const inputs: JsonObject = { ...given };
  for (const [name, spec] of Object.entries(plan.inputs)) {
    if (inputs[name] === undefined && spec.default !== undefined) inputs[name] = spec.default;
  }
  return inputs;
}

/** The steps in an order that respects `needs`: the plan's parallel groups, one after another. */
function sequentialOrder(plan: Plan): PlanStep[] {
  const byId = new Map(plan.steps.map((step) => [step.id, step]));
  const ordered = plan.groups.flat().flatMap((id) => byId.get(id) ?? []);
  return ordered.length === plan.steps.length ? ordered : plan.steps;
}

class Walk {
  private readonly outputs: Record<string, JsonValue> = {};
  private readonly origin = performance.now();
  private readonly keys: RunKeys;

  constructor(
    private readonly plan: Plan,
    private readonly inputs: JsonObject,
    private readonly options: WalkOptions,
    private readonly workflowId: string,
    private readonly spans?: Record<string, StepSpan>,
  ) {
    this.keys = new RunKeys(options.keySeed);
  }

  async run(): Promise<JsonObject> {
    if (this.options.sequential) {
      for (const step of sequentialOrder(this.plan)) await this.runStep(step);
    } else {
      const byId = new Map(this.plan.steps.map((step) => [step.id, step]));
      const started = new Map<string, Promise<void>>();
      const start = (step: PlanStep): Promise<void> => {
        let promise = started.get(step.id);
        if (!promise) {
          const needs = step.needs.flatMap((id) => byId.get(id) ?? []).map(start);
          promise = Promise.all(needs).then(() => this.runStep(step));
          started.set(step.id, promise);
        }
        return promise;
      };
      await Promise.all(this.plan.steps.map(start));
    }
    return (evaluateTemplate(this.plan.outputs, this.scope()) ?? {}) as JsonObject;
  }

  private scope(extra: Record<string, JsonValue> = {}): ExpressionScope {
    const steps: Record<string, { outputs: JsonObject }> = {};
    for (const [id, outputs] of Object.entries(this.outputs)) steps[id] = { outputs: outputs as JsonObject };
    const run = { workflowId: this.workflowId, playbook: this.plan.name, now: this.options.now };
    return { inputs: this.inputs, steps, run, ...extra };
  }

  private async runStep(step: PlanStep): Promise<void> {
    const start = performance.now() - this.origin;
    try {
      if (step.if && !evaluateCondition(step.if, this.scope())) {
        this.outputs[step.id] = null;
        return;
      }
      if (step.kind === 'control') this.outputs[step.id] = await this.control(step);
      else if (step.forEach) this.outputs[step.id] = await this.forEach(step);
      else this.outputs[step.id] = await this.callOnce(step, this.scope(), null);
    } catch (error) {
      // A failure inside an included playbook names its path: `create/venues`.
      if (error instanceof WalkError) throw new WalkError(`${step.id}/${error.stepId}`, error.reason, error.cause);
      throw new WalkError(step.id, error instanceof Error ? error.message : String(error), error);
    }
    if (this.spans) this.spans[step.id] = { start, end: performance.now() - this.origin };
  }

  /** `approval` is answered at once; `playbook.run` walks the included plan in place. */
  private async control(step: PlanStep): Promise<JsonValue> {
    const args = (evaluateTemplate(step.args, this.scope()) ?? {}) as JsonObject;
    if (step.action === 'approval') return { approved: true, message: args.message ?? null };
    if (step.action !== 'playbook.run' || !step.plan) throw new Error(`no control action named ${step.action}`);
    const given = (
      args.inputs && typeof args.inputs === 'object' && !Array.isArray(args.inputs) ? args.inputs : {}
    ) as JsonObject;
    const child = new Walk(
      step.plan,
      withDefaults(step.plan, given),
      { ...this.options, keySeed: `${this.options.keySeed}/${step.id}` },
      `${this.workflowId}/${step.id}`,
    );
    return child.run();
  }

  /**
   * As the workflow runs a `forEach`: the same batches (`batchSize`), each running the same
   * lanes side by side (`lanesPerActivity`), as many at once as the step allows.
   */
  private async forEach(step: PlanStep): Promise<JsonValue> {
    const forEach = step.forEach!;
    const items = evaluateTemplate(forEach.items, this.scope());
    if (!Array.isArray(items)) throw new Error('forEach did not give a list');
    const found = itemKeys(
      items.map((item, index) =>
        forEach.key
          ? itemIdentity(evaluateTemplate(forEach.key, this.scope({ [forEach.as]: item, index })))
          : String(index),
      ),
    );
    if (!('keys' in found))
      throw new Error(`elements ${found.collision.first} and ${found.collision.second} have the same key`);
    const { keys } = found;
    const results: JsonValue[] = new Array<JsonValue>(items.length).fill(null);
    const size = batchSize(items.length, forEach.concurrency, forEach.batch, preparesUndo(step.kind));
    const grouped =
      size > 1 && !this.options.sequential
        ? lanesPerActivity(forEach.concurrency, forEach.batch, preparesUndo(step.kind))
        : 1;
    const batches = inBatches(
      items.map((_, index) => index),
      size * grouped,
    );
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const scopes = batch.map((index) => this.scope({ [forEach.as]: items[index]!, index }));
        if (size === 1) {
          results[batch[0]!] = await this.callOnce(step, scopes[0]!, keys[batch[0]!]!);
          continue;
        }
        const outcomes = await this.callBatch(
          step,
          scopes,
          batch.map((index) => keys[index]!),
          grouped,
        );
        batch.forEach((index, i) => (results[index] = outcomes[i]!));
      }
    };
    const lanes = this.options.sequential ? 1 : Math.max(1, Math.min(forEach.concurrency / grouped, batches.length));
    await Promise.all(Array.from({ length: lanes }, lane));
    return results;
  }

  private call(step: PlanStep, scope: ExpressionScope, itemKey: string | null): StepCall {
    const run = { workflowId: this.workflowId, playbook: this.plan.name, now: this.options.now };
    return {
      action: step.action,
      stepId: step.id,
      itemKey,
      args: evaluateTemplate(step.args, scope),
      idempotencyKey: this.keys.of(step.id, itemKey),
      run,
    };
  }

  private stepOutputs(step: PlanStep, scope: ExpressionScope, result: JsonValue): JsonObject {
    const outputs: JsonObject =
      result && typeof result === 'object' && !Array.isArray(result) ? { ...result } : { value: result };
    for (const [name, expression] of Object.entries(step.outputs)) {
      outputs[name] = evaluateTemplate(expression, { ...scope, result });
    }
    return outputs;
  }

  private async callBatch(
    step: PlanStep,
    scopes: ExpressionScope[],
    keys: string[],
    lanes: number,
  ): Promise<JsonObject[]> {
    const activity = this.options.activities[batchActivityName(step.action)] as unknown as
      ((batch: BatchCall) => Promise<BatchOutcome>) | undefined;
    if (!activity) throw new Error(`no activity implements ${step.action}`);
    const calls = scopes.map((scope, i) => this.call(step, scope, keys[i]!));
    // no retries: the scripts measured run without them
    const retry = {
      initialIntervalMs: 0,
      backoffCoefficient: 1,
      maximumIntervalMs: 0,
      maximumAttempts: 1,
      nonRetryableErrorTypes: [],
    };
    const { results } = await activity(packBatch(calls, { stopOnFailure: true, retry, lanes }));
    return results.map((result, i) => {
      if (!result?.outcome) throw new Error(result?.failed?.message ?? 'not run');
      return this.stepOutputs(step, scopes[i]!, result.outcome.output);
    });
  }

  private async callOnce(step: PlanStep, scope: ExpressionScope, itemKey: string | null): Promise<JsonValue> {
    const activity = this.options.activities[step.activity];
    if (!activity) throw new Error(`no activity implements ${step.action}`);
    const result = (await activity(this.call(step, scope, itemKey))).output;
    return this.stepOutputs(step, scope, result);
  }
}

/** Walks a plan to its end and returns the playbook's outputs; throws `WalkError` on the first failure. */
export function walkPlan(plan: Plan, inputs: JsonObject, options: WalkOptions): Promise<JsonObject> {
  return new Walk(plan, withDefaults(plan, inputs), options, options.keySeed, options.steps).run();
}
