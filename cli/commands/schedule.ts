import { Option, type Command } from 'commander';
import { ScheduleAlreadyRunning, type Client } from '@temporalio/client';
import { PLAYBOOK_NAME } from '../../workflows/search-attributes.ts';
import { UserError, type CliContext } from '../context.ts';
import { collectInput } from '../playbook-input.ts';
import { PLAYBOOK_WORKFLOW, addTemporalFlags, formatInZone, formatInstant, table, withClient, type TemporalFlags } from '../progress.ts';
import {
  OverlapFlag,
  SCHEDULE_DEFAULTS,
  checkDuration,
  checkInstant,
  checkTimezone,
  compileScheduled,
  findSchedule,
  givenInputs,
  loadScheduledPlaybook,
  scheduleAction,
  scheduleIdFor,
  scheduleView,
  specError,
  updatedSchedule,
  waitForAction,
  type ScheduleView,
  type TriggerOutcome,
} from '../schedules.ts';

interface CreateOptions extends TemporalFlags {
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

type UpdateOptions = Omit<CreateOptions, 'name' | 'id' | 'overlap' | 'catchupWindow' | 'paused'> & { overlap?: OverlapFlag; catchupWindow?: string };

const overlapOption = (description: string) => new Option('--overlap <policy>', description).choices(Object.keys(OverlapFlag));

/** `--json` prints the schedule's view; otherwise its description, after a line saying what changed. */
function show(ctx: CliContext, json: boolean | undefined, headline: string, view: ScheduleView): void {
  if (json) ctx.out(JSON.stringify(view, null, 2));
  else ctx.out([headline, ...renderSchedule(view)].join('\n'));
}

async function create(ctx: CliContext, file: string, options: CreateOptions): Promise<void> {
  const catchupWindow = checkDuration('--catchup-window', options.catchupWindow);
  const { plan, inputs, cron, timezone } = await loadScheduledPlaybook(ctx, file, options);
  const scheduleId = scheduleIdFor(plan.name, options);
  await withClient(ctx, options, async (client, config) => {
    const creating = client.schedule.create({
      scheduleId,
      spec: { cronExpressions: [cron], timezone },
      action: scheduleAction({ plan, inputs, taskQueue: config.temporal.taskQueue, scheduleId, runName: options.id ?? options.name ?? SCHEDULE_DEFAULTS.name }),
      policies: { overlap: OverlapFlag[options.overlap], catchupWindow },
      searchAttributes: { [PLAYBOOK_NAME]: [plan.name] },
      state: { paused: options.paused ?? false, ...(options.note ? { note: options.note } : {}) },
    });
    const handle = await creating.catch((error: unknown) => {
      if (error instanceof ScheduleAlreadyRunning) {
        throw new UserError(`a schedule named "${scheduleId}" exists; change it with \`tourflow schedule update ${scheduleId}\`, or give this one another --name`);
      }
      throw specError(error);
    });
    show(ctx, options.json, `created schedule ${scheduleId}`, scheduleView(await handle.describe()));
  });
}

async function update(ctx: CliContext, client: Client, id: string, file: string | undefined, options: UpdateOptions): Promise<ScheduleView> {
  const { handle, description } = await findSchedule(client, id);
  const plan = file ? await compileScheduled(ctx, file) : undefined;
  const next = updatedSchedule(description, {
    ...(options.cron ? { cron: options.cron } : {}),
    ...(options.timezone ? { timezone: checkTimezone(options.timezone) } : {}),
    ...(options.catchupWindow ? { catchupWindow: checkDuration('--catchup-window', options.catchupWindow) } : {}),
    ...(options.overlap ? { overlap: OverlapFlag[options.overlap] } : {}),
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

/** Registers `tourflow schedule` and its subcommands. */
export function register(program: Command, ctx: CliContext): void {
  const schedule = program
    .command('schedule')
    .description('Run playbooks on Temporal Schedules: create, list, describe, pause, unpause, trigger, backfill, update, delete.');

  addTemporalFlags(
    schedule
      .command('create')
      .description('Create a schedule that runs a playbook, from --cron or the playbook\'s schedule: block. Overlapping runs are skipped.')
      .argument('<file>', 'playbook YAML file')
      .option('--cron <expression>', 'when to run, e.g. "0 2 * * *" (default: the playbook\'s schedule.cron)')
      .option('--timezone <zone>', 'IANA time zone the cron runs in (default: the playbook\'s schedule.timezone, else UTC)')
      .option('-i, --input <key=value>', 'playbook input (repeatable); lists as JSON or comma-separated: tours=a,b', collectInput)
      .option('--inputs <file>', 'YAML or JSON file of inputs')
      .option('--name <name>', 'schedule name; the ID is tourflow-<playbook>-<name>', SCHEDULE_DEFAULTS.name)
      .option('--id <id>', 'schedule ID, instead of tourflow-<playbook>-<name>')
      .addOption(overlapOption('what to do when a run is due while the last one still runs').default(SCHEDULE_DEFAULTS.overlap))
      .option('--catchup-window <duration>', 'how late a missed run may still start after an outage', SCHEDULE_DEFAULTS.catchupWindow)
      .option('--paused', 'create the schedule paused')
      .option('--note <text>', 'note shown with the schedule (why it is paused, who owns it)')
      .option('--task-queue <name>', 'task queue of the tourflow worker')
      .option('--json', 'print the schedule as JSON'),
  ).action((file: string, options: CreateOptions) => create(ctx, file, options));

  addTemporalFlags(
    schedule
      .command('list')
      .description('List the schedules that run playbooks: when, state, next and last run.')
      .option('--playbook <name>', 'only schedules of this playbook')
      .option('--json', 'print the schedules as JSON'),
  ).action((options: TemporalFlags & { playbook?: string; json?: boolean }) =>
    withClient(ctx, options, async (client) => {
      const views = await listSchedules(client, options.playbook);
      if (options.json) ctx.out(JSON.stringify(views, null, 2));
      else ctx.out(scheduleTable(views).join('\n'));
    }),
  );

  addTemporalFlags(
    schedule
      .command('describe')
      .description('Show a schedule: playbook, inputs, cron and time zone, policies, next runs and recent runs.')
      .argument('<id>', 'schedule ID')
      .option('--json', 'print the schedule as JSON'),
  ).action((id: string, options: TemporalFlags & { json?: boolean }) =>
    withClient(ctx, options, async (client) => {
      const view = scheduleView((await findSchedule(client, id)).description);
      if (options.json) ctx.out(JSON.stringify(view, null, 2));
      else ctx.out(renderSchedule(view).join('\n'));
    }),
  );

  for (const [verb, past] of [
    ['pause', 'paused'],
    ['unpause', 'unpaused'],
  ] as const) {
    addTemporalFlags(
      schedule
        .command(verb)
        .description(verb === 'pause' ? 'Pause a schedule: no runs start until it is unpaused.' : 'Unpause a schedule: runs start again at their next time.')
        .argument('<id>', 'schedule ID')
        .option('--note <text>', 'why (shown by describe)'),
    ).action((id: string, options: TemporalFlags & { note?: string }) =>
      withClient(ctx, options, async (client) => {
        const { handle } = await findSchedule(client, id);
        await handle[verb](options.note ?? `${past} with tourflow`);
        ctx.out(`${past} schedule ${id}`);
      }),
    );
  }

  addTemporalFlags(
    schedule
      .command('trigger')
      .description('Start a run of the schedule now; by default a run still going means this one is skipped, as the schedule\'s overlap policy says.')
      .argument('<id>', 'schedule ID')
      .addOption(overlapOption('overlap policy for this run; by default the schedule\'s own'))
      .option('--json', 'print what happened as JSON'),
  ).action((id: string, options: TemporalFlags & { overlap?: OverlapFlag; json?: boolean }) =>
    withClient(ctx, options, async (client) => {
      const { handle, description } = await findSchedule(client, id);
      await handle.trigger(options.overlap ? OverlapFlag[options.overlap] : description.policies.overlap);
      const taken = await waitForAction(handle, description);
      if (options.json) ctx.out(JSON.stringify({ scheduleId: id, ...taken }, null, 2));
      else ctx.out(triggerText(id, taken));
    }),
  );

  addTemporalFlags(
    schedule
      .command('backfill')
      .description('Take the runs the schedule would have taken between two instants, as if that time passed now; by default one after the other.')
      .argument('<id>', 'schedule ID')
      .requiredOption('--from <instant>', 'start of the range, ISO 8601 (2027-03-01T00:00:00Z)')
      .requiredOption('--to <instant>', 'end of the range, ISO 8601')
      .addOption(overlapOption('overlap policy for the backfilled runs').default('buffer-all')),
  ).action((id: string, options: TemporalFlags & { from: string; to: string; overlap: OverlapFlag }) =>
    withClient(ctx, options, async (client) => {
      const [start, end] = [checkInstant('--from', options.from), checkInstant('--to', options.to)];
      if (end <= start) throw new UserError('--to must be after --from');
      const { handle, description } = await findSchedule(client, id);
      await handle.backfill({ start, end, overlap: OverlapFlag[options.overlap] });
      const zone = description.spec.timezone ?? 'UTC';
      ctx.out(`backfilling schedule ${id} from ${formatInZone(start.toISOString(), zone)} to ${formatInZone(end.toISOString(), zone)} (${options.overlap})`);
    }),
  );

  addTemporalFlags(
    schedule
      .command('update')
      .description('Change a schedule\'s cron, time zone, inputs or policies; with a playbook file, run that version of the playbook from now on.')
      .argument('<id>', 'schedule ID')
      .argument('[file]', 'playbook YAML file to compile and run instead of the scheduled version')
      .option('--cron <expression>', 'new cron expression')
      .option('--timezone <zone>', 'new IANA time zone')
      .option('-i, --input <key=value>', 'set a playbook input (repeatable); the others are kept', collectInput)
      .option('--inputs <file>', 'YAML or JSON file of inputs to set')
      .addOption(overlapOption('new overlap policy'))
      .option('--catchup-window <duration>', 'new catch-up window')
      .option('--note <text>', 'new note')
      .option('--task-queue <name>', 'task queue of the tourflow worker')
      .option('--json', 'print the schedule as JSON'),
  ).action((id: string, file: string | undefined, options: UpdateOptions) =>
    withClient(ctx, options, async (client) => {
      show(ctx, options.json, `updated schedule ${id}`, await update(ctx, client, id, file, options));
    }),
  );

  addTemporalFlags(
    schedule.command('delete').description('Delete a schedule; runs it started are not touched.').argument('<id>', 'schedule ID'),
  ).action((id: string, options: TemporalFlags) =>
    withClient(ctx, options, async (client) => {
      await (await findSchedule(client, id)).handle.delete();
      ctx.out(`deleted schedule ${id}`);
    }),
  );
}

async function listSchedules(client: Client, playbook: string | undefined): Promise<ScheduleView[]> {
  const ids: string[] = [];
  for await (const summary of client.schedule.list()) {
    if (summary.action?.workflowType === PLAYBOOK_WORKFLOW) ids.push(summary.scheduleId);
  }
  // listing is eventually consistent: a schedule deleted a moment ago may still be listed
  const found = await Promise.all(ids.map((id) => findSchedule(client, id).then((s) => s.description, () => undefined)));
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
  if (taken.skipped) return `triggered schedule ${id}: skipped, ${taken.running.join(', ') || 'the last run'} still running (overlap policy)`;
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
    ...(view.paused ? ['  (paused)'] : view.nextRuns.length > 0 ? view.nextRuns.map((iso) => `  ${zoned(iso)}`) : ['  (none)']),
    'recent runs:',
    ...(view.recentRuns.length > 0 ? view.recentRuns.map((run) => `  ${zoned(run.scheduledAt)}  ${run.workflowId}`) : ['  (none yet)']),
  ];
}
