/**
 * The one place that reads configuration. Precedence: explicit option > environment > default.
 * Nothing else in tourflow reads `process.env`.
 *
 * Temporal settings follow the Temporal CLI's conventions (`TEMPORAL_ADDRESS`,
 * `TEMPORAL_NAMESPACE`, `TEMPORAL_API_KEY`, `TEMPORAL_TLS*`), so one worker runs against a
 * dev server, a self-hosted cluster or Temporal Cloud.
 */
import os from 'node:os';
import path from 'node:path';
import { loadClientConnectConfig } from '@temporalio/envconfig';
import type { ClientConnectConfig } from '@temporalio/envconfig';
import type { TLSConfig } from '@temporalio/client';

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
  /** Base URL of the Temporal Web UI, for links printed by the CLI. @default 'http://localhost:8233' */
  uiUrl: string;
  /** How payloads are encrypted before they reach Temporal (worker/key-config.ts). */
  encryption: EncryptionConfig;
}

/**
 * Payload encryption keys. With none configured, a Temporal on this machine uses the local key
 * `tourflow dev` creates; any other Temporal needs a key, or `off` said explicitly.
 */
export interface EncryptionConfig {
  /** A key file (`TOURFLOW_ENCRYPTION_KEY_FILE`), as worker/key-file.ts describes it. */
  keyFile: string | undefined;
  /** Keys as `id:base64key` pairs separated by commas (`TOURFLOW_ENCRYPTION_KEYS`); the first is active. */
  keys: string | undefined;
  /** The ID of the key that encrypts new payloads (`TOURFLOW_ENCRYPTION_ACTIVE_KEY`). @default the key file's `active`, or the first of `keys` */
  activeKey: string | undefined;
  /** Store payloads unencrypted (`--no-encryption`, `TOURFLOW_ENCRYPTION=off`). @default false */
  off: boolean;
  /** The key `tourflow dev` creates. @default `$XDG_CONFIG_HOME/tourflow/local-key.json` */
  localKeyFile: string;
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
  /** Worker log level: TRACE, DEBUG, INFO, WARN or ERROR (`TOURFLOW_LOG_LEVEL`). @default 'INFO' */
  logLevel: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
}

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
  } catch {
    // No config file (the usual case on a developer machine): environment variables only.
    return loadClientConnectConfig({ overrideEnvVars: vars, disableFile: true });
  }
}

const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

function logLevelFrom(value: string | undefined): Config['logLevel'] {
  const upper = value?.toUpperCase();
  return LOG_LEVELS.find((level) => level === upper) ?? 'INFO';
}

function encryptionConfig(env: NodeJS.ProcessEnv, o: DeepPartial<EncryptionConfig>): EncryptionConfig {
  return {
    keyFile: o.keyFile ?? (env.TOURFLOW_ENCRYPTION_KEY_FILE || undefined),
    keys: o.keys ?? (env.TOURFLOW_ENCRYPTION_KEYS || undefined),
    activeKey: o.activeKey ?? (env.TOURFLOW_ENCRYPTION_ACTIVE_KEY || undefined),
    off: o.off ?? env.TOURFLOW_ENCRYPTION?.toLowerCase() === 'off',
    localKeyFile: o.localKeyFile ?? path.join(configHome(env), 'tourflow', 'local-key.json'),
  };
}

/** Reads tourflow's configuration. */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const o = options.overrides ?? {};
  const profile = temporalProfile(env);
  const connection = profile.connectionOptions;
  return {
    temporal: {
      address: o.temporal?.address ?? connection.address ?? '127.0.0.1:7233',
      namespace: o.temporal?.namespace ?? profile.namespace ?? 'default',
      taskQueue: o.temporal?.taskQueue ?? env.TOURFLOW_TASK_QUEUE ?? 'tourflow',
      tls: (o.temporal?.tls as TemporalConfig['tls']) ?? connection.tls ?? undefined,
      apiKey: o.temporal?.apiKey ?? (typeof connection.apiKey === 'string' ? connection.apiKey : undefined),
      metadata: connection.metadata as Record<string, string> | undefined,
      uiUrl: o.temporal?.uiUrl ?? env.TOURFLOW_UI_URL ?? 'http://localhost:8233',
      encryption: encryptionConfig(env, o.temporal?.encryption ?? {}),
    },
    codecServer: {
      tokens: (o.codecServer?.tokens as string[] | undefined) ?? (env.TOURFLOW_CODEC_TOKEN ?? '').split(',').map((token) => token.trim()).filter(Boolean),
    },
    api: {
      baseUrl: o.api?.baseUrl ?? env.TOURFLOW_API_URL ?? 'http://127.0.0.1:4010',
      authUrl: o.api?.authUrl ?? env.TOURFLOW_AUTH_URL ?? 'http://127.0.0.1:4011',
      apiKey: o.api?.apiKey ?? env.TOURFLOW_API_KEY,
      apiSecret: o.api?.apiSecret ?? env.TOURFLOW_API_SECRET,
      accessToken: o.api?.accessToken ?? env.TOURFLOW_ACCESS_TOKEN,
      refreshToken: o.api?.refreshToken ?? env.TOURFLOW_REFRESH_TOKEN,
      tokenFile: o.api?.tokenFile ?? env.TOURFLOW_TOKEN_FILE ?? path.join(configHome(env), 'tourflow', 'tokens.json'),
      redirectUri: o.api?.redirectUri ?? env.TOURFLOW_REDIRECT_URI,
      defaultOrg: o.api?.defaultOrg ?? env.TOURFLOW_ORG,
    },
    worker: {
      maxConcurrentActivityTaskExecutions:
        o.worker?.maxConcurrentActivityTaskExecutions ?? intFrom(env.TOURFLOW_MAX_CONCURRENT_ACTIVITIES, 100),
      maxConcurrentWorkflowTaskExecutions:
        o.worker?.maxConcurrentWorkflowTaskExecutions ?? intFrom(env.TOURFLOW_MAX_CONCURRENT_WORKFLOW_TASKS, 40),
      workflowBundlePath: o.worker?.workflowBundlePath ?? env.TOURFLOW_WORKFLOW_BUNDLE,
      stickyQueueTimeout: o.worker?.stickyQueueTimeout ?? env.TOURFLOW_STICKY_QUEUE_TIMEOUT ?? '10s',
    },
    outputDir: o.outputDir ?? env.TOURFLOW_OUTPUT_DIR ?? path.resolve('day-sheets'),
    logLevel: o.logLevel ?? logLevelFrom(env.TOURFLOW_LOG_LEVEL),
  };
}
