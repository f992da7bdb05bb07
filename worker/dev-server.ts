/**
 * Starts and stops a local Temporal dev server (`temporal server start-dev`) on free ports,
 * with the Web UI and tourflow's search attributes. Used by the test global setup,
 * `tourflow dev` and `npm start`.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Connection } from '@temporalio/client';
import type { PayloadCodec } from '@temporalio/common';
import { findTemporalCli, type FindOptions } from './temporal-cli.ts';
import { SERVER_STOP_GRACE_MS, spawnGuarded } from './server-guard.ts';

/** Custom search attributes tourflow sets on its runs (`workflows/search-attributes.ts`), by their type. */
export const SEARCH_ATTRIBUTES = { PlaybookName: 'Keyword', TourId: 'Keyword', TriggerId: 'KeywordList' } as const;
/** The same types as the SDK's test server names them. */
const SDK_TYPES = { Keyword: 'KEYWORD', KeywordList: 'KEYWORD_LIST' } as const;

/**
 * Server settings the dev server starts with. Eager activity dispatch hands an activity the
 * workflow just scheduled straight back to the worker that scheduled it, in the reply to its
 * workflow task, instead of through the task queue: one round trip less per activity (see
 * docs/performance.md). tourflow's activities never read the retry policy from their info, which
 * eagerly dispatched tasks lack on servers without temporalio/temporal#11357.
 */
export const DEV_SERVER_DYNAMIC_CONFIG = { 'system.enableActivityEagerExecution': true } as const;

export interface DevServerOptions extends FindOptions {
  /** Keep workflows across restarts in this SQLite file. @default in-memory */
  dbFilename?: string;
  /** gRPC port. @default a free port */
  port?: number;
  /** Web UI port. @default a free port */
  uiPort?: number;
  /** Serve the Web UI. @default true */
  ui?: boolean;
  /**
   * Start a codec server (`worker/codec-server.ts`) beside the Web UI, answering only its
   * origin, so the UI shows compressed payloads as JSON. @default false
   */
  uiCodec?: boolean;
  /** The codecs of that codec server: tourflow's, with the keys of the runs the UI shows. @default unencrypted */
  uiCodecs?: readonly PayloadCodec[];
  namespace?: string;
  /** How long to wait for the server to answer. @default 60_000 */
  startTimeoutMs?: number;
  /**
   * `port` and `uiPort` are preferences, not demands: if another program takes one between its
   * choice and the server's start (the server then stops at once, "address already in use"),
   * the server starts again on free ports, up to {@link PORT_ATTEMPTS} times in all. Ports left
   * out are replaced so in any case. @default false
   */
  portsReplaceable?: boolean;
}

/** Starts of the server on ports another program took first, before `startDevServer` fails. */
export const PORT_ATTEMPTS = 3;

/** The server stopped at once because a port it was given was taken. */
class PortTakenError extends Error {}

export interface DevServer {
  address: string;
  namespace: string;
  uiUrl: string | undefined;
  /** The server's process ID (absent for the SDK's download). */
  pid?: number;
  stop(): Promise<void>;
}

/** Asks the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a TCP port on loopback is free to listen on. */
export async function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * The port to listen on: the one asked for (0 for a free one), else `usual` when it is free,
 * else a free one.
 */
export async function choosePort(asked: number | undefined, usual: number): Promise<number> {
  if (asked !== undefined && asked !== 0) return asked;
  if (asked === undefined && (await portIsFree(usual))) return usual;
  return freePort();
}

