import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, findRun, printOutcome, requireOpen, withClient, type TemporalFlags } from '../progress.ts';
import { waitForOutcome } from '../runs.ts';

interface CancelOptions extends TemporalFlags {
  json?: boolean;
}

/** Registers `tourflow cancel RUN`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('cancel')
      .description('Cancel a run: calls in flight finish, nothing new starts, everything it did is undone; prints what was undone (exit 3).')
      .argument('<run>', 'workflow ID of the run')
      .option('--json', 'print the result as JSON'),
  ).action((id: string, options: CancelOptions) =>
    withClient(ctx, options, async (client) => {
      const run = await findRun(client, id);
      requireOpen(run, 'cancel');
      await run.handle.cancel();
      if (!options.json) ctx.err(`cancelling ${id}: rolling back what it did…`);
      await printOutcome(ctx, run.handle, await waitForOutcome(run.handle), options.json);
    }),
  );
}
