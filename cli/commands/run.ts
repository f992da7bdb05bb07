import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { collectInput, encryptionFlag } from '../options.ts';
import { renderResult } from '../render.ts';

interface RunOptions {
  input: Record<string, string>;
  inputs?: string;
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
  program
    .command('run')
    .description('Start a playbook run, wait for it, and print its result and Web UI address.')
    .argument('<file>', 'playbook YAML file')
    .option('-i, --input <key=value>', 'playbook input (repeatable)', collectInput, {})
    .option('--inputs <file>', 'YAML or JSON file of inputs, or a CSV file of rows for a list input ([<input>=]rows.csv)')
    .option('-k, --run-key <key>', 'run key: the same key never runs a completed playbook twice')
    .option('--no-wait', 'start the run and return at once')
    .option('--json', 'print the result as JSON')
    .option('--address <host:port>', 'Temporal address (default: TEMPORAL_ADDRESS or 127.0.0.1:7233)')
    .option('--namespace <name>', 'Temporal namespace')
    .option('--task-queue <name>', 'task queue of the tourflow worker')
    .option('--no-encryption', "store the run's input unencrypted (a Temporal elsewhere refuses it without a key otherwise)")
    .action(async (file: string, options: RunOptions) => {
      const [{ loadPlan }, { runUrl, startRun, waitForOutcome }, { connectClient }] = await Promise.all([
        import('../playbook-input.ts'),
        import('../runs.ts'),
        import('../../worker/temporal.ts'),
      ]);
      const config = ctx.config({
        temporal: { address: options.address, namespace: options.namespace, taskQueue: options.taskQueue, encryption: encryptionFlag(options) },
      });
      const { plan, inputs } = await loadPlan(ctx, file, options.input, options.inputs);
      const client = await connectClient(config.temporal, { required: true });
      try {
        const run = await startRun({ client, taskQueue: config.temporal.taskQueue, plan, inputs, runKey: options.runKey });
        const url = runUrl(config.temporal.uiUrl, config.temporal.namespace, run.workflowId);
        if (!run.started) ctx.err(`A run with key ${run.workflowId} already completed; showing its result.`);
        if (!options.wait) {
          ctx.out(options.json ? JSON.stringify({ workflowId: run.workflowId, url }) : `started ${run.workflowId}\n${url}`);
          return;
        }
        if (!options.json) ctx.err(`running ${run.workflowId}\n${url}`);
        const outcome = await waitForOutcome(run.handle);
        if (options.json) ctx.out(JSON.stringify({ url, ...(outcome.result ?? { workflowId: run.workflowId, error: outcome.message }) }, null, 2));
        else ctx.out([...(outcome.result ? renderResult(outcome.result) : [`failed: ${outcome.message}`]), `Web UI: ${url}`].join('\n'));
        ctx.setExitCode(outcome.exitCode);
      } finally {
        await client.connection.close();
      }
    });
}
