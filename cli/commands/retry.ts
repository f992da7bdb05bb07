import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, collectInput, type TemporalFlags } from '../options.ts';

interface RetryCommandOptions extends TemporalFlags {
  input: Record<string, string>;
  inputs?: string;
  sheet?: string;
  redoChanged?: boolean;
  wait: boolean;
  json?: boolean;
}

/** Registers `tourflow retry RUN`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('retry')
      .description(
        'Finish a run that did not wholly succeed: a new run does only the steps and forEach elements that did not succeed in RUN ' +
          '(failed, skipped because of the failure, never started) and the steps after them, under the same idempotency keys. ' +
          'Elements are matched by their key, so a corrected list may be reordered, longer or shorter. Exit codes as `tourflow run`.',
      )
      .argument('<run>', 'workflow ID of the run, as `tourflow run` and `tourflow runs` print it')
      .option('-i, --input <key=value>', "a corrected input (repeatable); inputs not given are RUN's", collectInput, {})
      .option(
        '--inputs <file>',
        'corrected inputs: YAML or JSON file, or a CSV file or Excel workbook of rows for a list input ([<input>=]rows.csv), as `run` takes it',
      )
      .option('--sheet <name>', 'the sheet of an --inputs Excel workbook (default: its first)')
      .option('--redo-changed', 'send again, under keys of their own, elements that succeeded in RUN but changed since')
      .option('--no-wait', 'start the retry and return at once')
      .option('--json', 'print the result as JSON'),
  ).action(async (id: string, options: RetryCommandOptions) => {
    const [{ startRetry }, { printOutcome, withClient }, { runUrl, waitUnlessStopped }, { stoppedWaitingText }] =
      await Promise.all([
        import('../retry.ts'),
        import('../progress.ts'),
        import('../runs.ts'),
        import('../progress-text.ts'),
      ]);
    await withClient(
      ctx,
      options,
      async (client, config) => {
        const retry = await startRetry(ctx, {
          client,
          taskQueue: config.temporal.taskQueue,
          run: id,
          input: options.input,
          inputs: options.inputs,
          sheet: options.sheet,
          redoChanged: options.redoChanged ?? false,
        });
        for (const note of retry.notes) ctx.err(note);
        if (!retry.handle) return;
        const url = runUrl(config.temporal.uiUrl, config.temporal.namespace, retry.workflowId);
        if (!options.wait) {
          ctx.out(
            options.json
              ? JSON.stringify({ workflowId: retry.workflowId, url: url ?? null })
              : [`started ${retry.workflowId}`, ...(url ? [url] : [])].join('\n'),
          );
          return;
        }
        if (!options.json) ctx.err([`running ${retry.workflowId}`, ...(url ? [url] : [])].join('\n'));
        const outcome = await waitUnlessStopped(retry.handle, ctx.signal);
        if (outcome) await printOutcome(ctx, retry.handle, outcome, options.json);
        else ctx.err(stoppedWaitingText(retry.workflowId));
      },
      { required: true },
    );
  });
}
