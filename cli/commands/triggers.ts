import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, collectInput, type TemporalFlags } from '../options.ts';
import type { ApplyOptions } from '../triggers.ts';

/** What the subcommands do, loaded when one of them runs. */
const actions = () => import('../triggers-actions.ts');

/** `tourflow triggers ...`: playbooks that start themselves when a tour changes. */
export function register(program: Command, ctx: CliContext): void {
  const triggers = program
    .command('triggers')
    .description(
      "Playbooks that start themselves when a tour changes or a day comes up (a playbook's triggers: block).",
    );
  addTemporalFlags(
    triggers
      .command('apply')
      .description(
        "Install or update a playbook's triggers; answers once they are live. Applying the same file again changes nothing.",
      )
      .argument('<file>', 'playbook YAML file with a triggers: block')
      .option(
        '-i, --input <key=value>',
        "playbook input (repeatable), for the trigger's tour and every run",
        collectInput,
      )
      .option('--inputs <file>', 'YAML or JSON file of inputs')
      .option('--poll <duration>', 'how often the tour is read, e.g. 30s, 1m (default 1m)')
      .option('--wait <duration>', 'how long to wait for the triggers to go live (default 2m)')
      .option('--dry-run', 'read the tour once and say what the triggers would do, starting nothing')
      .option('--json', 'print JSON'),
  ).action(async (file: string, options: ApplyOptions) => (await actions()).applyCommand(ctx, file, options));
  addTemporalFlags(
    triggers
      .command('list')
      .description('Every tour watched: its triggers and their runs.')
      .option('--json', 'print JSON'),
  ).action(async (options: TemporalFlags & { json?: boolean }) => (await actions()).listCommand(ctx, options));
  addTemporalFlags(
    triggers
      .command('status')
      .description("A tour's watcher: last poll, lag, API calls per poll, runs started and skipped.")
      .argument('<tourId>', 'tour ID')
      .option('--json', 'print JSON'),
  ).action(async (tourId: string, options: TemporalFlags & { json?: boolean }) =>
    (await actions()).statusCommand(ctx, tourId, options),
  );
  addTemporalFlags(
    triggers
      .command('explain')
      .description('The changes seen lately on a tour: for each trigger, fired (which run) or skipped and why.')
      .argument('<tourId>', 'tour ID')
      .option('--json', 'print JSON'),
  ).action(async (tourId: string, options: TemporalFlags & { json?: boolean }) =>
    (await actions()).explainCommand(ctx, tourId, options),
  );
  for (const verb of ['pause', 'resume'] as const) {
    addTemporalFlags(
      triggers
        .command(verb)
        .description(
          verb === 'pause'
            ? 'Stop starting runs on a tour (changes meanwhile are skipped as "paused").'
            : 'Start runs again on a tour.',
        )
        .argument('<tourId>', 'tour ID'),
    ).action(async (tourId: string, options: TemporalFlags) =>
      (await actions()).pauseCommand(ctx, tourId, verb === 'pause', options),
    );
  }
  addTemporalFlags(
    triggers
      .command('delete')
      .description("Remove a playbook's triggers from a tour.")
      .argument('<tourId>', 'tour ID')
      .requiredOption('--playbook <name>', 'the playbook whose triggers go'),
  ).action(async (tourId: string, options: TemporalFlags & { playbook: string }) =>
    (await actions()).deleteCommand(ctx, tourId, options.playbook, options),
  );
}
