/**
 * Commands that send an argument-less update to a run (`pause`, `resume`). Apart from
 * `options.ts`, which every command loads, since acting loads `progress.ts` and with it the
 * Temporal client.
 */
import type { Command } from 'commander';
import type { UpdateDefinition } from '@temporalio/common';
import type { RunProgress } from '../workflows/messages.ts';
import type { CliContext } from './context.ts';
import { addTemporalFlags, type TemporalFlags } from './options.ts';

/** A command that sends an argument-less update to a run; `update` loads its definition. */
export interface RunUpdateCommand {
  name: string;
  description: string;
  update: () => Promise<UpdateDefinition<RunProgress, []>>;
  done: (id: string) => string;
}

/** Registers a command that sends an argument-less update to a run (`pause`, `resume`). */
export function registerRunUpdate(program: Command, ctx: CliContext, spec: RunUpdateCommand): void {
  addTemporalFlags(
    program
      .command(spec.name)
      .description(spec.description)
      .argument('<run>', 'workflow ID of the run')
      .option('--json', "print the run's progress as JSON"),
  ).action(async (id: string, options: TemporalFlags & { json?: boolean }) => {
    const [{ findRun, updateRun, withClient }, update] = await Promise.all([import('./progress.ts'), spec.update()]);
    await withClient(ctx, options, async (client) => {
      const progress = await updateRun(await findRun(client, id), spec.name, (handle) => handle.executeUpdate(update));
      ctx.out(options.json ? JSON.stringify(progress, null, 2) : spec.done(id));
    });
  });
}
