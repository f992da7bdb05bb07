/**
 * The one place that reads configuration. Precedence: explicit option > environment > the
 * Temporal CLI profile > a running `tourflow dev` > default. Nothing else in tourflow reads
 * `process.env`.
 *
 * Temporal settings follow the Temporal CLI's conventions (`TEMPORAL_ADDRESS`,
 * `TEMPORAL_NAMESPACE`, `TEMPORAL_API_KEY`, `TEMPORAL_TLS*`), so one worker runs against a
 * dev server, a self-hosted cluster or Temporal Cloud. A running `tourflow dev` is found through
 * the state file it writes (`worker/dev-state.ts`); its settings apply only where nothing above
 * gives the Temporal address (or gives the dev's own), and its sandbox only where nothing gives
 * the API URL.
 */
import os from 'node:os';
import path from 'node:path';
import { loadClientConnectConfig } from '@temporalio/envconfig';
import type { ClientConnectConfig } from '@temporalio/envconfig';
import type { TLSConfig } from '@temporalio/client';
import { findDevState, readDevCredentials, type FoundDevState } from './dev-state.ts';
import { encryptionConfig, type EncryptionConfig } from './encryption-config.ts';
import { WebhookConfigError, webhooksFrom, type Webhooks } from './webhooks.ts';

export type { EncryptionConfig } from './encryption-config.ts';

/** Where a setting came from, for messages that say what to change. */
export const ConfigSource = {
  option: 'option',
  environment: 'environment',
  profile: 'profile',
  dev: 'dev',
  default: 'default',
} as const;
export type ConfigSource = (typeof ConfigSource)[keyof typeof ConfigSource];

/** A configuration mistake the user makes in the environment (a profile that does not exist). */
export class ConfigError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ConfigError';
  }
}

/** The Temporal CLI's defaults: the dev server's address and the Web UI beside it. */
export const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';
export const DEFAULT_UI_URL = 'http://localhost:8233';

export interface TemporalConfig {
  /** @default '127.0.0.1:7233' (or the address of the active Temporal CLI profile) */
  address: string;
  /** @default 'default' */
  namespace: string;
  /** @default 'tourflow' */
  taskQueue: string;
  /** TLS and API key as the Temporal CLI's environment variables and config profile give them. */
  tls: TLSConfig | boolean | undefined;
  apiKey: string | undefined;
  metadata: Record<string, string> | undefined;
  /**
   * Base URL of the Temporal Web UI that serves this namespace, for links printed by the CLI:
   * `TOURFLOW_UI_URL`, Temporal Cloud's for a Cloud address, a running `tourflow dev`'s, or
   * the dev server's default beside the default address. Undefined when none is known.
   */
  uiUrl: string | undefined;
  /** Where the address came from. */
  addressSource: ConfigSource;
  /** The state file of the `tourflow dev` whose settings these are, when they are one's. */
  devStateFile: string | undefined;
  /** How payloads are encrypted before they reach Temporal (worker/key-config.ts). */
  encryption: EncryptionConfig;
}

export interface ApiConfig {
  /** `{base_url}`, without `/v1`. */
  baseUrl: string;
  /** `{auth_url}`: the OAuth portal. */
  authUrl: string;
  apiKey: string | undefined;
  apiSecret: string | undefined;
  /** A fixed bearer token (`TOURFLOW_ACCESS_TOKEN`); otherwise the tokens stored by `tourflow login`. */
  accessToken: string | undefined;
  refreshToken: string | undefined;
  /** Where `tourflow login` keeps tokens. @default `$XDG_CONFIG_HOME/tourflow/tokens.json` */
  tokenFile: string;
  /** Loopback redirect URI registered for `tourflow login`; port 0 means pick a free one. */
  redirectUri: string | undefined;
  /** Organization (name or ID) that playbooks use when they name none (`TOURFLOW_ORG`). */
  defaultOrg: string | undefined;
}

export interface WorkerTuning {
  /** @default 100 */
  maxConcurrentActivityTaskExecutions: number;
  /** @default 40 */
  maxConcurrentWorkflowTaskExecutions: number;
  /** A prebuilt workflow bundle (`TOURFLOW_WORKFLOW_BUNDLE`); bundled at start when absent. */
  workflowBundlePath: string | undefined;
  /**
   * How long a run's next task waits for this worker before any worker may take it
   * (`TOURFLOW_STICKY_QUEUE_TIMEOUT`). @default '10s'
   */
  stickyQueueTimeout: string;
  /**
   * Where the worker serves Prometheus metrics (`--metrics-address`, `TOURFLOW_METRICS_ADDRESS`):
   * `ip:port` or a port alone (worker/metrics.ts). @default none: no metrics endpoint
   */
  metricsAddress: string | undefined;
}

