import type { Command } from 'commander';
import { UserError, type CliContext } from '../context.ts';
import {
  addMetricsFlag,
  addTemporalFlags,
  encryptionFlag,
  metricsAddressOf,
  metricsUserError,
  type MetricsFlags,
  type TemporalFlags,
} from '../options.ts';

interface WorkerOptions extends TemporalFlags, MetricsFlags {
  taskQueue?: string;
  maxConcurrentActivities?: number;
  maxConcurrentWorkflowTasks?: number;
  /** False with `--no-encryption`. */
  encryption: boolean;
}

/** A `--max-concurrent-*` value: a whole number of 1 or more. */
function slots(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new UserError(`${flag} takes a whole number of 1 or more, got "${value}"`);
    return n;
  };
}

/** Registers `tourflow worker`. */
export function register(program: Command, ctx: CliContext): void {
  addMetricsFlag(
    addTemporalFlags(
      program
        .command('worker')
        .description(
          'Run a tourflow worker: executes playbook runs and their API calls. Checks Temporal and the API credentials first. Stops gracefully on SIGTERM or Ctrl-C.',
        ),
    ),
  )
    .option('--task-queue <name>', 'task queue (default: TOURFLOW_TASK_QUEUE, a running `tourflow dev`, or tourflow)')
    .option('--max-concurrent-activities <n>', 'activity slots (default 100)', slots('--max-concurrent-activities'))
    .option(
      '--max-concurrent-workflow-tasks <n>',
      'workflow task slots (default 40)',
      slots('--max-concurrent-workflow-tasks'),
    )
    .option(
      '--no-encryption',
      'store payloads unencrypted (a Temporal elsewhere refuses a worker without a key otherwise)',
    )
    .action(async (options: WorkerOptions) => {
      const [{ withClient, temporalUserError }, { checkApiCredentials }] = await Promise.all([
        import('../connect.ts'),
        import('../credentials-check.ts'),
      ]);
      const configured = ctx.config({
        temporal: {
          address: options.address,
          namespace: options.namespace,
          taskQueue: options.taskQueue,
          encryption: encryptionFlag(options),
        },
        worker: {
          maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities,
          maxConcurrentWorkflowTaskExecutions: options.maxConcurrentWorkflowTasks,
        },
      });
      const metricsAddress = metricsAddressOf(options, configured.worker.metricsAddress);
      const config = { ...configured, worker: { ...configured.worker, metricsAddress } };
      // Checked before the (slow) workflow bundle: a wrong address, namespace, credential or a
      // missing encryption key for a Temporal elsewhere is said at once.
      await withClient(ctx, options, async () => undefined, { required: true });
      await checkApiCredentials(config.api, ctx.signal, ctx.err);
      // The SDK's worker is heavy to load: only this command pays for it.
      const { createWorker, stopWorker } = await import('../../worker/worker.ts');
      const { worker, close } = await createWorker({ config }).catch((error: unknown) => {
        throw metricsUserError(error) ?? temporalUserError(config.temporal, error) ?? error;
      });
      const { temporal } = config;
      const metrics = metricsAddress ? `, metrics http://${metricsAddress}/metrics` : '';
      ctx.out(
        `worker ready: task queue ${temporal.taskQueue}, namespace ${temporal.namespace}, Temporal ${temporal.address}, API ${config.api.baseUrl}${metrics}`,
      );
      const stop = () => stopWorker(worker);
      if (ctx.signal.aborted) stop();
      ctx.signal.addEventListener('abort', stop, { once: true });
      try {
        await worker.run();
      } finally {
        await close();
      }
      ctx.out('worker stopped');
    });
}
