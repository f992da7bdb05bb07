/**
 * The shape of tourflow's configuration, as `loadConfig` (worker/config.ts) returns it, and where
 * each setting came from. worker/config.ts re-exports all of it: import from there.
 */
import type { TLSConfig } from '@temporalio/client';
import type { EncryptionConfig } from './encryption-config.ts';
import type { Webhooks } from './webhooks.ts';

/** Where a setting came from, for messages that say what to change. */
export const ConfigSource = {
  option: 'option',
  environment: 'environment',
  profile: 'profile',
  dev: 'dev',
  default: 'default',
} as const;
export type ConfigSource = (typeof ConfigSource)[keyof typeof ConfigSource];

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
