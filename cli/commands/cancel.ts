import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, type TemporalFlags } from '../options.ts';

interface CancelOptions extends TemporalFlags {
  json?: boolean;
}

/** Registers `tourflow cancel RUN`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('cancel')
      .description(
        'Cancel a run: calls in flight finish, nothing new starts, everything it did is undone; prints what was undone (exit 3).',
      )
      .argument('<run>', 'workflow ID of the run')
      .option('--json', 'print the result as JSON'),
  ).action(async (id: string, options: CancelOptions) => {
    const [{ findRun, printOutcome, requireOpen, withClient }, { waitUnlessStopped }, { stoppedWaitingText }] =
      await Promise.all([import('../progress.ts'), import('../runs.ts'), import('../progress-text.ts')]);
    await withClient(ctx, options, async (client) => {
      const run = await findRun(client, id);
      requireOpen(run, 'cancel');
      await run.handle.cancel();
      if (!options.json) ctx.err(`cancelling ${id}: rolling back what it did…`);
      const outcome = await waitUnlessStopped(run.handle, ctx.signal);
      if (outcome) await printOutcome(ctx, run.handle, outcome, options.json);
      else ctx.err(stoppedWaitingText(id, true));
    });
  });
}
