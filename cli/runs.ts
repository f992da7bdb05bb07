/**
 * Starting runs and reading their outcome: shared by `run`, `dev`, `result`, `cancel` and
 * the schedule commands.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowFailedError,
  type Client,
  type WorkflowExecutionDescription,
  type WorkflowHandle,
} from '@temporalio/client';
import { ApplicationFailure, CancelledFailure, WorkflowNotFoundError, type Duration } from '@temporalio/common';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { planForRun } from '../definitions/run-plan.ts';
import { carryLocalFiles } from './local-files.ts';
import type { playbookWorkflow } from '../workflows/playbook.ts';
import type { PlaybookInput, RunResult } from '../workflows/messages.ts';
import { PLAYBOOK_NAME } from '../workflows/search-attributes.ts';
import { ExitCode } from './context.ts';
import { storedInTheClear } from './options.ts';
import { contentDifferences, recordedContent, runContent, runKeyConflict, type RunContent } from './run-content.ts';
import { FailureType } from '../definitions/failure-types.ts';

/** Workflow IDs: `<playbook>--<run key>`, so runs are found by name in the Web UI. */
export function workflowIdFor(plan: Plan, runKey: string | undefined): string {
  const key =
    runKey !== undefined
      ? storedInTheClear(runKey, 'run key')
      : `${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${randomBytes(3).toString('hex')}`;
  return `${plan.name}--${key}`;
}

/** The latest run with this workflow ID, if any. */
async function latestRun(client: Client, workflowId: string): Promise<WorkflowExecutionDescription | undefined> {
  try {
    return await client.workflow.getHandle(workflowId).describe();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return undefined;
    throw error;
  }
}

/**
 * The idempotency key seed of a new run with this workflow ID. A run that rolled back (or was
 * cancelled, which rolls back) deleted its records, so a retry needs fresh keys: the API would
 * otherwise answer with the deleted records. A run that was terminated mid-way keeps its keys,
 * so a retry continues where it stopped without duplicating anything.
 */
function keySeedFor(
  workflowId: string,
  latest: WorkflowExecutionDescription | undefined,
): { seed: string; generation: number } {
  let generation = 0;
  if (latest) {
    const previous = Number((latest.memo as Record<string, unknown> | undefined)?.keyGeneration ?? 0);
    const rolledBack = latest.status.name === 'FAILED' || latest.status.name === 'CANCELLED';
    generation = rolledBack ? previous + 1 : previous;
  }
  return { seed: generation === 0 ? workflowId : `${workflowId}#${generation}`, generation };
}

/**
 * Refuses to reuse a run (one still going, or completed) that did something else than this
 * one would: a run key names one run. Runs that ended otherwise may be run again, with any
 * content; runs from before the content was recorded are not compared.
 */
function requireSameContent(latest: WorkflowExecutionDescription | undefined, content: RunContent): void {
  if (!latest || !['RUNNING', 'COMPLETED'].includes(latest.status.name)) return;
  const recorded = recordedContent(latest.memo as Record<string, unknown> | undefined);
  const differences = recorded ? contentDifferences(recorded, content) : [];
  if (differences.length > 0) throw runKeyConflict(latest.workflowId, latest.status.name === 'RUNNING', differences);
}

export interface StartRunOptions {
  client: Client;
  taskQueue: string;
  plan: Plan;
  inputs: JsonObject;
  runKey?: string;
  now?: string;
  /** How long one workflow task may take before another worker retries it. @default 10s */
  workflowTaskTimeout?: string;
  /** Where `localFile` paths are read from. @default the process's working directory */
  cwd?: string;
  /** List inputs read from spreadsheets: file name and rows, to name elements in errors. */
  sources?: PlaybookInput['sources'];
  /** A live plan (`plan --live`): reads only, under its own workflow ID `plan--<uuid>`. */
  live?: boolean;
}

export interface StartedRun {
  handle: WorkflowHandle<typeof playbookWorkflow>;
  workflowId: string;
  /** False when a finished run with this key already existed: nothing new was started. */
  started: boolean;
}

