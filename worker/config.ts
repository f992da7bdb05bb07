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

export interface TemporalConfig {
  /** @default '127.0.0.1:7233' */
  address: string;
  /** @default 'default' */
  namespace: string;
  /** @default 'tourflow' */
  taskQueue: string;
  /** Temporal Cloud API key (`TEMPORAL_API_KEY`). */
  apiKey: string | undefined;
  tls: { enabled: boolean; certPath?: string; keyPath?: string; caPath?: string; serverName?: string } | undefined;
  /** Base URL of the Temporal Web UI, for links printed by the CLI. @default 'http://localhost:8233' */
  uiUrl: string;
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
}

export interface WorkerTuning {
  /** @default 100 */
  maxConcurrentActivityTaskExecutions: number;
  /** @default 40 */
  maxConcurrentWorkflowTaskExecutions: number;
}

export interface Config {
  temporal: TemporalConfig;
  api: ApiConfig;
  worker: WorkerTuning;
  /** Folder that rendered day sheets are saved under. @default ./day-sheets */
  outputDir: string;
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

function tlsFrom(env: NodeJS.ProcessEnv, apiKey: string | undefined): TemporalConfig['tls'] {
  const certPath = env.TEMPORAL_TLS_CLIENT_CERT_PATH ?? env.TEMPORAL_TLS_CERT;
  const keyPath = env.TEMPORAL_TLS_CLIENT_KEY_PATH ?? env.TEMPORAL_TLS_KEY;
  const caPath = env.TEMPORAL_TLS_SERVER_CA_CERT_PATH ?? env.TEMPORAL_TLS_CA;
  const explicit = env.TEMPORAL_TLS;
  const enabled = explicit ? explicit === 'true' || explicit === '1' : Boolean(certPath || apiKey);
  if (!enabled) return undefined;
  return { enabled, certPath, keyPath, caPath, serverName: env.TEMPORAL_TLS_SERVER_NAME };
}

/** Reads tourflow's configuration. */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const o = options.overrides ?? {};
  const temporalApiKey = o.temporal?.apiKey ?? env.TEMPORAL_API_KEY;
  return {
    temporal: {
      address: o.temporal?.address ?? env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
      namespace: o.temporal?.namespace ?? env.TEMPORAL_NAMESPACE ?? 'default',
      taskQueue: o.temporal?.taskQueue ?? env.TOURFLOW_TASK_QUEUE ?? 'tourflow',
      apiKey: temporalApiKey,
      tls: (o.temporal?.tls as TemporalConfig['tls']) ?? tlsFrom(env, temporalApiKey),
      uiUrl: o.temporal?.uiUrl ?? env.TOURFLOW_UI_URL ?? 'http://localhost:8233',
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
    },
    worker: {
      maxConcurrentActivityTaskExecutions:
        o.worker?.maxConcurrentActivityTaskExecutions ?? intFrom(env.TOURFLOW_MAX_CONCURRENT_ACTIVITIES, 100),
      maxConcurrentWorkflowTaskExecutions:
        o.worker?.maxConcurrentWorkflowTaskExecutions ?? intFrom(env.TOURFLOW_MAX_CONCURRENT_WORKFLOW_TASKS, 40),
    },
    outputDir: o.outputDir ?? env.TOURFLOW_OUTPUT_DIR ?? path.resolve('day-sheets'),
  };
}
