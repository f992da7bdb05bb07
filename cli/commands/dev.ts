/**
 * `tourflow dev`: a Temporal dev server with its Web UI, the Tour API sandbox and a worker in
 * one process. It takes Temporal's usual ports (7233, Web UI 8233) and the sandbox's (4010,
 * 4011) when they are free, and records where it runs in a state file that the other commands
 * read (`worker/dev-state.ts`), so they find it from any terminal without flags.
 */
import path from 'node:path';
import type { Command } from 'commander';
import type { JsonObject, Plan } from '../../definitions/plan-types.ts';
import type { Config } from '../../worker/config.ts';
import type { DevState } from '../../worker/dev-state.ts';
import { projectRoot } from '../../worker/temporal-cli.ts';
import { ExitCode, UserError, type CliContext } from '../context.ts';
import {
  addMetricsFlag,
  collectInput,
  metricsAddressOf,
  metricsUserError,
  portFrom,
  untilStopped,
  type MetricsFlags,
} from '../options.ts';
import { renderResult } from '../render.ts';

interface DevOptions extends MetricsFlags {
  demo?: boolean;
  playbook?: string;
  input: Record<string, string>;
  persist?: string;
  exit?: boolean;
  verbose?: boolean;
  port?: string;
  uiPort?: string;
  apiPort?: string;
  authPort?: string;
}

export const DEMO_PLAYBOOK = path.join(projectRoot, 'definitions', 'playbooks', 'tour-setup.yaml');

/** An address on this machine: what the dev's own settings (its local key) are read for. */
const LOCAL_ADDRESS = '127.0.0.1:7233';

/** The ports `dev` takes when they are free. */
export const DEV_PORTS = { temporal: 7233, ui: 8233, api: 4010, auth: 4011 } as const;

/** How long the user token `dev` prints stays valid: a working day of curl calls. */
const DEV_TOKEN_TTL_SECONDS = 24 * 3600;

async function ports(options: DevOptions) {
  const { choosePort, portIsFree } = await import('../../worker/dev-server.ts');
  const asked = async (value: string | undefined, flag: string) => {
    const port = value === undefined ? undefined : portFrom(value, flag);
    if (port && !(await portIsFree(port)))
      throw new UserError(`port ${port} (${flag}) is in use; pick another, or 0 for a free one`);
    return port;
  };
  // The Temporal server is another program: it is given ports found free now (`choosePort`).
  // The sandbox listens in this process: on 0 it takes a free port as it listens, leaving no
  // time (the Temporal server's start) in which another program could take one found free now.
  const forSandbox = async (value: string | undefined, flag: string, usual: number) =>
    (await asked(value, flag)) ?? ((await portIsFree(usual)) ? usual : 0);
  const temporal = await asked(options.port, '--port');
  const ui = await asked(options.uiPort, '--ui-port');
  return {
    temporal: await choosePort(temporal, DEV_PORTS.temporal),
    ui: await choosePort(ui, DEV_PORTS.ui),
    // Ports tourflow chose (none asked for, or 0) are replaced if another program takes one first.
    serverPortsReplaceable: !temporal && !ui,
    api: await forSandbox(options.apiPort, '--api-port', DEV_PORTS.api),
    auth: await forSandbox(options.authPort, '--auth-port', DEV_PORTS.auth),
  };
}

/** Registers `tourflow dev`. */
export function register(program: Command, ctx: CliContext): void {
  const command = program
    .command('dev')
    .description(
      'Start a local Temporal dev server (with Web UI), the Tour API sandbox and a worker together; the other commands find it without flags. Ctrl-C stops all three.',
    )
    .option('--demo', 'run the demo playbook (tour-setup) once everything is up')
    .option('--playbook <file>', 'run this playbook once everything is up')
    .option('-i, --input <key=value>', 'input of that playbook (repeatable)', collectInput, {})
    .option(
      '--persist <dir>',
      'keep Temporal history, the sandbox store and its credentials in this folder across restarts',
    )
    .option('--exit', 'stop everything after the playbook finished')
    .option('--verbose', "show the worker's informational log lines")
    .option('--port <port>', 'Temporal gRPC port (default 7233 when free, else a free one; 0 for a free one)')
    .option('--ui-port <port>', 'Web UI port (default 8233 when free, else a free one)')
    .option('--api-port <port>', 'sandbox API port (default 4010 when free, else a free one)')
    .option('--auth-port <port>', 'sandbox OAuth portal port (default 4011 when free, else a free one)');
  addMetricsFlag(command).action((options: DevOptions) => dev(ctx, options));
}

