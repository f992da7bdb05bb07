import { Option, type Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, collectInput, type TemporalFlags } from '../options.ts';
import type { CreateOptions, UpdateOptions } from '../schedule-actions.ts';
import { OVERLAP_FLAGS, SCHEDULE_DEFAULTS, type OverlapFlag } from '../schedule-flags.ts';

const overlapOption = (description: string) => new Option('--overlap <policy>', description).choices(OVERLAP_FLAGS);

/** What the subcommands do, loaded when one of them runs. */
const actions = () => import('../schedule-actions.ts');

/** One subcommand of `tourflow schedule`: adds itself to the `schedule` command. */
type Subcommand = (schedule: Command, ctx: CliContext) => void;

/** `schedule create FILE`. */
const create: Subcommand = (schedule, ctx) => {
  addTemporalFlags(
    schedule
      .command('create')
      .description(
        "Create a schedule that runs a playbook, from --cron or the playbook's schedule: block. Overlapping runs are skipped.",
      )
      .argument('<file>', 'playbook YAML file')
      .option('--cron <expression>', 'when to run, e.g. "0 2 * * *" (default: the playbook\'s schedule.cron)')
      .option(
        '--timezone <zone>',
        "IANA time zone the cron runs in (default: the playbook's schedule.timezone, else UTC)",
      )
      .option(
        '-i, --input <key=value>',
        'playbook input (repeatable); lists as JSON or comma-separated: tours=a,b',
        collectInput,
      )
      .option('--inputs <file>', 'YAML or JSON file of inputs')
      .option('--name <name>', 'schedule name; the ID is tourflow-<playbook>-<name>', SCHEDULE_DEFAULTS.name)
      .option('--id <id>', 'schedule ID, instead of tourflow-<playbook>-<name>')
      .addOption(
        overlapOption('what to do when a run is due while the last one still runs').default(SCHEDULE_DEFAULTS.overlap),
      )
      .option(
        '--catchup-window <duration>',
        'how late a missed run may still start after an outage',
        SCHEDULE_DEFAULTS.catchupWindow,
      )
      .option('--paused', 'create the schedule paused')
      .option('--note <text>', 'note shown with the schedule (why it is paused, who owns it)')
      .option('--task-queue <name>', 'task queue of the tourflow worker')
      .option('--json', 'print the schedule as JSON'),
  ).action(async (file: string, options: CreateOptions) => (await actions()).create(ctx, file, options));
};

/** `schedule list`. */
const list: Subcommand = (schedule, ctx) => {
  addTemporalFlags(
    schedule
      .command('list')
      .description('List the schedules that run playbooks: when, state, next and last run.')
      .option('--playbook <name>', 'only schedules of this playbook')
      .option('--json', 'print the schedules as JSON'),
  ).action(async (options: TemporalFlags & { playbook?: string; json?: boolean }) =>
    (await actions()).list(ctx, options),
  );
};

/** `schedule describe ID`. */
const describe: Subcommand = (schedule, ctx) => {
  addTemporalFlags(
    schedule
      .command('describe')
      .description('Show a schedule: playbook, inputs, cron and time zone, policies, next runs and recent runs.')
      .argument('<id>', 'schedule ID')
      .option('--json', 'print the schedule as JSON'),
  ).action(async (id: string, options: TemporalFlags & { json?: boolean }) =>
    (await actions()).describe(ctx, id, options),
  );
};

/** `schedule pause ID` and `schedule unpause ID`. */
const pausing =
  (verb: 'pause' | 'unpause', description: string): Subcommand =>
  (schedule, ctx) => {
    addTemporalFlags(
      schedule
        .command(verb)
        .description(description)
        .argument('<id>', 'schedule ID')
        .option('--note <text>', 'why (shown by describe)'),
    ).action(async (id: string, options: TemporalFlags & { note?: string }) =>
      (await actions()).setPaused(ctx, verb, id, options),
    );
  };

/** `schedule trigger ID`. */
const trigger: Subcommand = (schedule, ctx) => {
  addTemporalFlags(
    schedule
      .command('trigger')
      .description(
        "Start a run of the schedule now; by default a run still going means this one is skipped, as the schedule's overlap policy says.",
      )
      .argument('<id>', 'schedule ID')
      .addOption(overlapOption("overlap policy for this run; by default the schedule's own"))
      .option('--json', 'print what happened as JSON'),
  ).action(async (id: string, options: TemporalFlags & { overlap?: OverlapFlag; json?: boolean }) =>
    (await actions()).trigger(ctx, id, options),
  );
};

/** `schedule backfill ID --from --to`. */
const backfill: Subcommand = (schedule, ctx) => {
  addTemporalFlags(
    schedule
      .command('backfill')
      .description(
        'Take the runs the schedule would have taken between two instants, as if that time passed now; by default one after the other.',
      )
      .argument('<id>', 'schedule ID')
      .requiredOption('--from <instant>', 'start of the range, ISO 8601 (2027-03-01T00:00:00Z)')
      .requiredOption('--to <instant>', 'end of the range, ISO 8601')
      .addOption(overlapOption('overlap policy for the backfilled runs').default('buffer-all')),
  ).action(async (id: string, options: TemporalFlags & { from: string; to: string; overlap: OverlapFlag }) =>
    (await actions()).backfill(ctx, id, options),
  );
};

/** `schedule update ID [FILE]`. */
const update: Subcommand = (schedule, ctx) => {
  addTemporalFlags(
    schedule
      .command('update')
      .description(
        "Change a schedule's cron, time zone, inputs or policies; with a playbook file, run that version of the playbook from now on.",
      )
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
  ).action(async (id: string, file: string | undefined, options: UpdateOptions) =>
    (await actions()).update(ctx, id, file, options),
  );
};

/** `schedule delete ID`. */
const remove: Subcommand = (schedule, ctx) => {
  addTemporalFlags(
    schedule
      .command('delete')
      .description('Delete a schedule; runs it started are not touched.')
      .argument('<id>', 'schedule ID'),
  ).action(async (id: string, options: TemporalFlags) => (await actions()).remove(ctx, id, options));
};

/** The subcommands, in the order `--help` lists them. */
const SUBCOMMANDS: readonly Subcommand[] = [
  create,
  list,
  describe,
  pausing('pause', 'Pause a schedule: no runs start until it is unpaused.'),
  pausing('unpause', 'Unpause a schedule: runs start again at their next time.'),
  trigger,
  backfill,
  update,
  remove,
];

/** Registers `tourflow schedule` and its subcommands. */
export function register(program: Command, ctx: CliContext): void {
  const schedule = program
    .command('schedule')
    .description(
      'Run playbooks on Temporal Schedules: create, list, describe, pause, unpause, trigger, backfill, update, delete.',
    );
  for (const define of SUBCOMMANDS) define(schedule, ctx);
}
