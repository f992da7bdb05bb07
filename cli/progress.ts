/**
 * Reading runs from the terminal: connecting to Temporal (with a message that says what to do
 * when it is not there), finding a run by its workflow ID, and the words and lines that show
 * a run's state and progress. Shared by `runs`, `status`, `result`, `cancel`, `approve`,
 * `pause`, `resume` and the schedule commands.
 */
import type { Command } from 'commander';
import {
  WorkflowUpdateFailedError,
  type Client,
  type WorkflowExecutionDescription,
  type WorkflowExecutionInfo,
  type WorkflowHandle,
} from '@temporalio/client';
import { WorkflowNotFoundError, type UpdateDefinition } from '@temporalio/common';
import type { Config } from '../worker/config.ts';
import { connectClient } from '../worker/temporal.ts';
import { RunStatus, StepState, progressQuery, type RunProgress, type StepProgress } from '../workflows/messages.ts';
import { PLAYBOOK_NAME, TOUR_ID } from '../workflows/search-attributes.ts';
import { ExitCode, UserError, type CliContext } from './context.ts';
import { renderResult } from './render.ts';
import type { RunOutcome } from './runs.ts';

/** The workflow type every tourflow run has. */
export const PLAYBOOK_WORKFLOW = 'playbookWorkflow';

/** `--address` and `--namespace`, as every command that talks to Temporal takes them. */
export interface TemporalFlags {
  address?: string;
  namespace?: string;
}

/** Adds `--address` and `--namespace` to a command. */
export function addTemporalFlags(command: Command): Command {
  return command
    .option('--address <host:port>', 'Temporal address (default: TEMPORAL_ADDRESS or 127.0.0.1:7233)')
    .option('--namespace <name>', 'Temporal namespace');
}

/**
 * Connects to Temporal, runs `fn` and closes the connection. A server that does not answer is
 * the user's to fix (start one, or point at the right one), so it is a `UserError` naming the
 * address rather than a crash.
 */
export async function withClient<T>(
  ctx: CliContext,
  flags: TemporalFlags & { taskQueue?: string },
  fn: (client: Client, config: Config) => Promise<T>,
): Promise<T> {
  const config = ctx.config({ temporal: { address: flags.address, namespace: flags.namespace, taskQueue: flags.taskQueue } });
  let client: Client;
  try {
    client = await connectClient(config.temporal);
  } catch (cause) {
    throw new UserError(
      `cannot reach Temporal at ${config.temporal.address} (${(cause as Error).message}).\n` +
        'Start a local server with `tourflow dev`, or point tourflow at yours with --address or TEMPORAL_ADDRESS.',
      { exitCode: ExitCode.failed, cause },
    );
  }
  try {
    return await fn(client, config);
  } finally {
    await client.connection.close();
  }
}

/** A run found by its workflow ID. */
export interface FoundRun {
  handle: WorkflowHandle;
  description: WorkflowExecutionDescription;
}

/** The run with this workflow ID (its latest execution), or a `UserError` if there is none. */
export async function findRun(client: Client, workflowId: string): Promise<FoundRun> {
  const handle = client.workflow.getHandle(workflowId);
  try {
    const description = await handle.describe();
    if (description.type !== PLAYBOOK_WORKFLOW) {
      throw new UserError(`"${workflowId}" is a ${description.type} workflow, not a tourflow run`);
    }
    return { handle, description };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) {
      throw new UserError(`no run named "${workflowId}"; list recent runs with \`tourflow runs\``, { cause: error });
    }
    throw error;
  }
}

/** Fails with a `UserError` unless the run is still open: `verb` says what could not be done. */
export function requireOpen(run: FoundRun, verb: string): void {
  if (run.description.status.name === 'RUNNING') return;
  throw new UserError(`run "${run.description.workflowId}" has ended (${runStatusText(run.description)}); nothing to ${verb}`);
}