/** `tourflow codec-server`. */
export interface CodecServerConfig {
  /** Bearer tokens callers must show (`TOURFLOW_CODEC_TOKEN`, comma-separated for several). @default none: no token check */
  tokens: string[];
}

export interface Config {
  temporal: TemporalConfig;
  codecServer: CodecServerConfig;
  api: ApiConfig;
  worker: WorkerTuning;
  /**
   * Folder that rendered files (day sheets) are saved under (`TOURFLOW_OUTPUT_DIR`).
   * @default `day-sheets` in the working directory
   */
  outputDir: string;
  /**
   * Folder whose files \`file.upload\` may upload (\`TOURFLOW_INPUT_DIR\`); a playbook names files
   * inside it only. @default \`files\` in the working directory
   */
  inputDir: string;
  /**
   * Webhook URLs by name, for the `notify` action (`TOURFLOW_WEBHOOKS`, `TOURFLOW_WEBHOOKS_FILE`;
   * worker/webhooks.ts). Secrets: never logged. @default none
   */
  webhooks: Webhooks;
  /** Worker log level: TRACE, DEBUG, INFO, WARN or ERROR (`TOURFLOW_LOG_LEVEL`). @default 'INFO' */
  logLevel: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Worker log lines as text or as one JSON object each (`TOURFLOW_LOG_FORMAT`). @default 'text' */
  logFormat: LogFormat;
}

/** How the worker writes its log lines. */
export const LogFormat = {
  text: 'text',
  json: 'json',
} as const;
export type LogFormat = (typeof LogFormat)[keyof typeof LogFormat];

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
  overrides?: ConfigOverrides;
}

