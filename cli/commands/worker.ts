import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

interface WorkerOptions {
  address?: string;
  namespace?: string;
  taskQueue?: string;
  maxConcurrentActivities?: string;
  maxConcurrentWorkflowTasks?: string;
}

function positive(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number.parseInt(value, 10) || undefined;
}

/** Registers `tourflow worker`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description('Run a tourflow worker: executes playbook runs and their API calls. Stops gracefully on SIGTERM or Ctrl-C.')
    .option('--address <host:port>', 'Temporal address (default: TEMPORAL_ADDRESS or 127.0.0.1:7233)')
    .option('--namespace <name>', 'Temporal namespace (default: TEMPORAL_NAMESPACE or default)')
    .option('--task-queue <name>', 'task queue (default: TOURFLOW_TASK_QUEUE, a running `tourflow dev`, or tourflow)')
    .option('--max-concurrent-activities <n>', 'activity slots (default 100)')
    .option('--max-concurrent-workflow-tasks <n>', 'workflow task slots (default 40)')
    .action(async (options: WorkerOptions) => {
      const config = ctx.config({
        temporal: { address: options.address, namespace: options.namespace, taskQueue: options.taskQueue },
        worker: {
          maxConcurrentActivityTaskExecutions: positive(options.maxConcurrentActivities),
          maxConcurrentWorkflowTaskExecutions: positive(options.maxConcurrentWorkflowTasks),
        },
      });
      // The SDK's worker is heavy to load: only this command pays for it.
      const { createWorker, stopWorker } = await import('../../worker/worker.ts');
      const { worker, close } = await createWorker({ config });
      const { temporal } = config;
      ctx.out(`worker ready: task queue ${temporal.taskQueue}, namespace ${temporal.namespace}, Temporal ${temporal.address}, API ${config.api.baseUrl}`);
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