const closedStatus: Record<string, string> = {
  RUNNING: 'running',
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  TERMINATED: 'terminated',
  TIMED_OUT: 'timed out',
  CONTINUED_AS_NEW: 'continued as new',
};

const outcomeText: Record<string, string> = {
  [RunStatus.rolledBack]: 'rolled back',
  [RunStatus.failed]: 'failed',
  [RunStatus.needsManualRepair]: 'needs repair',
};

/**
 * A run's state in a word or two. A failed run says whether it rolled back (the workflow
 * records its outcome in the memo), since that is what the operator needs to know next.
 */
export function runStatusText(info: Pick<WorkflowExecutionInfo, 'status' | 'memo'>): string {
  const outcome = info.memo?.outcome;
  if (info.status.name === 'FAILED' && typeof outcome === 'string' && outcomeText[outcome]) return outcomeText[outcome];
  if (info.status.name === 'CANCELLED') return 'cancelled, rolled back';
  return closedStatus[info.status.name] ?? info.status.name.toLowerCase();
}

/** The playbook and tour of a run, from its search attributes. */
export function runLabels(info: Pick<WorkflowExecutionInfo, 'searchAttributes'>): { playbook?: string; tourId?: string } {
  const first = (name: string) => {
    const value = info.searchAttributes?.[name]?.[0];
    return typeof value === 'string' ? value : undefined;
  };
  return { playbook: first(PLAYBOOK_NAME), tourId: first(TOUR_ID) };
}

/** "850ms", "12s", "3m 05s", "2h 03m", "1h", "2d 04h": a remainder of zero is left out. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))}ms`;
  const units: [number, string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  const seconds = Math.floor(ms / 1_000);
  const index = units.findIndex(([size]) => seconds >= size);
  const [size, unit] = units[index]!;
  const [nextSize, nextUnit] = units[index + 1] ?? [1, ''];
  const rest = Math.floor((seconds % size) / nextSize);
  return `${Math.floor(seconds / size)}${unit}${rest && nextUnit ? ` ${String(rest).padStart(2, '0')}${nextUnit}` : ''}`;
}

/** An instant as `2027-03-01 14:05:09Z`: sortable and short. */
export function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

