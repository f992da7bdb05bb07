import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, type TemporalFlags } from '../options.ts';

interface ApproveOptions extends TemporalFlags {
  decline?: boolean;
  json?: boolean;
}

/** Registers `tourflow approve RUN STEP`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('approve')
      .description('Release an approval step that is waiting; with --decline the step fails and the run rolls back.')
      .argument('<run>', 'workflow ID of the run')
      .argument('<step>', 'ID of the approval step')
      .option('--decline', 'decline instead of approving')
      .option('--json', "print the run's progress as JSON"),
  ).action(async (id: string, step: string, options: ApproveOptions) => {
    const [{ approveUpdate }, { findRun, updateRun, withClient }] = await Promise.all([
      import('../../workflows/messages.ts'),
      import('../progress.ts'),
    ]);
    await withClient(ctx, options, async (client) => {
      const approve = !options.decline;
      const verb = approve ? 'approve' : 'decline';
      const progress = await updateRun(await findRun(client, id), verb, (handle) =>
        handle.executeUpdate(approveUpdate, { args: [step, approve] }),
      );
      ctx.out(
        options.json ? JSON.stringify(progress, null, 2) : `${approve ? 'approved' : 'declined'} step ${step} of ${id}`,
      );
    });
  });
}
