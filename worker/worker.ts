/**
 * Worker bootstrap: connection, task queue, workflow bundle and the activities with their
 * credentials. Credentials live here only; they never enter workflow inputs or history.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type BundleOptions,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities/index.ts';
import { createTriggerActivities } from '../activities/triggers/activities.ts';
import { IllegalStateError, type Duration } from '@temporalio/common';
import { createDataConverter, failureConverterPath, payloadConverterPath } from './codec.ts';
import { LogFormat, type Config } from './config.ts';
import { keyProviderFor } from './key-config.ts';
import { countersAtZero, metricsBindAddress, MetricsAddressError, metricsTelemetry } from './metrics.ts';
import { jsonLogLine, PrivateLogger } from './private-logger.ts';
import { connectionOptions } from './temporal.ts';
import * as intrinsics from '../workflows/intrinsics.ts';
import { SdkInternalsError } from '../workflows/sdk-internals.ts';

/** A module of workflow code: TypeScript source in development, compiled JavaScript from dist/. */
function workflowModule(relative: string): string {
  const ts = fileURLToPath(new URL(`../${relative}.ts`, import.meta.url));
  return existsSync(ts) ? ts : fileURLToPath(new URL(`../${relative}.js`, import.meta.url));
}

/** The workflow entry module. */
export function workflowsPath(): string {
  return workflowModule('workflows/index');
}

/**
 * How tourflow bundles its workflow code. The expression module (CEL's environment, with its
 * functions registered, and the caches of parsed expressions and compiled templates) is loaded
 * once per workflow thread and shared by every run, rather than set up again for each run and
 * child run (about 40 ms of the workflow thread each): it keeps no per-run state, and its
 * caches hold pure functions of the plan's text, each of a bounded size.
 */
export function bundleOptions(): BundleOptions {
  return {
    workflowsPath: workflowsPath(),
    logger: quietBundlerLogger,
    webpackConfigHook: compileForNode,
    preloadModules: [workflowModule('definitions/expressions')],
    payloadConverterPath,
    failureConverterPath,
  };
}

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

/** Bundles the workflow code once per process (a few seconds), shared by every worker. */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode(bundleOptions());
  return bundle;
}

type WebpackConfig = Parameters<NonNullable<BundleOptions['webpackConfigHook']>>[0];

/**
 * The bundler compiles TypeScript sources for ES2017 (its default), which turns every object
 * spread of the interpreter into helper calls several times slower than the native spread;
 * the compiled build (dist/, ES2022) is bundled as it is. Sources are compiled for ES2022 too,
 * as Node 20 runs it, so a worker run from the sources runs the same code as the build.
 * The SDK's webpack configuration is its internal: a configuration without the swc rule this
 * rewrites is an `SdkInternalsError`, not a bundle quietly compiled for ES2017.
 */
export function compileForNode(config: WebpackConfig): WebpackConfig {
  let retargeted = 0;
  for (const rule of config.module?.rules ?? []) {
    const use = rule && typeof rule === 'object' ? rule.use : undefined;
    const options = use && typeof use === 'object' && !Array.isArray(use) ? use.options : undefined;
    const jsc = options && typeof options === 'object' ? (options as { jsc?: { target?: unknown } }).jsc : undefined;
    if (typeof jsc?.target !== 'string') continue;
    jsc.target = 'es2022';
    retargeted++;
  }
  if (retargeted === 0) {
    throw new SdkInternalsError(
      "a TypeScript rule (swc-loader with options.jsc.target) in the workflow bundler's webpack configuration",
      'compiling workflow sources for ES2022: compileForNode in worker/worker.ts',
    );
  }
  config.plugins = [...(config.plugins ?? []), { apply: readIntrinsicsOnce as (compiler: unknown) => void }];
  if (config.devtool === 'inline-source-map') config.devtool = BUNDLE_SOURCE_MAP;
  return config;
}

/**
 * The bundle's source map by line, without the sources' text: stack traces of workflow code
 * (failures, the Web UI's stack trace) name the source file and line of each frame, the column
 * as 0. A worker holds the map in its main thread and its workflow thread, as part of the
 * bundle's text, and the workflow thread parses it, from the first promise a run makes, for the
 * SDK's stack traces. Mapped by token (webpack's `inline-nosources-source-map`) it had 65,000
 * positions for 17,500 lines of code, and a worker was ready 4 to 7 MB larger
 * (docs/performance.md, "The workflow bundle's source map by line"). The sources' text, which
 * the SDK reads only for `showStackTraceSources` (left off), went before that.
 */
export const BUNDLE_SOURCE_MAP = 'inline-nosources-cheap-module-source-map';

/** What a webpack plugin is given: the compiler, with webpack's own classes. */
export interface Compiler {
  webpack?: { ProvidePlugin?: new (definitions: Record<string, string[]>) => { apply(compiler: Compiler): void } };
}

