/**
 * Temporal Schedules that run playbooks: what `tourflow schedule create` and `update` send.
 * A schedule's action starts `playbookWorkflow` with the compiled plan; its runs seed their
 * idempotency keys with their own workflow ID, so every scheduled run writes once however
 * often it is retried. What `list` and `describe` show is `schedule-views.ts`; the flag checks
 * are `schedule-checks.ts`.
 */
import {
  ScheduleNotFoundError,
  ServiceError,
  isGrpcServiceError,
  type Client,
  type ScheduleDescription,
  type ScheduleHandle,
  type ScheduleOptionsStartWorkflowAction,
  type ScheduleOverlapPolicy,
  type ScheduleUpdateOptions,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { compilePlaybookFile, formatErrors, planForRun, resolveInputs } from '../definitions/index.ts';
import type { JsonObject, JsonValue, Plan } from '../definitions/plan-types.ts';
import { KEY_SEED_WORKFLOW_ID, type PlaybookInput } from '../workflows/messages.ts';
import { PLAYBOOK_NAME, playbookSearchAttributes } from '../workflows/search-attributes.ts';
import { UserError, type CliContext } from './context.ts';
import { readInputsFlag } from './playbook-input.ts';
import { PLAYBOOK_WORKFLOW } from './progress-text.ts';
import { checkTimezone } from './schedule-checks.ts';
import { SCHEDULE_DEFAULTS } from './schedule-flags.ts';
import { actionInput } from './schedule-views.ts';

/** Input names that, when a playbook declares one, receive the schedule's time zone. */
const TIMEZONE_INPUTS = ['timezone', 'timeZone'];
/**
 * The input that holds the ID of the one tour a run works on, for the `TourId` search
 * attribute from the start (the workflow sets it anyway once a step names the tour).
 */
const TOUR_ID_INPUT = 'tourId';

/** What a schedule runs: a compiled playbook with its inputs, and when. */
export interface ScheduledPlaybook {
  plan: Plan;
  inputs: JsonObject;
  cron: string;
  timezone: string;
}

/** Compiles a playbook file for a schedule; a mistake becomes a `UserError` with file:line:column. */
export async function compileScheduled(ctx: CliContext, file: string): Promise<Plan> {
  const compiled = await compilePlaybookFile(file, { cwd: ctx.cwd });
  if (compiled.errors.length > 0 || !compiled.plan)
    throw new UserError(formatErrors(compiled.errors, compiled.sources));
  return compiled.plan;
}

/** Inputs as given: `base` (the playbook's `schedule.inputs`) under the `--inputs` file under `--input`. */
export async function givenInputs(
  ctx: CliContext,
  base: Record<string, JsonValue>,
  flags: { input?: Record<string, string>; inputs?: string },
): Promise<Record<string, JsonValue>> {
  const fromFile = flags.inputs ? await readInputsFlag(ctx, flags.inputs) : {};
  return { ...base, ...fromFile, ...(flags.input ?? {}) };
}

/**
 * The name of the input that takes the schedule's time zone, if the playbook declares one:
 * a nightly playbook then computes "tomorrow" in the zone the schedule fires in.
 */
export function timezoneInputOf(plan: Plan): string | undefined {
  return TIMEZONE_INPUTS.find((name) => plan.inputs[name]?.type === 'string');
}

/** Resolves a run's inputs, adding the schedule's time zone where the playbook takes it. */
export function resolveScheduledInputs(plan: Plan, given: Record<string, JsonValue>, timezone: string): JsonObject {
  const zoneInput = timezoneInputOf(plan);
  const withZone = zoneInput && given[zoneInput] === undefined ? { ...given, [zoneInput]: timezone } : given;
  const resolved = resolveInputs(plan, withZone);
  if (resolved.errors.length > 0) throw new UserError(resolved.errors.join('\n'));
  return resolved.inputs;
}

/**
 * Compiles the playbook for a new schedule. The cron and time zone come from the flags, else
 * from the playbook's `schedule:` block; without either there is nothing to schedule.
 */
export async function loadScheduledPlaybook(
  ctx: CliContext,
  file: string,
  flags: { cron?: string; timezone?: string; input?: Record<string, string>; inputs?: string },
): Promise<ScheduledPlaybook> {
  const plan = await compileScheduled(ctx, file);
  const cron = flags.cron ?? plan.schedule?.cron;
  if (!cron) throw new UserError(`${file} has no schedule: block; say when it runs with --cron "0 2 * * *"`);
  const timezone = checkTimezone(flags.timezone ?? plan.schedule?.timezone ?? SCHEDULE_DEFAULTS.timezone);
  const inputs = resolveScheduledInputs(plan, await givenInputs(ctx, plan.schedule?.inputs ?? {}, flags), timezone);
  return { plan, inputs, cron, timezone };
}

/**
 * The schedule's action: start `playbookWorkflow` with the plan. Runs are named
 * `<playbook>--<schedule name>-<nominal time>` (Temporal appends the time).
 */
export function scheduleAction(options: {
  plan: Plan;
  inputs: JsonObject;
  taskQueue: string;
  scheduleId: string;
  runName: string;
}): ScheduleOptionsStartWorkflowAction<Workflow> {
  const { plan, inputs } = options;
  const input: PlaybookInput = { plan: planForRun(plan), inputs, keySeed: KEY_SEED_WORKFLOW_ID };
  return {
    type: 'startWorkflow',
    workflowType: PLAYBOOK_WORKFLOW,
    workflowId: `${plan.name}--${options.runName}`,
    taskQueue: options.taskQueue,
    args: [input],
    searchAttributes: playbookSearchAttributes(
      plan.name,
      typeof inputs[TOUR_ID_INPUT] === 'string' ? inputs[TOUR_ID_INPUT] : undefined,
    ),
    memo: { keyGeneration: 0, schedule: options.scheduleId },
    staticSummary: `${plan.name} (schedule ${options.scheduleId})${plan.description ? `: ${plan.description.split('\n')[0]}` : ''}`,
  };
}

/** The schedule with this ID, or a `UserError` if there is none. */
export async function findSchedule(
  client: Client,
  scheduleId: string,
): Promise<{ handle: ScheduleHandle; description: ScheduleDescription }> {
  const handle = client.schedule.getHandle(scheduleId);
  try {
    return { handle, description: await handle.describe() };
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) {
      throw new UserError(`no schedule named "${scheduleId}"; list them with \`tourflow schedule list\``, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * A schedule the server refused (a bad cron expression, an unregistered search attribute) is
 * the user's to fix: its message becomes a `UserError`. Anything else passes through.
 */
export function specError(error: unknown): unknown {
  // the SDK turns "Invalid schedule spec" into a TypeError carrying the server's words
  if (error instanceof TypeError && !(error.cause instanceof Error))
    return new UserError(`invalid schedule: ${error.message}`, { cause: error });
  const cause = error instanceof ServiceError ? error.cause : undefined;
  if (isGrpcServiceError(cause) && cause.code === GRPC_INVALID_ARGUMENT) {
    return new UserError(`Temporal refused the schedule: ${cause.details || cause.message}`, { cause: error });
  }
  return error;
}

/** gRPC status code 3; `@grpc/grpc-js` is the SDK's dependency, not ours, so not imported for one number. */
const GRPC_INVALID_ARGUMENT = 3;

/** What `schedule update` may change; absent fields keep their value. */
export interface ScheduleChanges {
  cron?: string;
  timezone?: string;
  overlap?: ScheduleOverlapPolicy;
  catchupWindow?: string;
  note?: string;
  taskQueue?: string;
  /** The playbook to run from now on, when a file was given. */
  plan?: Plan;
  /** Inputs to set; the schedule's other explicit inputs are kept. */
  given: Record<string, JsonValue>;
}

/**
 * The inputs a schedule was given, as far as its resolved inputs tell: values equal to the
 * playbook's default, and a time zone input equal to the schedule's zone, were filled in, not
 * given, so a new playbook version or time zone supplies them afresh.
 */
function explicitInputs(previous: PlaybookInput, timezone: string | undefined): Record<string, JsonValue> {
  const zoneInput = timezoneInputOf(previous.plan);
  return Object.fromEntries(
    Object.entries(previous.inputs).filter(([name, value]) => {
      if (name === zoneInput && value === timezone) return false;
      const declared = previous.plan.inputs[name]?.default;
      return declared === undefined || JSON.stringify(declared) !== JSON.stringify(value);
    }),
  );
}

/** The whole new definition of a schedule, from its description and the changes asked for. */
export function updatedSchedule(description: ScheduleDescription, changes: ScheduleChanges): ScheduleUpdateOptions {
  const previous = actionInput(description);
  if (!previous) throw new UserError(`schedule "${description.scheduleId}" does not run a tourflow playbook`);
  const plan = changes.plan ?? previous.plan;
  const timezone = changes.timezone ?? description.spec.timezone ?? SCHEDULE_DEFAULTS.timezone;
  const kept = Object.fromEntries(
    Object.entries(explicitInputs(previous, description.spec.timezone)).filter(([name]) => name in plan.inputs),
  );
  const inputs = resolveScheduledInputs(plan, { ...kept, ...changes.given }, timezone);
  const { calendars, intervals, skip, startAt, endAt, jitter } = description.spec;
  const when = changes.cron ? { cronExpressions: [changes.cron] } : { calendars, intervals };
  const runName = description.action.workflowId?.split('--').slice(1).join('--') || description.scheduleId;
  return {
    spec: { ...when, skip, startAt, endAt, jitter, timezone },
    action: scheduleAction({
      plan,
      inputs,
      taskQueue: changes.taskQueue ?? description.action.taskQueue,
      scheduleId: description.scheduleId,
      runName,
    }),
    policies: {
      overlap: changes.overlap ?? description.policies.overlap,
      catchupWindow: changes.catchupWindow ?? description.policies.catchupWindow,
      pauseOnFailure: description.policies.pauseOnFailure,
    },
    searchAttributes: { [PLAYBOOK_NAME]: [plan.name] },
    state: {
      paused: description.state.paused,
      note: changes.note ?? description.state.note,
      remainingActions: description.state.remainingActions,
    },
  };
}

/** What a trigger led to: a run started, or skipped because one still runs. */
export interface TriggerOutcome {
  started?: string;
  skipped: boolean;
  running: string[];
}

/**
 * Waits (up to `timeoutMs`) until the schedule has acted on a trigger: the scheduler takes it
 * asynchronously, so the describe after the trigger may not show it yet.
 */
export async function waitForAction(
  handle: ScheduleHandle,
  before: ScheduleDescription,
  timeoutMs = 10_000,
): Promise<TriggerOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await handle.describe();
    if (now.info.numActionsTaken > before.info.numActionsTaken) {
      return { started: now.info.recentActions.at(-1)?.action.workflow.workflowId, skipped: false, running: [] };
    }
    if (now.info.numActionsSkippedOverlap > before.info.numActionsSkippedOverlap || Date.now() > deadline) {
      return {
        skipped: now.info.numActionsSkippedOverlap > before.info.numActionsSkippedOverlap,
        running: now.info.runningActions.map((a) => a.workflow.workflowId),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
