/**
 * What the `schedule` subcommands do once their flags are read: they talk to Temporal and
 * compile playbooks, so `commands/schedule.ts` loads this module only when one of them runs.
 */
import { ScheduleAlreadyRunning, type Client } from '@temporalio/client';
import { PLAYBOOK_NAME } from '../workflows/search-attributes.ts';
import { UserError, type CliContext } from './context.ts';
import type { TemporalFlags } from './options.ts';
import { withClient } from './progress.ts';
import { PLAYBOOK_WORKFLOW, formatInZone, formatInstant, table } from './progress-text.ts';
import { SCHEDULE_DEFAULTS, type OverlapFlag } from './schedule-flags.ts';
import { OVERLAP_POLICIES, checkDuration, checkInstant, checkTimezone, scheduleIdFor } from './schedule-checks.ts';
import { scheduleView, type ScheduleView } from './schedule-views.ts';
import {
  compileScheduled,
  findSchedule,
  givenInputs,
  loadScheduledPlaybook,
  scheduleAction,
  specError,
  updatedSchedule,
  waitForAction,
  type TriggerOutcome,
} from './schedules.ts';

/** Flags of `schedule create`. */
export interface CreateOptions extends TemporalFlags {
  cron?: string;
  timezone?: string;
  input?: Record<string, string>;
  inputs?: string;
  name?: string;
  id?: string;
  overlap: OverlapFlag;
  catchupWindow: string;
  paused?: boolean;
  note?: string;
  taskQueue?: string;
  json?: boolean;
}

/** Flags of `schedule update`. */
export type UpdateOptions = Omit<CreateOptions, 'name' | 'id' | 'overlap' | 'catchupWindow' | 'paused'> & {
  overlap?: OverlapFlag;
  catchupWindow?: string;
};

/** `--json` prints the schedule's view; otherwise its description, after a line saying what changed. */
function show(ctx: CliContext, json: boolean | undefined, headline: string, view: ScheduleView): void {
  if (json) ctx.out(JSON.stringify(view, null, 2));
  else ctx.out([headline, ...renderSchedule(view)].join('\n'));
}

/** `schedule create FILE`. */
export async function create(ctx: CliContext, file: string, options: CreateOptions): Promise<void> {
  const catchupWindow = checkDuration('--catchup-window', options.catchupWindow);
  const { plan, inputs, cron, timezone } = await loadScheduledPlaybook(ctx, file, options);
  const scheduleId = scheduleIdFor(plan.name, options);
  await withClient(
    ctx,
    options,
    async (client, config) => {
      const creating = client.schedule.create({
        scheduleId,
        spec: { cronExpressions: [cron], timezone },
        action: scheduleAction({
          plan,
          inputs,
          taskQueue: config.temporal.taskQueue,
          scheduleId,
          runName: options.id ?? options.name ?? SCHEDULE_DEFAULTS.name,
        }),
        policies: { overlap: OVERLAP_POLICIES[options.overlap], catchupWindow },
        searchAttributes: { [PLAYBOOK_NAME]: [plan.name] },
        state: { paused: options.paused ?? false, ...(options.note ? { note: options.note } : {}) },
      });
      const handle = await creating.catch((error: unknown) => {
        if (error instanceof ScheduleAlreadyRunning) {
          throw new UserError(
            `a schedule named "${scheduleId}" exists; change it with \`tourflow schedule update ${scheduleId}\`, or give this one another --name`,
          );
        }
        throw specError(error);
      });
      show(ctx, options.json, `created schedule ${scheduleId}`, scheduleView(await handle.describe()));
    },
    { required: true },
  );
}

