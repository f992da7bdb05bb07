import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, collectInput } from '../options.ts';
import { renderResult } from '../render.ts';

interface RunOptions {
  input: Record<string, string>;
  inputs?: string;
  sheet?: string;
  runKey?: string;
  wait: boolean;
  json?: boolean;
  address?: string;
  namespace?: string;
  taskQueue?: string;
  /** False with `--no-encryption`. */
  encryption: boolean;
}

/** Registers `tourflow run`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('run')
      .description('Start a playbook run, wait for it, and print its result and Web UI address.')
      .argument('<file>', 'playbook YAML file')
      .option('-i, --input <key=value>', 'playbook input (repeatable)', collectInput, {})
      .option(
        '--inputs <file>',
        'YAML or JSON file of inputs, or a CSV file or Excel workbook of rows for a list input ([<input>=]rows.csv)',
      )
      .option('--sheet <name>', 'the sheet of an --inputs Excel workbook (default: its first)')
      .option('-k, --run-key <key>', 'run key: the same key never runs a completed playbook twice')
      .option('--no-wait', 'start the run and return at once')
      .option('--json', 'print the result as JSON')
      .option('--task-queue <name>', 'task queue of the tourflow worker')
      .option(
        '--no-encryption',
        "store the run's input unencrypted (a Temporal elsewhere refuses it without a key otherwise)",
      ),
  ).action(async (file: string, options: RunOptions) => {
    const [{ loadPlan }, { runUrl, startRun, waitUnlessStopped }, { hasWorker, withClient }, { stoppedWaitingText }] =
      await Promise.all([
        import('../playbook-input.ts'),
        import('../runs.ts'),
        import('../progress.ts'),
        import('../progress-text.ts'),
      ]);
    const { plan, inputs } = await loadPlan(ctx, file, options.input, options.inputs, { sheet: options.sheet });
    await withClient(
      ctx,
      options,
      async (client, config) => {
        const sources = (await import('../retry.ts')).inputSources(plan, options.inputs);
        const run = await startRun({
          client,
          taskQueue: config.temporal.taskQueue,
          plan,
          inputs,
          runKey: options.runKey,
          ...(sources ? { sources } : {}),
        });
        const url = runUrl(config.temporal.uiUrl, config.temporal.namespace, run.workflowId);
        const link = url ? [url] : [];
        if (!run.started) ctx.err(`A run with key ${run.workflowId} already completed; showing its result.`);
        const { namespace, taskQueue } = config.temporal;
        if ((await hasWorker(client, namespace, taskQueue)) === false) {
          ctx.err(
            `no worker serves task queue ${taskQueue} in ${namespace}; the run waits until one does: start \`tourflow worker\` (or \`tourflow dev\`)`,
          );
        }
        if (!options.wait) {
          ctx.out(
            options.json
              ? JSON.stringify({ workflowId: run.workflowId, url: url ?? null })
              : [`started ${run.workflowId}`, ...link].join('\n'),
          );
          return;
        }
        if (!options.json) ctx.err([`running ${run.workflowId}`, ...link].join('\n'));
        const outcome = await waitUnlessStopped(run.handle, ctx.signal);
        if (!outcome) {
          ctx.err(stoppedWaitingText(run.workflowId));
          return;
        }
        if (options.json)
          ctx.out(
            JSON.stringify(
              { url: url ?? null, ...(outcome.result ?? { workflowId: run.workflowId, error: outcome.message }) },
              null,
              2,
            ),
          );
        else
          ctx.out(
            [
              ...(outcome.result ? renderResult(outcome.result) : [`failed: ${outcome.message}`]),
              ...link.map((u) => `Web UI: ${u}`),
            ].join('\n'),
          );
        ctx.setExitCode(outcome.exitCode);
      },
      { required: true },
    );
  });
}
