/**
 * The words and lines that show runs: a run's state, durations and instants, tables, and a
 * run's step list with item counts. Pure text, without the Temporal client, so commands can
 * use it at registration and tests without a server.
 */
import type { WorkflowExecutionInfo } from '@temporalio/client';
import type { RunProgress, RunStatus, StepProgress, StepState } from '../workflows/messages.ts';
import { PLAYBOOK_NAME, TOUR_ID } from '../workflows/search-attributes.ts';

/** The workflow type every tourflow run has. */
export const PLAYBOOK_WORKFLOW = 'playbookWorkflow';

const closedStatus: Record<string, string> = {
  RUNNING: 'running',
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  TERMINATED: 'terminated',
  TIMED_OUT: 'timed out',
  CONTINUED_AS_NEW: 'continued as new',
};

const outcomeText: Partial<Record<RunStatus, string>> = {
  rolledBack: 'rolled back',
  failed: 'failed',
  needsManualRepair: 'needs repair',
};

/**
 * A run's state in a word or two. A failed run says whether it rolled back (the workflow
 * records its outcome in the memo), since that is what the operator needs to know next.
 */
export function runStatusText(info: Pick<WorkflowExecutionInfo, 'status' | 'memo'>): string {
  const outcome = info.memo?.outcome;
  const outcomeWord = typeof outcome === 'string' ? outcomeText[outcome as RunStatus] : undefined;
  if (info.status.name === 'FAILED' && outcomeWord) return outcomeWord;
  if (info.status.name === 'CANCELLED') return 'cancelled, rolled back';
  return closedStatus[info.status.name] ?? info.status.name.toLowerCase();
}

/** The playbook and tour of a run, from its search attributes. */
export function runLabels(info: Pick<WorkflowExecutionInfo, 'searchAttributes'>): {
  playbook?: string;
  tourId?: string;
} {
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
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  return [line(head), ...rows.map(line)];
}

const stateMark: Record<StepState, string> = {
  pending: '·',
  waiting: '?',
  running: '>',
  done: '✓',
  skipped: '-',
  failed: '✗',
  undone: '↶',
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
  const waiting = step.state === 'waiting' ? `: ${step.waitingFor ?? 'approval'}${hint}` : '';
  const error = step.error ? `: ${step.error.message}` : '';
  return `${stateMark[step.state]} ${step.id.padEnd(width)}  ${step.action.padEnd(16)} ${step.state}${waiting}${error}`;
}

/**
 * The step list of a run, a line a step, with `items done/total` on `forEach` steps. A waiting
 * step says how to approve it while the run is `open`.
 */
export function progressLines(
  progress: Pick<RunProgress, 'playbook' | 'paused' | 'steps'>,
  workflowId: string,
  open = true,
): string[] {
  const width = Math.max(4, ...progress.steps.map((s) => s.id.length));
  const head = `${progress.playbook} ${workflowId}${progress.paused ? ' (paused: resume with `tourflow resume`)' : ''}`;
  const lines = progress.steps.map(
    (step) => `  ${stepText(step, width, open ? workflowId : undefined)}${step.items ? `  ${itemsText(step)}` : ''}`,
  );
  return [head, ...lines];
}

/**
 * What `run`, `status`, `result` and `cancel` say when Ctrl-C stops them waiting: the run (or
 * its cancellation) goes on, and how to reach it.
 */
export function stoppedWaitingText(workflowId: string, cancelling = false): string {
  if (cancelling)
    return `stopped waiting for ${workflowId}; its cancellation goes on.\nFollow it with \`tourflow status ${workflowId}\`.`;
  return [
    `stopped waiting for ${workflowId}; the run goes on.`,
    `Follow it with \`tourflow status ${workflowId}\`; cancel it (and roll it back) with \`tourflow cancel ${workflowId}\`.`,
  ].join('\n');
}
