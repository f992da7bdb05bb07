/**
 * Entry of a tourflow worker in a process of its own (see `worker-process.ts`). It runs the
 * same `createWorker` as `tourflow worker`; the configuration, credentials included, comes
 * over the IPC channel rather than the environment or the command line.
 */
import type { Config } from '../worker/config.ts';
import { createWorker } from '../worker/worker.ts';
import type { WorkerReply, WorkerRequest } from './worker-process.ts';

function reply(message: WorkerReply): void {
  process.send?.(message);
}

process.once('message', (request: WorkerRequest) => {
  if (request.type !== 'start') return;
  void serve(request.config).then(
    () => process.exit(0),
    (error: unknown) => {
      reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
});

async function serve(config: Config): Promise<void> {
  const { worker, close } = await createWorker({ config });
  process.on('message', (request: WorkerRequest) => {
    if (request.type === 'stop') worker.shutdown();
  });
  const running = worker.run();
  reply({ type: 'ready' });
  try {
    await running;
  } finally {
    await close();
  }
}
