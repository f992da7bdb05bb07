/**
 * The sandbox in a child process (`sandbox-main.ts`): started fresh for every measured run, so
 * that no run pays for the records of the runs before it, and controlled over IPC: the added
 * latency, the count of API requests by endpoint, and the time the API sat idle between them.
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

/** A stretch between two requests of a run with no request in flight. */
export interface IdleGap {
  /** Milliseconds from the run's first request to the start of the gap. */
  atMs: number;
  ms: number;
  /** The endpoint whose answer left the API idle, and the one whose request ended the gap. */
  after: string;
  before: string;
}

/**
 * Time the API had no request in flight between a run's first request and its last answer:
 * what the caller spent on anything but waiting for the API (its own work, and for tourflow
 * the round trips through Temporal), wherever nothing else kept the API busy.
 */
export interface ApiIdle {
  totalMs: number;
  /** The gaps of at least `LONG_GAP_MS`, in order. */
  gaps: IdleGap[];
}

/** Shortest gap an `ApiIdle` lists on its own. */
export const LONG_GAP_MS = 20;

/** Keeps `ApiIdle` from the start and end of every request, given in milliseconds. */
export class IdleClock {
  private inFlight = 0;
  private first: number | undefined;
  private idleSince: { at: number; after: string } | undefined;
  private totalMs = 0;
  private readonly gaps: IdleGap[] = [];

  started(now: number, endpoint: string): void {
    this.first ??= now;
    if (this.inFlight === 0 && this.idleSince) {
      const ms = now - this.idleSince.at;
      this.totalMs += ms;
      if (ms >= LONG_GAP_MS)
        this.gaps.push({ atMs: this.idleSince.at - this.first, ms, after: this.idleSince.after, before: endpoint });
    }
    this.inFlight++;
  }

  ended(now: number, endpoint: string): void {
    this.inFlight--;
    if (this.inFlight === 0) this.idleSince = { at: now, after: endpoint };
  }

  read(): ApiIdle {
    return { totalMs: this.totalMs, gaps: [...this.gaps] };
  }
}

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
  | { type: 'counts'; id: number; counts: EndpointCounts; idle: ApiIdle };

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
  return Object.entries(counts).reduce(
    (sum, [key, n]) => (key.split(' ')[1]?.startsWith('/v1/') ? sum + n.calls : sum),
    0,
  );
}

export interface SandboxProcess {
  pid: number;
  credentials: SandboxCredentials;
  /** Sets the latency added to every API request (0: none). */
  setLatency(ms: number): Promise<void>;
  /** Requests served since the last reset, and the API's idle time between them; `reset` starts a new count. */
  counts(reset?: boolean): Promise<{ requests: EndpointCounts; idle: ApiIdle }>;
  close(): Promise<void>;
}

/** Starts a fresh sandbox (seeded with `seed`, 1 by default) in a child process and waits until it listens. */
export async function startSandboxProcess(seed?: number): Promise<SandboxProcess> {
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    ...(seed === undefined ? {} : { env: { ...process.env, TOURFLOW_BENCH_SANDBOX_SEED: String(seed) } }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
      return reply.type === 'counts'
        ? { requests: reply.counts, idle: reply.idle }
        : { requests: {}, idle: { totalMs: 0, gaps: [] } };
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
