/**
 * Entry of the sandbox in a process of its own, so that the API's CPU is apart from the
 * worker's and the hand-written script's, and measurable. It counts every API request by
 * endpoint and answers the bench over the IPC channel (see `sandbox-process.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startSandbox } from '../sandbox/index.ts';
import {
  endpointOf,
  IdleClock,
  type EndpointStats,
  type SandboxReply,
  type SandboxRequest,
} from './sandbox-process.ts';

// A seed of its own where the bench gives one: sandboxes of one seed make the same tour IDs.
const sandbox = await startSandbox({ seed: Number(process.env.TOURFLOW_BENCH_SANDBOX_SEED ?? 1) });
let counts = new Map<string, EndpointStats>();
let idle = new IdleClock();

sandbox.sandbox.api.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
  const url = request.url ?? '';
  if (url.startsWith('/__sandbox')) return;
  const started = performance.now();
  // Keep-alive without pipelining: the socket carries one exchange at a time.
  const written = request.socket.bytesWritten;
  const key = `${request.method ?? 'GET'} ${endpointOf(url)}`;
  const clock = idle;
  clock.started(started, key);
  response.once('close', () => {
    const ended = performance.now();
    clock.ended(ended, key);
    const entry = counts.get(key) ?? { calls: 0, ms: 0, bytes: 0 };
    entry.calls += 1;
    entry.ms += ended - started;
    entry.bytes += request.socket.bytesWritten - written;
    counts.set(key, entry);
  });
});

function reply(message: SandboxReply): void {
  process.send?.(message);
}

process.on('message', (message: SandboxRequest) => {
  switch (message.type) {
    case 'latency':
      sandbox.faults.set(message.ms > 0 ? [{ id: 'bench-latency', kind: 'latency', ms: message.ms }] : []);
      reply({ type: 'done', id: message.id });
      return;
    case 'counts':
      reply({ type: 'counts', id: message.id, counts: Object.fromEntries(counts), idle: idle.read() });
      if (message.reset) {
        counts = new Map();
        idle = new IdleClock();
      }
      return;
    case 'close':
      void sandbox.close().then(() => process.exit(0));
      return;
  }
});

reply({ type: 'ready', credentials: sandbox.credentials });