/** Starts a playbook run; a run key that already completed starts nothing and returns that run. */
export async function startRun(options: StartRunOptions): Promise<StartedRun> {
  const { client } = options;
  // files of this machine (`localFile`) travel in the run's input
  const plan = await carryLocalFiles(options.plan, options.inputs, options.cwd ?? process.cwd());
  const workflowId = options.live ? `plan--${randomUUID()}` : workflowIdFor(plan, options.runKey);
  const latest = options.runKey === undefined ? undefined : await latestRun(client, workflowId);
  // Hashes only, kept in the memo, which is encrypted like every payload: no guest data in the clear.
  const content = runContent(plan, options.inputs);
  requireSameContent(latest, content);
  const { seed, generation } = keySeedFor(workflowId, latest);
  const input: PlaybookInput = {
    plan: planForRun(plan),
    inputs: options.inputs,
    keySeed: seed,
    ...(options.now ? { now: options.now } : {}),
    ...(options.sources ? { sources: options.sources } : {}),
    ...(options.live ? { live: true } : {}),
  };
  try {
    const handle = await client.workflow.start<typeof playbookWorkflow>('playbookWorkflow', {
      taskQueue: options.taskQueue,
      workflowId,
      args: [input],
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      workflowIdConflictPolicy: 'USE_EXISTING',
      searchAttributes: { [PLAYBOOK_NAME]: [plan.name] },
      memo: { keyGeneration: generation, content },
      staticSummary: `${plan.name}${plan.description ? `: ${plan.description.split('\n')[0]}` : ''}`,
      staticDetails: planDetails(plan),
      ...(options.workflowTaskTimeout ? { workflowTaskTimeout: options.workflowTaskTimeout as Duration } : {}),
    });
    return { handle, workflowId, started: true };
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    return { handle: client.workflow.getHandle(workflowId), workflowId, started: false };
  }
}

/** Markdown shown in the Web UI under the run's summary: the steps, in parallel groups. */
function planDetails(plan: Plan): string {
  const lines = plan.groups.map((group, i) => `${i + 1}. ${group.map((id) => `\`${id}\``).join(' · ')}`);
  return [`**${plan.name}**: ${plan.steps.length} steps`, '', ...lines].join('\n');
}

export interface RunOutcome {
  result: RunResult | undefined;
  exitCode: ExitCode;
  /** Message of a failure that carried no report. */
  message?: string;
}

/** Waits for a run and maps its outcome to the result report and an exit code. */
export async function waitForOutcome(handle: WorkflowHandle): Promise<RunOutcome> {
  try {
    const result = (await handle.result()) as RunResult;
    return { result, exitCode: ExitCode.ok };
  } catch (error) {
    if (!(error instanceof WorkflowFailedError)) throw error;
    const cause = error.cause;
    if (cause instanceof CancelledFailure) {
      const memo = (await handle.describe()).memo as { result?: RunResult } | undefined;
      return { result: memo?.result, exitCode: ExitCode.rolledBack, message: cause.message };
    }
    if (cause instanceof ApplicationFailure) {
      const result = cause.details?.[0] as RunResult | undefined;
      const rolledBack = cause.type === FailureType.PLAYBOOK_ROLLED_BACK;
      return { result, exitCode: rolledBack ? ExitCode.rolledBack : ExitCode.failed, message: cause.message };
    }
    return { result: undefined, exitCode: ExitCode.failed, message: cause?.message ?? error.message };
  }
}

/**
 * Waits for a run's outcome unless `signal` fires first (Ctrl-C, SIGTERM): then the calls in
 * flight are cancelled at once and the result is undefined. The run itself goes on.
 */
export async function waitUnlessStopped(handle: WorkflowHandle, signal: AbortSignal): Promise<RunOutcome | undefined> {
  if (signal.aborted) return undefined;
  try {
    return await handle.client.connection.withAbortSignal(signal, () => waitForOutcome(handle));
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
}

/** The Web UI address of a run; undefined when no Web UI is known for the server. */
export function runUrl(uiUrl: string | undefined, namespace: string, workflowId: string): string | undefined {
  if (!uiUrl) return undefined;
  return `${uiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
