/**
 * The sandbox in a child process (`sandbox-main.ts`): started fresh for every measured run, so
 * that no run pays for the records of the runs before it, and controlled over IPC: the added
 * latency, and the count of API requests by endpoint.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { SandboxCredentials } from '../sandbox/index.ts';
import { track } from './children.ts';

const ENTRY = path.resolve(import.meta.dirname, 'sandbox-main.ts');

/** What one endpoint served: requests, milliseconds from request to response (added latency included), body bytes. */
export interface EndpointStats {
  calls: number;
  ms: number;
  bytes: number;
}

/** Requests by endpoint, e.g. `{ "POST /v1/schedule/items/batch": { calls: 20, ... } }`. */
export type EndpointCounts = Record<string, EndpointStats>;

/** Messages from the bench to the sandbox process. */
export type SandboxRequest =
  | { type: 'latency'; id: number; ms: number }
  | { type: 'counts'; id: number; reset: boolean }
  | { type: 'close'; id: number };

/** A request before it gets its ID. */
type Unsent = SandboxRequest extends infer R ? (R extends SandboxRequest ? Omit<R, 'id'> : never) : never;

/** Messages from the sandbox process to the bench. */
export type SandboxReply =
  | { type: 'ready'; credentials: SandboxCredentials }
  | { type: 'done'; id: number }
  | { type: 'counts'; id: number; counts: EndpointCounts };

/**
 * `/v1/tours/5d0c…/days/12/schedule?limit=5` -> `/v1/tours/:uuid/days/:id/schedule`; the signed
 * token of a download URL becomes `:token`.
 */
export function endpointOf(url: string): string {
  return (url.split('?')[0] ?? '')
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:uuid')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/[\w.~-]{40,}(?=\/|$)/g, '/:token');
}

/** Calls to the versioned API (`/v1/...`) in a set of counts; downloads of signed URLs are not API calls. */
export function apiCalls(counts: EndpointCounts): number {
  return Object.entries(counts).reduce((sum, [key, n]) => (key.split(' ')[1]?.startsWith('/v1/') ? sum + n.calls : sum), 0);
}

export interface SandboxProcess {
  pid: number;
  credentials: SandboxCredentials;
  /** Sets the latency added to every API request (0: none). */
  setLatency(ms: number): Promise<void>;
  /** Requests served since the last reset; `reset` starts a new count. */
  counts(reset?: boolean): Promise<EndpointCounts>;
  close(): Promise<void>;
}

/** Starts a fresh sandbox in a child process and waits until it listens. */
export async function startSandboxProcess(): Promise<SandboxProcess> {
  const child: ChildProcess = fork(ENTRY, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  track(child);
  const waiting = new Map<number, (reply: SandboxReply) => void>();
  let nextId = 1;
  const credentials = await new Promise<SandboxCredentials>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox process exited with code ${code} before it listened`)));
    child.on('message', (reply: SandboxReply) => {
      if (reply.type === 'ready') resolve(reply.credentials);
      else waiting.get(reply.id)?.(reply);
    });
  });
  const ask = (request: Unsent): Promise<SandboxReply> =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, (reply) => {
        waiting.delete(id);
        resolve(reply);
      });
      child.send({ ...request, id });
    });
  return {
    pid: child.pid ?? 0,
    credentials,
    setLatency: async (ms) => {
      await ask({ type: 'latency', ms });
    },
    counts: async (reset = false) => {
      const reply = await ask({ type: 'counts', reset });
      return reply.type === 'counts' ? reply.counts : {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send({ type: 'close', id: 0 });
      }),
  };
}