async function changeSchedule(
  ctx: CliContext,
  client: Client,
  id: string,
  file: string | undefined,
  options: UpdateOptions,
): Promise<ScheduleView> {
  const { handle, description } = await findSchedule(client, id);
  const plan = file ? await compileScheduled(ctx, file) : undefined;
  const next = updatedSchedule(description, {
    ...(options.cron ? { cron: options.cron } : {}),
    ...(options.timezone ? { timezone: checkTimezone(options.timezone) } : {}),
    ...(options.catchupWindow ? { catchupWindow: checkDuration('--catchup-window', options.catchupWindow) } : {}),
    ...(options.overlap ? { overlap: OVERLAP_POLICIES[options.overlap] } : {}),
    ...(options.note ? { note: options.note } : {}),
    ...(options.taskQueue ? { taskQueue: options.taskQueue } : {}),
    ...(plan ? { plan } : {}),
    given: await givenInputs(ctx, {}, options),
  });
  try {
    await handle.update(() => next);
  } catch (error) {
    throw specError(error);
  }
  return scheduleView(await handle.describe());
}

/** `schedule update ID [FILE]`. */
export async function update(
  ctx: CliContext,
  id: string,
  file: string | undefined,
  options: UpdateOptions,
): Promise<void> {
  // Flag values are checked before connecting: a mistake is said without a server.
  if (options.timezone) checkTimezone(options.timezone);
  if (options.catchupWindow) checkDuration('--catchup-window', options.catchupWindow);
  await withClient(ctx, options, async (client) => {
    show(ctx, options.json, `updated schedule ${id}`, await changeSchedule(ctx, client, id, file, options));
  });
}

/** `schedule list`. */
export async function list(
  ctx: CliContext,
  options: TemporalFlags & { playbook?: string; json?: boolean },
): Promise<void> {
  await withClient(ctx, options, async (client) => {
    const views = await listSchedules(client, options.playbook);
    if (options.json) ctx.out(JSON.stringify(views, null, 2));
    else ctx.out(scheduleTable(views).join('\n'));
  });
}

/** `schedule describe ID`. */
export async function describe(
  ctx: CliContext,
  id: string,
  options: TemporalFlags & { json?: boolean },
): Promise<void> {
  await withClient(ctx, options, async (client) => {
    const view = scheduleView((await findSchedule(client, id)).description);
    if (options.json) ctx.out(JSON.stringify(view, null, 2));
    else ctx.out(renderSchedule(view).join('\n'));
  });
}

/** `schedule pause ID` and `schedule unpause ID`. */
export async function setPaused(
  ctx: CliContext,
  verb: 'pause' | 'unpause',
  id: string,
  options: TemporalFlags & { note?: string },
): Promise<void> {
  const past = verb === 'pause' ? 'paused' : 'unpaused';
  await withClient(ctx, options, async (client) => {
    const { handle } = await findSchedule(client, id);
    await handle[verb](options.note ?? `${past} with tourflow`);
    ctx.out(`${past} schedule ${id}`);
  });
}

/** `schedule trigger ID`. */
export async function trigger(
  ctx: CliContext,
  id: string,
  options: TemporalFlags & { overlap?: OverlapFlag; json?: boolean },
): Promise<void> {
  await withClient(ctx, options, async (client) => {
    const { handle, description } = await findSchedule(client, id);
    await handle.trigger(options.overlap ? OVERLAP_POLICIES[options.overlap] : description.policies.overlap);
    const taken = await waitForAction(handle, description);
    if (options.json) ctx.out(JSON.stringify({ scheduleId: id, ...taken }, null, 2));
    else ctx.out(triggerText(id, taken));
  });
}

/** `schedule backfill ID --from --to`. */
export async function backfill(
  ctx: CliContext,
  id: string,
  options: TemporalFlags & { from: string; to: string; overlap: OverlapFlag },
): Promise<void> {
  const [start, end] = [checkInstant('--from', options.from), checkInstant('--to', options.to)];
  if (end <= start) throw new UserError('--to must be after --from');
  await withClient(ctx, options, async (client) => {
    const { handle, description } = await findSchedule(client, id);
    await handle.backfill({ start, end, overlap: OVERLAP_POLICIES[options.overlap] });
    const zone = description.spec.timezone ?? 'UTC';
    ctx.out(
      `backfilling schedule ${id} from ${formatInZone(start.toISOString(), zone)} to ${formatInZone(end.toISOString(), zone)} (${options.overlap})`,
    );
  });
}

