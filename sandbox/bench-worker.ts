/**
 * Runs a sandbox in a worker thread for the throughput benchmark, so the load generator and
 * the server use separate cores. Posts `{ baseUrl, credentials }` when ready; stops on 'close'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startSandbox } from './sandbox.ts';
import type { SandboxOptions } from './types.ts';

const port = parentPort;
if (port) {
  const sandbox = await startSandbox(workerData as SandboxOptions);
  port.postMessage({ baseUrl: sandbox.baseUrl, credentials: sandbox.credentials });
  port.on('message', (message) => {
    if (message === 'close') void sandbox.close().then(() => port.close());
  });
}