export type ConfigOverrides = DeepPartial<Config>;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function configHome(env: NodeJS.ProcessEnv): string {
  return env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Temporal's own conventions: the profile of the Temporal CLI's config file
 * (`TEMPORAL_CONFIG_FILE`, `TEMPORAL_PROFILE`) overridden by `TEMPORAL_ADDRESS`,
 * `TEMPORAL_NAMESPACE`, `TEMPORAL_API_KEY` and `TEMPORAL_TLS_*`.
 */
function temporalProfile(env: NodeJS.ProcessEnv): ClientConnectConfig {
  const vars = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
  try {
    return loadClientConnectConfig({ overrideEnvVars: vars, ...(env.TEMPORAL_PROFILE ? { profile: env.TEMPORAL_PROFILE } : {}) });
  } catch (error) {
    // A profile asked for by name must exist; without one, a missing or unreadable config
    // file (the usual case on a developer machine) means environment variables only.
    if (env.TEMPORAL_PROFILE) {
      throw new ConfigError(
        `TEMPORAL_PROFILE names the Temporal CLI profile "${env.TEMPORAL_PROFILE}", which cannot be loaded (${(error as Error).message}). ` +
          'List profiles with `temporal config list`, or unset TEMPORAL_PROFILE.',
        { cause: error },
      );
    }
    return loadClientConnectConfig({ overrideEnvVars: vars, disableFile: true });
  }
}

/** Temporal Cloud serves every namespace's Web UI at one address. */
function cloudUiUrl(address: string): string | undefined {
  const host = address.replace(/:\d+$/, '');
  return host.endsWith('.tmprl.cloud') ? 'https://cloud.temporal.io' : undefined;
}

function isDefaultAddress(address: string): boolean {
  return address === DEFAULT_TEMPORAL_ADDRESS || address === 'localhost:7233';
}

function temporalConfig(env: NodeJS.ProcessEnv, o: ConfigOverrides, profile: ClientConnectConfig, dev: FoundDevState | undefined): TemporalConfig {
  const connection = profile.connectionOptions;
  const given = o.temporal?.address ?? connection.address;
  const addressSource: ConfigSource = o.temporal?.address
    ? ConfigSource.option
    : env.TEMPORAL_ADDRESS
      ? ConfigSource.environment
      : connection.address
        ? ConfigSource.profile
        : dev
          ? ConfigSource.dev
          : ConfigSource.default;
  // A dev's settings serve its own server only: a flag naming another server leaves them out.
  const fromDev = dev && (given === undefined || given === dev.state.temporal.address) ? dev.state.temporal : undefined;
  const address = given ?? fromDev?.address ?? DEFAULT_TEMPORAL_ADDRESS;
  return {
    address,
    namespace: o.temporal?.namespace ?? profile.namespace ?? fromDev?.namespace ?? 'default',
    taskQueue: o.temporal?.taskQueue ?? env.TOURFLOW_TASK_QUEUE ?? fromDev?.taskQueue ?? 'tourflow',
    tls: (o.temporal?.tls as TemporalConfig['tls']) ?? connection.tls ?? undefined,
    apiKey: o.temporal?.apiKey ?? (typeof connection.apiKey === 'string' ? connection.apiKey : undefined),
    metadata: connection.metadata as Record<string, string> | undefined,
    uiUrl:
      o.temporal?.uiUrl ??
      (env.TOURFLOW_UI_URL || undefined) ??
      cloudUiUrl(address) ??
      (fromDev ? fromDev.uiUrl : isDefaultAddress(address) ? DEFAULT_UI_URL : undefined),
    addressSource,
    devStateFile: fromDev ? dev?.file : undefined,
    encryption: encryptionConfig(env, o.temporal?.encryption ?? {}, fromDev, path.join(configHome(env), 'tourflow', 'local-key.json')),
  };
}

function apiConfig(env: NodeJS.ProcessEnv, o: ConfigOverrides, dev: FoundDevState | undefined): ApiConfig {
  const fromDev = dev && !o.api?.baseUrl && !env.TOURFLOW_API_URL ? dev.state.api : undefined;
  const creds = fromDev ? readDevCredentials(fromDev.credentialsFile) : {};
  return {
    baseUrl: o.api?.baseUrl ?? env.TOURFLOW_API_URL ?? fromDev?.baseUrl ?? 'http://127.0.0.1:4010',
    authUrl: o.api?.authUrl ?? env.TOURFLOW_AUTH_URL ?? fromDev?.authUrl ?? 'http://127.0.0.1:4011',
    apiKey: o.api?.apiKey ?? env.TOURFLOW_API_KEY ?? creds.apiKey,
    apiSecret: o.api?.apiSecret ?? env.TOURFLOW_API_SECRET ?? creds.apiSecret,
    accessToken: o.api?.accessToken ?? env.TOURFLOW_ACCESS_TOKEN ?? creds.accessToken,
    refreshToken: o.api?.refreshToken ?? env.TOURFLOW_REFRESH_TOKEN ?? creds.refreshToken,
    tokenFile: o.api?.tokenFile ?? env.TOURFLOW_TOKEN_FILE ?? path.join(configHome(env), 'tourflow', 'tokens.json'),
    redirectUri: o.api?.redirectUri ?? env.TOURFLOW_REDIRECT_URI,
    defaultOrg: o.api?.defaultOrg ?? env.TOURFLOW_ORG ?? creds.orgId,
  };
}

const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

function logLevelFrom(value: string | undefined): Config['logLevel'] {
  const upper = value?.toUpperCase();
  return LOG_LEVELS.find((level) => level === upper) ?? 'INFO';
}

function configuredWebhooks(env: NodeJS.ProcessEnv): Webhooks {
  try {
    return webhooksFrom(env);
  } catch (error) {
    throw error instanceof WebhookConfigError ? new ConfigError(error.message) : error;
  }
}

/** Reads tourflow's configuration. */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const o = options.overrides ?? {};
  const profile = temporalProfile(env);
  const dev = findDevState(env);
  return {
    temporal: temporalConfig(env, o, profile, dev),
    codecServer: {
      tokens: (o.codecServer?.tokens as string[] | undefined) ?? (env.TOURFLOW_CODEC_TOKEN ?? '').split(',').map((token) => token.trim()).filter(Boolean),
    },
    api: apiConfig(env, o, dev),
    worker: {
      maxConcurrentActivityTaskExecutions:
        o.worker?.maxConcurrentActivityTaskExecutions ?? intFrom(env.TOURFLOW_MAX_CONCURRENT_ACTIVITIES, 100),
      maxConcurrentWorkflowTaskExecutions:
        o.worker?.maxConcurrentWorkflowTaskExecutions ?? intFrom(env.TOURFLOW_MAX_CONCURRENT_WORKFLOW_TASKS, 40),
      workflowBundlePath: o.worker?.workflowBundlePath ?? env.TOURFLOW_WORKFLOW_BUNDLE,
      stickyQueueTimeout: o.worker?.stickyQueueTimeout ?? env.TOURFLOW_STICKY_QUEUE_TIMEOUT ?? '10s',
      metricsAddress: o.worker?.metricsAddress ?? (env.TOURFLOW_METRICS_ADDRESS || undefined),
    },
    outputDir: o.outputDir ?? env.TOURFLOW_OUTPUT_DIR ?? path.resolve('day-sheets'),
    inputDir: o.inputDir ?? env.TOURFLOW_INPUT_DIR ?? path.resolve('files'),
    webhooks: (o.webhooks as Webhooks | undefined) ?? configuredWebhooks(env),
    logLevel: o.logLevel ?? logLevelFrom(env.TOURFLOW_LOG_LEVEL),
    logFormat: o.logFormat ?? (env.TOURFLOW_LOG_FORMAT?.toLowerCase() === LogFormat.json ? LogFormat.json : LogFormat.text),
  };
}
