/**
 * Interprets a compiled plan: steps in dependency order, independent steps in parallel,
 * `forEach` with its concurrency limit, `if` conditions, expressions evaluated against inputs
 * and earlier outputs, pause/resume/approve, and a graceful stop for failure and cancellation.
 */
import { condition, setCurrentDetails, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { JsonObject, JsonValue, PlanStep } from '../definitions/plan-types.ts';
import type { ExpressionScope } from '../definitions/expressions.ts';
import type { RunContext, StepCall, StepOutcome } from '../activities/types.ts';
import { runCall } from './activity-calls.ts';
import { RunKeys } from './keys.ts';
import { PlanEvaluationError, conditionAt, evaluateAt } from './plan-errors.ts';
import {
  StepState,
  type CarriedState,
  type PlaybookInput,
  type RunProgress,
  type RunResult,
  type StepProgress,
} from './messages.ts';
import { Saga } from './saga.ts';
import { TOUR_ID } from './search-attributes.ts';
import { runControlStep } from './control-steps.ts';
import { runForEach } from './for-each.ts';
import { isSetStep, namedValues } from './set-step.ts';
import { describeFailure } from './saga.ts';
import { liveCondition, liveForEach, livePlan } from './live-plan.ts';
import { StepFailed, Stopped } from './step-errors.ts';

/** Start a continuation once the history is this long, well under Temporal's 10,240 suggestion. */
export const HISTORY_EVENTS_LIMIT = 6_000;

export class Interpreter {
  readonly saga: Saga;
  readonly state: CarriedState;
  readonly progress: Map<string, StepProgress>;
  paused = false;
  stopReason: 'failed' | 'cancelled' | 'continue' | undefined;
  /** What failed the run: a step, or (once every step is done) a playbook output. */
  firstFailure: StepFailed | PlanEvaluationError | undefined;
  readonly approvals = new Map<string, boolean>();
  /** Reports of child runs that failed and undid themselves. */
  readonly childReports: RunResult[] = [];
  private readonly steps: Map<string, PlanStep>;
  private readonly keys: RunKeys;

  constructor(
    readonly input: PlaybookInput,
    readonly run: RunContext,
  ) {
    this.state = input.carried ?? {
      outputs: {},
      stepStates: {},
      itemOutputs: {},
      saga: [],
      done: [],
      warnings: [],
      continuedCount: 0,
    };
    this.saga = new Saga(this.state.saga);
    this.keys = new RunKeys(input.keySeed);
    this.steps = new Map(input.plan.steps.map((step) => [step.id, step]));
    this.progress = new Map(
      input.plan.steps.map((step) => [
        step.id,
        { id: step.id, action: step.action, state: this.state.stepStates[step.id] ?? StepState.pending },
      ]),
    );
  }

  /** Runs every step; resolves when all finished, or rejects with the first `StepFailed`. */
  async runAll(): Promise<void> {
    const finished = new Map<string, Promise<void>>();
    const start = (step: PlanStep): Promise<void> => {
      const existing = finished.get(step.id);
      if (existing) return existing;
      const needs = step.needs.map((id) => {
        const dep = this.steps.get(id);
        return dep ? start(dep) : Promise.resolve();
      });
      const promise = Promise.all(needs).then(() => this.runStep(step));
      finished.set(step.id, promise);
      return promise;
    };
    const results = await Promise.allSettled(this.input.plan.steps.map(start));
    if (this.firstFailure) throw this.firstFailure;
    const unexpected = results.find(
      (r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof Stopped),
    );
    if (unexpected) throw unexpected.reason;
  }

  /** The expression scope: inputs, outputs of finished steps, the run. */
  scope(extra: Record<string, JsonValue> = {}): ExpressionScope {
    const steps: Record<string, { outputs: JsonObject }> = {};
    for (const [id, outputs] of Object.entries(this.state.outputs)) steps[id] = { outputs: outputs as JsonObject };
    return { inputs: this.input.inputs, steps, run: { ...this.run }, ...extra };
  }

  progressReport(): RunProgress {
    const steps = [...this.progress.values()];
    const current = steps.find((s) => s.state === StepState.running || s.state === StepState.waiting);
    return {
      playbook: this.input.plan.name,
      paused: this.paused,
      steps,
      ...(current ? { currentStep: current.id } : {}),
    };
  }

  setState(stepId: string, state: StepState, extra: Partial<StepProgress> = {}): void {
    const entry = this.progress.get(stepId);
    if (!entry) return;
    Object.assign(entry, { state }, extra);
    this.state.stepStates[stepId] = state;
    this.showDetails();
  }

  showDetails(): void {
    const running = [...this.progress.values()].filter(
      (s) => s.state === StepState.running || s.state === StepState.waiting,
    );
    const doneCount = [...this.progress.values()].filter((s) => s.state === StepState.done).length;
    const lines = running.map((s) => {
      const items = s.items ? ` (${s.items.done}/${s.items.total})` : '';
      return s.state === StepState.waiting
        ? `**${s.id}** waits: ${s.waitingFor ?? 'approval'}`
        : `**${s.id}** running${items}`;
    });
    setCurrentDetails(
      [`${doneCount}/${this.progress.size} steps done${this.paused ? ' · paused' : ''}`, ...lines].join('\n\n'),
    );
  }

  /** Waits while paused; throws `Stopped` once the run is stopping. */
  async checkpoint(): Promise<void> {
    if (this.paused) await condition(() => !this.paused || this.stopReason !== undefined);
    if (this.stopReason) throw new Stopped();
    const info = workflowInfo();
    if (info.historyLength > HISTORY_EVENTS_LIMIT || info.continueAsNewSuggested) {
      this.stopReason = 'continue';
      throw new Stopped();
    }
  }

  private async runStep(step: PlanStep): Promise<void> {
    const previous = this.state.stepStates[step.id];
    if (previous === StepState.done || previous === StepState.skipped) return;
    await this.checkpoint();
    try {
      if (step.if) {
        let holds: boolean;
        if (this.input.live) holds = liveCondition({ step, field: 'if' }, step.if, this.scope());
        else {
          // replay-order: conditionAt is synchronous; the turn this await yields orders the step among parallel steps
          // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
          holds = await conditionAt({ step, field: 'if' }, step.if, this.scope());
        }
        if (!holds) {
          this.state.outputs[step.id] = null;
          this.setState(step.id, StepState.skipped);
          return;
        }
      }
      this.setState(step.id, StepState.running);
      if (isSetStep(step)) {
        this.state.outputs[step.id] = await namedValues(this, step);
      } else if (step.kind === 'control' && this.input.live && step.action !== 'playbook.run') {
        (this.state.plans ??= []).push({
          stepId: step.id,
          would: 'control',
          describe: `${step.action}: not run in a plan`,
          output: null,
        });
        this.state.outputs[step.id] = null;
      } else if (step.kind === 'control') {
        this.state.outputs[step.id] = await runControlStep(this, step);
      } else if (step.forEach) {
        this.state.outputs[step.id] = await (this.input.live ? liveForEach : runForEach)(this, step);
      } else {
        this.state.outputs[step.id] = await this.callOnce(step, this.scope(), null);
      }
      this.setState(step.id, StepState.done);
    } catch (error) {
      if (error instanceof Stopped) throw error;
      const failure = toStepFailed(step, error);
      this.setState(step.id, StepState.failed, { error: { type: failure.type, message: failure.message } });
      if (step.onFailure === 'continue') {
        this.state.outputs[step.id] = null;
        this.state.warnings.push(`step ${step.id} failed and the playbook continued: ${failure.message}`);
        return;
      }
      this.firstFailure ??= failure;
      this.stopReason ??= 'failed';
      throw new Stopped();
    }
  }

  /** One call of a step: its arguments evaluated in `scope`, its idempotency key. */
  stepCall(step: PlanStep, scope: ExpressionScope, itemKey: string | null): StepCall {
    return this.callWith(step, evaluateAt({ step, field: 'with' }, step.args, scope), itemKey);
  }

  private callWith(step: PlanStep, args: JsonValue, itemKey: string | null): StepCall {
    return {
      action: step.action,
      stepId: step.id,
      itemKey,
      args,
      idempotencyKey: this.keys.of(step.id, itemKey),
      run: this.run,
    };
  }

  /** What to throw once the run is stopping. */
  stopped(): Stopped {
    return new Stopped();
  }

  /** Evaluates args, runs the call, and returns the step's outputs (result merged with named outputs). */
  async callOnce(step: PlanStep, scope: ExpressionScope, itemKey: string | null): Promise<JsonValue> {
    // replay-order: evaluateAt is synchronous; the turn this await yields orders the step among parallel steps
    // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
    const args = await evaluateAt({ step, field: 'with' }, step.args, scope);
    if (this.input.live) return livePlan(this, step, this.callWith(step, args, itemKey), scope);
    const outcome = await runCall(step, this.callWith(step, args, itemKey), this.saga);
    this.absorb(step.id, outcome);
    return this.outputsOf(step, outcome.output, scope);
  }

  absorb(stepId: string, outcome: StepOutcome): void {
    if (outcome.describe) this.state.done.push(`${stepId}: ${outcome.describe}`);
    if (outcome.warnings) this.state.warnings.push(...outcome.warnings);
    if (outcome.tourId && !this.state.tourId) {
      this.state.tourId = outcome.tourId;
      upsertSearchAttributes({ [TOUR_ID]: [outcome.tourId] });
    }
  }

  async outputsOf(step: PlanStep, result: JsonValue, scope: ExpressionScope): Promise<JsonValue> {
    const base = resultFields(result);
    for (const [name, expression] of Object.entries(step.outputs)) {
      // replay-order: evaluateAt is synchronous; one turn per named output (batches call outputsNow, without)
      // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
      base[name] = await evaluateAt({ step, field: `outputs.${name}` }, expression, { ...scope, result });
    }
    return base;
  }

  /**
   * `outputsOf` without a promise per output: for batches, where thousands of elements would
   * each pay for the SDK's stack capture of every promise made in workflow code.
   */
  outputsNow(step: PlanStep, result: JsonValue, scope: ExpressionScope): JsonValue {
    const base = resultFields(result);
    for (const [name, expression] of Object.entries(step.outputs))
      base[name] = evaluateAt({ step, field: `outputs.${name}` }, expression, { ...scope, result });
    return base;
  }
}

/** A step's result as the base of its outputs: its fields, or `{ value }` for a list or scalar. */
function resultFields(result: JsonValue): JsonObject {
  return result && typeof result === 'object' && !Array.isArray(result) ? { ...result } : { value: result };
}

function toStepFailed(step: PlanStep, error: unknown): StepFailed {
  if (error instanceof StepFailed) return error;
  if (error instanceof PlanEvaluationError) return new StepFailed(step.id, error.type, error.message, error);
  const { type, message } = describeFailure(error);
  return new StepFailed(step.id, type, `step ${step.id} (${step.action}) failed: ${message}`, error);
}