async function dev(ctx: CliContext, options: DevOptions): Promise<void> {
  // Loaded here, not at start: every other command stays quick to start.
  const [
    { StateFileError, startSandbox, sandboxApiConfig },
    { startDevServer },
    { createWorker, stopWorker },
    state,
    creds,
    text,
    { devKeyProvider, usesLocalKey },
    { payloadCodecs },
  ] = await Promise.all([
    import('../../sandbox/index.ts'),
    import('../../worker/dev-server.ts'),
    import('../../worker/worker.ts'),
    import('../../worker/dev-state.ts'),
    import('../sandbox-credentials.ts'),
    import('../dev-text.ts'),
    import('../../worker/key-config.ts'),
    import('../../worker/codec.ts'),
  ]);
  const playbook = options.playbook
    ? path.resolve(ctx.cwd, options.playbook)
    : options.demo
      ? DEMO_PLAYBOOK
      : undefined;
  // A playbook that does not compile is said before anything starts.
  const loaded = playbook
    ? await (await import('../playbook-input.ts')).loadPlan(ctx, playbook, options.input)
    : undefined;
  const persist = options.persist ? path.resolve(ctx.cwd, options.persist) : undefined;
  if (persist) await import('node:fs/promises').then((fs) => fs.mkdir(persist, { recursive: true }));
  // A server an earlier dev left running (its guard killed with it) goes before ports are chosen.
  await state.removeStaleDevStates(ctx.env);
  const chosen = await ports(options);
  const credentialsFile = persist
    ? path.join(persist, 'sandbox-credentials.json')
    : path.join(state.devStateDir(ctx.env), `dev-${process.pid}.credentials.json`);
  // Payloads are encrypted with the local key (made on first use) unless a key is configured.
  const local = ctx.config({ temporal: { address: LOCAL_ADDRESS } });
  const encryption = local.temporal.encryption;
  const metricsAddress = metricsAddressOf(options, local.worker.metricsAddress);
  const keys = await devKeyProvider(encryption);
  const localKey = usesLocalKey(local.temporal);
  const keysFile = encryption.keys ? state.devKeysFile(ctx.env) : undefined;

  // The Web UI reads payloads through a codec server with the same keys that answers only its origin.
  const server = await startDevServer({
    uiCodec: true,
    uiCodecs: payloadCodecs(keys),
    port: chosen.temporal,
    uiPort: chosen.ui,
    portsReplaceable: chosen.serverPortsReplaceable,
    ...(persist ? { dbFilename: path.join(persist, 'temporal.db') } : {}),
    log: ctx.err,
  }).catch((error: unknown) => {
    throw new UserError(`cannot start the Temporal dev server: ${(error as Error).message}`, {
      exitCode: ExitCode.failed,
      cause: error,
    });
  });
  let stateFile: string | undefined;
  const stops: (() => Promise<void> | void)[] = [() => server.stop()];
  try {
    const sandbox = await startSandbox({
      autoApprove: true,
      port: chosen.api,
      authPort: chosen.auth,
      accessTokenTtlSeconds: DEV_TOKEN_TTL_SECONDS,
      ...(persist
        ? { state: path.join(persist, 'sandbox.json'), knownSecrets: creds.keptSecrets(credentialsFile) }
        : {}),
    }).catch((error: unknown) => {
      throw error instanceof StateFileError ? new UserError(`--persist: ${error.message}`, { cause: error }) : error;
    });
    stops.unshift(() => sandbox.close());
    const credentials = sandbox.credentials;
    creds.writeCredentials(credentialsFile, credentials);
    const config = ctx.config({
      temporal: { address: server.address, namespace: server.namespace, uiUrl: server.uiUrl, encryption },
      logLevel: options.verbose ? 'INFO' : 'WARN',
      api: sandboxApiConfig(credentials),
      worker: { metricsAddress },
    });
    const { worker, close } = await createWorker({ config }).catch((error: unknown) => {
      throw metricsUserError(error) ?? error;
    });
    const running = worker.run();
    stops.unshift(async () => {
      stopWorker(worker);
      await running;
      await close();
    });
    stateFile = state.writeDevState(ctx.env, {
      version: 1,
      pid: process.pid,
      host: (await import('node:os')).hostname(),
      startedAt: new Date().toISOString(),
      temporal: {
        address: server.address,
        namespace: server.namespace,
        taskQueue: config.temporal.taskQueue,
        ...(server.pid ? { serverPid: server.pid } : {}),
        ...(server.uiUrl ? { uiUrl: server.uiUrl } : {}),
        ...(localKey
          ? { localKeyFile: encryption.localKeyFile }
          : { encryption: await sharedKeys(encryption, keysFile) }),
      },
      api: { baseUrl: credentials.baseUrl, authUrl: credentials.authUrl, credentialsFile },
    });
    ctx.out(text.devReady({ config, credentials, stateFile, credentialsFile, encryption: keys?.source }).join('\n'));
    if (loaded) await runPlaybook(ctx, config, loaded);
    if (!options.exit) {
      ctx.out('Press Ctrl-C to stop.');
      await untilStopped(ctx);
    }
  } catch (error) {
    ctx.setExitCode(ExitCode.failed);
    throw error;
  } finally {
    if (stateFile) (await import('node:fs')).rmSync(stateFile, { force: true });
    if (!persist) (await import('node:fs')).rmSync(credentialsFile, { force: true });
    if (keysFile) (await import('node:fs')).rmSync(keysFile, { force: true });
    // In order (the worker before the server it talks to), and each even when another failed:
    // a part left running would keep the process alive.
    for (const stop of stops) {
      try {
        await stop();
      } catch (error) {
        ctx.err(`while stopping: ${(error as Error).message}`);
      }
    }
  }
}

