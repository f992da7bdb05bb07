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
import {
  ConfigSource,
  LogFormat,
  type ApiConfig,
  type Config,
  type ConfigOverrides,
  type LoadConfigOptions,
  type TemporalConfig,
} from './config-types.ts';
import { findDevState, readDevCredentials, type FoundDevState } from './dev-state.ts';
import { encryptionConfig } from './encryption-config.ts';
import { WebhookConfigError, webhooksFrom, type Webhooks } from './webhooks.ts';

export type { EncryptionConfig } from './encryption-config.ts';
export {
  ConfigSource,
  LogFormat,
  type ApiConfig,
  type CodecServerConfig,
  type Config,
  type ConfigOverrides,
  type LoadConfigOptions,
  type TemporalConfig,
  type WorkerTuning,
} from './config-types.ts';

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
    return loadClientConnectConfig({
      overrideEnvVars: vars,
      ...(env.TEMPORAL_PROFILE ? { profile: env.TEMPORAL_PROFILE } : {}),
    });
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

function temporalConfig(
  env: NodeJS.ProcessEnv,
  o: ConfigOverrides,
  profile: ClientConnectConfig,
  dev: FoundDevState | undefined,
): TemporalConfig {
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
    encryption: encryptionConfig(
      env,
      o.temporal?.encryption ?? {},
      fromDev,
      path.join(configHome(env), 'tourflow', 'local-key.json'),
    ),
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
      tokens:
        (o.codecServer?.tokens as string[] | undefined) ??
        (env.TOURFLOW_CODEC_TOKEN ?? '')
          .split(',')
          .map((token) => token.trim())
          .filter(Boolean),
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
    logFormat:
      o.logFormat ?? (env.TOURFLOW_LOG_FORMAT?.toLowerCase() === LogFormat.json ? LogFormat.json : LogFormat.text),
  };
}
