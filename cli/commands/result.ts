import type { Command } from 'commander';
import { UserError, type CliContext } from '../context.ts';
import { addTemporalFlags, type TemporalFlags } from '../options.ts';

interface ResultOptions extends TemporalFlags {
  wait: boolean;
  json?: boolean;
}

/** Registers `tourflow result RUN`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('result')
      .description(
        'Wait for a run and print its result: outputs, what was done, what was undone. Exit code 0 done, 1 failed, 3 rolled back.',
      )
      .argument('<run>', 'workflow ID of the run, as `tourflow run` and `tourflow runs` print it')
      .option('--no-wait', 'do not wait: a run still going is an error (exit 2)')
      .option('--json', 'print the result as JSON'),
  ).action(async (id: string, options: ResultOptions) => {
    const [{ findRun, printOutcome, withClient }, { waitUnlessStopped }, { stoppedWaitingText }] = await Promise.all([
      import('../progress.ts'),
      import('../runs.ts'),
      import('../progress-text.ts'),
    ]);
    await withClient(ctx, options, async (client) => {
      const run = await findRun(client, id);
      if (!options.wait && run.description.status.name === 'RUNNING') {
        throw new UserError(
          `run "${id}" is still running, so it has no result yet; follow it with \`tourflow status ${id}\``,
        );
      }
      const outcome = await waitUnlessStopped(run.handle, ctx.signal);
      if (outcome) await printOutcome(ctx, run.handle, outcome, options.json);
      else ctx.err(stoppedWaitingText(id));
    });
  });
}