/**
 * The configured keys of this dev, as its state tells them to the other commands: a key file by
 * its path; keys from the environment copied into `keysFile` (0600, in the dev state folder
 * that already holds the sandbox's credentials, removed when dev stops), never into the state.
 */
async function sharedKeys(
  encryption: Config['temporal']['encryption'],
  keysFile: string | undefined,
): Promise<DevState['temporal']['encryption']> {
  if (encryption.off) return { off: true };
  const activeKey = encryption.activeKey ? { activeKey: encryption.activeKey } : {};
  if (encryption.keyFile) return { keyFile: path.resolve(encryption.keyFile), ...activeKey };
  const [{ keyFileOfList }, { writePrivateFile }] = await Promise.all([
    import('../../worker/key-file.ts'),
    import('../../worker/dev-state.ts'),
  ]);
  writePrivateFile(keysFile!, `${JSON.stringify(keyFileOfList(encryption.keys!, encryption.activeKey), null, 2)}\n`);
  return { keyFile: keysFile!, ...activeKey };
}

/** Runs one playbook on the dev's worker and prints its result and Web UI link. */
async function runPlaybook(
  ctx: CliContext,
  config: Config,
  { plan, inputs }: { plan: Plan; inputs: JsonObject },
): Promise<void> {
  const [{ runUrl, startRun, waitUnlessStopped }, { connectClient }] = await Promise.all([
    import('../runs.ts'),
    import('../../worker/temporal.ts'),
  ]);
  const client = await connectClient(config.temporal);
  try {
    const run = await startRun({ client, taskQueue: config.temporal.taskQueue, plan, inputs });
    const outcome = await waitUnlessStopped(run.handle, ctx.signal);
    if (!outcome) return;
    ctx.out([...(outcome.result ? renderResult(outcome.result) : [`failed: ${outcome.message}`])].join('\n'));
    const url = runUrl(config.temporal.uiUrl, config.temporal.namespace, run.workflowId);
    if (url) ctx.out(`Web UI: ${url}`);
    ctx.setExitCode(outcome.exitCode);
  } finally {
    await client.connection.close();
  }
}