/** `schedule delete ID`. */
export async function remove(ctx: CliContext, id: string, options: TemporalFlags): Promise<void> {
  await withClient(ctx, options, async (client) => {
    await (await findSchedule(client, id)).handle.delete();
    ctx.out(`deleted schedule ${id}`);
  });
}

async function listSchedules(client: Client, playbook: string | undefined): Promise<ScheduleView[]> {
  const ids: string[] = [];
  for await (const summary of client.schedule.list()) {
    if (summary.action?.workflowType === PLAYBOOK_WORKFLOW) ids.push(summary.scheduleId);
  }
  // listing is eventually consistent: a schedule deleted a moment ago may still be listed
  const found = await Promise.all(
    ids.map((id) =>
      findSchedule(client, id).then(
        (s) => s.description,
        () => undefined,
      ),
    ),
  );
  return found
    .filter((description) => description !== undefined)
    .map(scheduleView)
    .filter((view) => !playbook || view.playbook === playbook)
    .sort((a, b) => a.scheduleId.localeCompare(b.scheduleId));
}

function scheduleTable(views: ScheduleView[]): string[] {
  if (views.length === 0) return ['no schedules; create one with `tourflow schedule create FILE --cron "0 2 * * *"`'];
  const rows = views.map((v) => [
    v.scheduleId,
    v.playbook ?? '?',
    `${v.cron} ${v.timezone}`,
    v.paused ? 'paused' : 'active',
    v.paused || !v.nextRuns[0] ? '-' : formatInstant(new Date(v.nextRuns[0])),
    v.recentRuns.at(-1)?.workflowId ?? '-',
  ]);
  return table(['SCHEDULE', 'PLAYBOOK', 'WHEN', 'STATE', 'NEXT RUN', 'LAST RUN'], rows);
}

function triggerText(id: string, taken: TriggerOutcome): string {
  if (taken.started) return `triggered schedule ${id}: started ${taken.started}`;
  if (taken.skipped)
    return `triggered schedule ${id}: skipped, ${taken.running.join(', ') || 'the last run'} still running (overlap policy)`;
  return `triggered schedule ${id}; see \`tourflow schedule describe ${id}\` for the run`;
}

/** The lines `schedule describe` prints. */
function renderSchedule(view: ScheduleView): string[] {
  const zoned = (iso: string) => `${formatInZone(iso, view.timezone)} (${formatInstant(new Date(iso))})`;
  const inputs = Object.entries(view.inputs).map(([name, value]) => `  ${name}: ${JSON.stringify(value)}`);
  return [
    `schedule ${view.scheduleId}: ${view.paused ? 'paused' : 'active'}${view.note ? ` (${view.note})` : ''}`,
    `playbook:       ${view.playbook ?? '(not a tourflow playbook)'}`,
    `when:           ${view.cron} in ${view.timezone}`,
    `overlap:        ${view.overlap}; catch-up window ${view.catchupWindow}`,
    `runs:           ${view.runsTaken} taken, ${view.skippedOverlap} skipped (overlap), ${view.missedCatchupWindow} missed (catch-up window)`,
    ...(inputs.length > 0 ? ['inputs:', ...inputs] : []),
    ...(view.running.length > 0 ? ['running:', ...view.running.map((id) => `  ${id}`)] : []),
    'next runs:',
    ...(view.paused
      ? ['  (paused)']
      : view.nextRuns.length > 0
        ? view.nextRuns.map((iso) => `  ${zoned(iso)}`)
        : ['  (none)']),
    'recent runs:',
    ...(view.recentRuns.length > 0
      ? view.recentRuns.map((run) => `  ${zoned(run.scheduledAt)}  ${run.workflowId}`)
      : ['  (none yet)']),
  ];
}
