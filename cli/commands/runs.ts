import { Option, type Command } from 'commander';
import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import { PLAYBOOK_NAME, TOUR_ID } from '../../workflows/search-attributes.ts';
import { UserError, type CliContext } from '../context.ts';
import { addTemporalFlags, type TemporalFlags } from '../options.ts';
import { PLAYBOOK_WORKFLOW, formatDuration, formatInstant, runLabels, runStatusText, table } from '../progress-text.ts';

/** `--status` values and Temporal's `ExecutionStatus` each stands for. */
const StatusFilter = {
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
  terminated: 'Terminated',
  'timed-out': 'TimedOut',
} as const;
type StatusFilter = keyof typeof StatusFilter;

interface RunsOptions extends TemporalFlags {
  playbook?: string;
  tour?: string;
  status?: StatusFilter;
  limit: number;
  json?: boolean;
}

/** One run as `runs --json` prints it. */
export interface RunRow {
  workflowId: string;
  runId: string;
  status: string;
  playbook: string | null;
  tourId: string | null;
  startTime: string;
  closeTime: string | null;
  durationMs: number;
}

/** Values go into the query between double quotes. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The visibility query of `runs`: tourflow runs only, one row per run (not one per
 * continue-as-new segment), filtered by the search attributes the workflow sets.
 */
export function runsQuery(options: Pick<RunsOptions, 'playbook' | 'tour' | 'status'>): string {
  const clauses = [`WorkflowType = ${quoted(PLAYBOOK_WORKFLOW)}`, `ExecutionStatus != "ContinuedAsNew"`];
  if (options.playbook) clauses.push(`${PLAYBOOK_NAME} = ${quoted(options.playbook)}`);
  if (options.tour) clauses.push(`${TOUR_ID} = ${quoted(options.tour)}`);
  if (options.status) clauses.push(`ExecutionStatus = ${quoted(StatusFilter[options.status])}`);
  return clauses.join(' AND ');
}

function toRow(info: WorkflowExecutionInfo, now: Date): RunRow {
  const { playbook, tourId } = runLabels(info);
  const end = info.closeTime ?? now;
  return {
    workflowId: info.workflowId,
    runId: info.runId,
    status: runStatusText(info),
    playbook: playbook ?? null,
    tourId: tourId ?? null,
    startTime: info.startTime.toISOString(),
    closeTime: info.closeTime?.toISOString() ?? null,
    durationMs: end.getTime() - info.startTime.getTime(),
  };
}

/** The most recent runs matching the filters, newest first, at most `limit`. */
export async function listRuns(
  client: Client,
  options: Pick<RunsOptions, 'playbook' | 'tour' | 'status' | 'limit'>,
): Promise<RunRow[]> {
  const rows: RunRow[] = [];
  const now = new Date();
  for await (const info of client.workflow.list({
    query: runsQuery(options),
    pageSize: Math.min(options.limit, 1_000),
  })) {
    rows.push(toRow(info, now));
    if (rows.length >= options.limit) break;
  }
  return rows.sort((a, b) => b.startTime.localeCompare(a.startTime));
}

function renderRuns(rows: RunRow[]): string[] {
  if (rows.length === 0) return ['no runs found'];
  const cells = rows.map((row) => [
    row.workflowId,
    row.status,
    row.playbook ?? '-',
    row.tourId ?? '-',
    formatInstant(new Date(row.startTime)),
    `${formatDuration(row.durationMs)}${row.closeTime ? '' : ' so far'}`,
  ]);
  return table(['RUN', 'STATUS', 'PLAYBOOK', 'TOUR', 'STARTED', 'DURATION'], cells);
}

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UserError(`--limit takes a whole number of 1 or more, got "${value}"`);
  return limit;
}

/** Registers `tourflow runs`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('runs')
      .description(
        'List recent runs with status, playbook, tour, start and duration; filter by playbook, tour or status.',
      )
      .option('--playbook <name>', 'only runs of this playbook')
      .option('--tour <id>', 'only runs on this tour')
      .addOption(new Option('--status <status>', 'only runs in this state').choices(Object.keys(StatusFilter)))
      .option('--limit <n>', 'how many runs at most', parseLimit, 20)
      .option('--json', 'print the runs as JSON'),
  ).action(async (options: RunsOptions) => {
    const { withClient } = await import('../progress.ts');
    await withClient(ctx, options, async (client) => {
      const rows = await listRuns(client, options);
      ctx.out(options.json ? JSON.stringify(rows, null, 2) : renderRuns(rows).join('\n'));
    });
  });
}