async function waitUntilServing(
  address: string,
  namespace: string,
  child: ChildProcess,
  deadlineMs: number,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`temporal server start-dev exited with code ${child.exitCode}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1_000 });
      try {
        await connection.workflowService.describeNamespace({ namespace });
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`The Temporal dev server at ${address} did not answer within ${deadlineMs} ms: ${String(lastError)}`);
}

/**
 * Starts `temporal server start-dev` and waits until it answers. A free port found for it can be
 * taken by another program before the server listens on it: then it starts again on others.
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const cli = await findTemporalCli(options);
  const namespace = options.namespace ?? 'default';
  if (!cli.path) return startWithSdkDownload(options, namespace);
  const replaceable = options.portsReplaceable === true || (options.port === undefined && options.uiPort === undefined);
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 && options.port !== undefined ? options.port : await freePort();
    const uiPort = attempt === 1 && options.uiPort !== undefined ? options.uiPort : await freePort();
    try {
      return await startOnce(cli.path, options, namespace, port, uiPort);
    } catch (error) {
      if (!(error instanceof PortTakenError) || !replaceable || attempt >= PORT_ATTEMPTS) throw error;
      options.log?.('temporal: a port was taken before the dev server listened on it; starting it on others');
    }
  }
}

/** Resolves once the child's output is all read, or after `ms`. */
async function stdioClosed(child: ChildProcess, ms: number): Promise<void> {
  if (child.stdout?.closed !== false && child.stderr?.closed !== false) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise<void>((resolve) => child.once('close', () => resolve())),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

async function startOnce(
  cliPath: string,
  options: DevServerOptions,
  namespace: string,
  port: number,
  uiPort: number,
): Promise<DevServer> {
  const ui = options.ui ?? true;
  const codec = ui && options.uiCodec ? await startUiCodec(uiPort, options.uiCodecs) : undefined;
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--namespace',
    namespace,
    '--log-level',
    'error',
  ];
  args.push(...Object.entries(SEARCH_ATTRIBUTES).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]));
  args.push(...(ui ? ['--ui-port', String(uiPort)] : ['--headless']));
  if (codec) args.push('--ui-codec-endpoint', codec.url);
  if (options.dbFilename) args.push('--db-filename', options.dbFilename);
  args.push(...dynamicConfigArgs());

  // Under a guard that stops the server when this process ends, even by SIGKILL (server-guard.ts).
  const { guard: child, serverPid } = spawnGuarded(cliPath, args);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const address = `127.0.0.1:${port}`;
  try {
    await waitUntilServing(address, namespace, child, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await codec?.close();
    // Its last words (the port it could not take) may still be in the pipe when it has exited.
    await stdioClosed(child, 2_000);
    const Failure = /address already in use/i.test(stderr) ? PortTakenError : Error;
    throw new Failure(`${(error as Error).message}\n${stderr}`.trim(), { cause: error });
  }
  const pid = await serverPid;
  return {
    address,
    namespace,
    uiUrl: ui ? `http://127.0.0.1:${uiPort}` : undefined,
    ...(pid ? { pid } : {}),
    stop: async () => {
      await stopChild(child);
      await codec?.close();
    },
  };
}

/** A codec server for the Web UI on `uiPort`, loaded only when asked for. */
async function startUiCodec(
  uiPort: number,
  codecs?: readonly PayloadCodec[],
): Promise<{ url: string; close(): Promise<void> }> {
  const { startCodecServer } = await import('./codec-server.ts');
  return startCodecServer({
    uiOrigins: [`http://127.0.0.1:${uiPort}`, `http://localhost:${uiPort}`],
    ...(codecs ? { codecs } : {}),
  });
}

function dynamicConfigArgs(): string[] {
  return Object.entries(DEV_SERVER_DYNAMIC_CONFIG).flatMap(([key, value]) => [
    '--dynamic-config-value',
    `${key}=${JSON.stringify(value)}`,
  ]);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  // Later than the guard's own SIGKILL of the server: killing the guard first would orphan it.
  const timer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_GRACE_MS + 5_000);
  await exited;
  clearTimeout(timer);
}

async function startWithSdkDownload(options: DevServerOptions, namespace: string): Promise<DevServer> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      namespace,
      ui: options.ui ?? true,
      uiPort: options.uiPort,
      dbFilename: options.dbFilename,
      searchAttributes: Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => ({ name, type: SDK_TYPES[type] })),
      extraArgs: dynamicConfigArgs(),
    },
  });
  const address = env.connection.options.address;
  return { address, namespace, uiUrl: undefined, stop: () => env.teardown() };
}