/**
 * Global built-ins (`Object`, `Array`, `JSON`…) in bundled code read module constants
 * (workflows/intrinsics.ts) instead of the workflow context's global object, whose every read
 * goes through a property interceptor. The interpreter reads them per element of a `forEach`.
 */
export function readIntrinsicsOnce(compiler: Compiler): void {
  const ProvidePlugin = compiler.webpack?.ProvidePlugin;
  if (typeof ProvidePlugin !== 'function') {
    throw new SdkInternalsError(
      "webpack's ProvidePlugin on the workflow bundler's compiler",
      'making bundled code read the built-ins of workflows/intrinsics.ts: readIntrinsicsOnce in worker/worker.ts',
    );
  }
  const source = workflowModule('workflows/intrinsics');
  const provided = Object.fromEntries(Object.keys(intrinsics).map((name) => [name, [source, name]]));
  new ProvidePlugin(provided).apply(compiler);
}

const quietBundlerLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (message: string, meta?: Record<string, unknown>) => console.error(message, meta ?? ''),
  log: () => undefined,
};

let runtimeInstalled = false;

/**
 * Installs the SDK runtime with tourflow's log level and format, a logger that keeps guest data
 * out of log lines (worker/private-logger.ts) and, given an address, the Prometheus endpoint
 * (worker/metrics.ts); once per process, before any worker. Throws `MetricsAddressError` when
 * the address cannot be served.
 */
function installRuntime(config: Config): void {
  if (runtimeInstalled) return;
  const address = config.worker.metricsAddress;
  const bindAddress = address === undefined ? undefined : metricsBindAddress(address, 'the metrics address');
  const inner =
    config.logFormat === LogFormat.json
      ? new DefaultLogger(config.logLevel, (line) => jsonLogLine(line))
      : new DefaultLogger(config.logLevel);
  try {
    Runtime.install({
      logger: new PrivateLogger(inner),
      ...(bindAddress ? { telemetryOptions: metricsTelemetry(bindAddress) } : {}),
    });
  } catch (error) {
    // Already installed by the embedding process (tests, benchmarks): keep theirs.
    if (!(error instanceof IllegalStateError)) {
      throw new MetricsAddressError(
        `cannot serve metrics on ${bindAddress}: ${(error as Error).message}. Give another --metrics-address (or TOURFLOW_METRICS_ADDRESS).`,
      );
    }
    if (bindAddress)
      Runtime.instance().logger.warn(
        `Metrics are not served on ${bindAddress}: this process set up the Temporal runtime before the worker, without them.`,
      );
  }
  runtimeInstalled = true;
}

/**
 * The worker's native connection. It lives here, not beside the client's, so that commands
 * which only talk to Temporal never load the worker SDK (and its bundler).
 */
export async function connectWorker(config: Config['temporal']): Promise<NativeConnection> {
  return NativeConnection.connect(connectionOptions(config));
}

/**
 * Asks a worker to stop unless it is stopping already: the SDK's runtime stops every worker
 * itself on SIGINT and SIGTERM, and a second `shutdown()` throws.
 */
export function stopWorker(worker: Worker): void {
  if (worker.getState() === 'RUNNING') worker.shutdown();
}

export interface StartWorkerOptions {
  config: Config;
  /** Dependencies of the activities; built from the configuration when absent. */
  deps?: ActivityDeps;
  connection?: NativeConnection;
}

/**
 * Creates (but does not run) the tourflow worker; its payloads travel as the client's do:
 * large ones compressed, all encrypted with the configured key. A worker for a Temporal
 * elsewhere without a key refuses to start (`KeyConfigError`) unless encryption is `off`.
 */
export async function createWorker(
  options: StartWorkerOptions,
): Promise<{ worker: Worker; close: () => Promise<void> }> {
  const { config } = options;
  const dataConverter = createDataConverter(await keyProviderFor(config.temporal, { required: true }));
  installRuntime(config);
  countersAtZero(Runtime.instance().metricMeter);
  const connection = options.connection ?? (await connectWorker(config.temporal));
  const deps =
    options.deps ?? (await import('../activities/deps.ts')).depsFromConfig(config, Runtime.instance().metricMeter);
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    workflowBundle: config.worker.workflowBundlePath
      ? { codePath: config.worker.workflowBundlePath }
      : await workflowBundle(),
    activities: { ...createActivities(deps), ...createTriggerActivities(deps) },
    // The same codecs as the client's: a run's input arrives compressed and encrypted.
    dataConverter,
    maxConcurrentActivityTaskExecutions: config.worker.maxConcurrentActivityTaskExecutions,
    maxConcurrentWorkflowTaskExecutions: config.worker.maxConcurrentWorkflowTaskExecutions,
    stickyQueueScheduleToStartTimeout: config.worker.stickyQueueTimeout as Duration,
    shutdownGraceTime: '20s',
  });
  const close = async () => {
    await deps.close?.();
    if (!options.connection) await connection.close();
  };
  return { worker, close };
}