/** `2027-03-02 02:00 Europe/Berlin`: the wall-clock time a schedule fires at, in its zone. */
export function formatInZone(iso: string, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${timezone}`;
}

/** Left-aligned columns, two spaces apart. */
export function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  return [line(head), ...rows.map(line)];
}

const stateMark: Record<StepState, string> = {
  [StepState.pending]: '·',
  [StepState.waiting]: '?',
  [StepState.running]: '>',
  [StepState.done]: '✓',
  [StepState.skipped]: '-',
  [StepState.failed]: '✗',
  [StepState.undone]: '↶',
};

/** `items 42/300`, with failures and the ones in flight when there are any. */
export function itemsText(step: StepProgress): string {
  if (!step.items) return '';
  const { total, done, failed, running } = step.items;
  const extra = [failed ? `${failed} failed` : '', running ? `${running} running` : ''].filter(Boolean).join(', ');
  return `items ${done}/${total}${extra ? ` (${extra})` : ''}`;
}

/** One line of the step list, without the progress bar. */
export function stepText(step: StepProgress, width: number, workflowId: string | undefined): string {
  const hint = workflowId ? ` (tourflow approve ${workflowId} ${step.id})` : '';
  const waiting = step.state === StepState.waiting ? `: ${step.waitingFor ?? 'approval'}${hint}` : '';
  const error = step.error ? `: ${step.error.message}` : '';
  return `${stateMark[step.state]} ${step.id.padEnd(width)}  ${step.action.padEnd(16)} ${step.state}${waiting}${error}`;
}

/**
 * The step list of a run, a line a step, with `items done/total` on `forEach` steps. A waiting
 * step says how to approve it while the run is `open`.
 */
export function progressLines(progress: Pick<RunProgress, 'playbook' | 'paused' | 'steps'>, workflowId: string, open = true): string[] {
  const width = Math.max(4, ...progress.steps.map((s) => s.id.length));
  const head = `${progress.playbook} ${workflowId}${progress.paused ? ' (paused: resume with `tourflow resume`)' : ''}`;
  const lines = progress.steps.map((step) => `  ${stepText(step, width, open ? workflowId : undefined)}${step.items ? `  ${itemsText(step)}` : ''}`);
  return [head, ...lines];
}

/** How long a progress query may take: longer means no worker is serving the run. */
const QUERY_TIMEOUT_MS = 5_000;

/** The run's progress, or undefined when no worker answers in time. */
export async function queryProgress(handle: WorkflowHandle): Promise<RunProgress | undefined> {
  try {
    return await handle.client.connection.withDeadline(Date.now() + QUERY_TIMEOUT_MS, () => handle.query(progressQuery));
  } catch {
    return undefined;
  }
}

/**
 * What can be said of a closed run that left no report (terminated, timed out, or failed
 * outside the playbook): its state, why, and each step's last state as the workflow answers
 * the progress query (when a worker is there to answer).
 */
async function closedRunReport(handle: WorkflowHandle, outcome: RunOutcome): Promise<{ lines: string[]; json: Record<string, unknown> }> {
  const description = await handle.describe().catch(() => undefined);
  const status = description ? runStatusText(description) : 'failed';
  const progress = await queryProgress(handle);
  const lines = [`${handle.workflowId} ${status}${outcome.message ? `: ${outcome.message}` : ''}`, ...(progress ? progressLines(progress, handle.workflowId, false).slice(1) : [])];
  const json = { workflowId: handle.workflowId, status, ...(outcome.message ? { error: outcome.message } : {}), ...(progress ? { steps: progress.steps } : {}) };
  return { lines, json };
}

/**
 * Prints a finished run the way `run` does: the result report, or its JSON (`--json`), and
 * sets the exit code scripts rely on (0 done, 1 failed, 3 rolled back).
 */
export async function printOutcome(ctx: CliContext, handle: WorkflowHandle, outcome: RunOutcome, json: boolean | undefined): Promise<void> {
  ctx.setExitCode(outcome.exitCode);
  if (outcome.result) {
    ctx.out(json ? JSON.stringify(outcome.result, null, 2) : renderResult(outcome.result).join('\n'));
    return;
  }
  const report = await closedRunReport(handle, outcome);
  ctx.out(json ? JSON.stringify(report.json, null, 2) : report.lines.join('\n'));
}

/**
 * Sends one of the run's updates (`pause`, `resume`, `approve`) and returns the progress the
 * workflow answers with. The workflow's validator rejects an update that makes no sense now
 * (approving a step that is not waiting): its message is the user's to read, not a crash.
 */
export async function updateRun(run: FoundRun, verb: string, send: (handle: WorkflowHandle) => Promise<RunProgress>): Promise<RunProgress> {
  requireOpen(run, verb);
  try {
    return await send(run.handle);
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) throw new UserError(`cannot ${verb}: ${error.cause?.message ?? error.message}`, { cause: error });
    throw error;
  }
}

/** Registers a command that sends an argument-less update to a run (`pause`, `resume`). */
export function registerRunUpdate(
  program: Command,
  ctx: CliContext,
  spec: { name: string; description: string; update: UpdateDefinition<RunProgress, []>; done: (id: string) => string },
): void {
  addTemporalFlags(
    program
      .command(spec.name)
      .description(spec.description)
      .argument('<run>', 'workflow ID of the run')
      .option('--json', "print the run's progress as JSON"),
  ).action((id: string, options: TemporalFlags & { json?: boolean }) =>
    withClient(ctx, options, async (client) => {
      const progress = await updateRun(await findRun(client, id), spec.name, (handle) => handle.executeUpdate(spec.update));
      ctx.out(options.json ? JSON.stringify(progress, null, 2) : spec.done(id));
    }),
  );
}
