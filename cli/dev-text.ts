/** What `tourflow dev` prints once everything is up: where it runs, for people and for tools. */
import type { SandboxCredentials } from '../sandbox/index.ts';
import type { Config } from '../worker/config.ts';
import { exportLines, tourCurl } from './sandbox-credentials.ts';

export interface DevReady {
  config: Config;
  credentials: SandboxCredentials;
  stateFile: string;
  credentialsFile: string;
  /** Where the payload encryption keys come from (`KeyProvider.source`); undefined when payloads are stored unencrypted. */
  encryption: string | undefined;
}

/** The environment that points other tools at this dev: Temporal, the Web UI and the sandbox. */
export function devEnvironment({
  config,
  credentials: c,
}: Pick<DevReady, 'config' | 'credentials'>): Record<string, string | undefined> {
  return {
    TEMPORAL_ADDRESS: config.temporal.address,
    TEMPORAL_NAMESPACE: config.temporal.namespace,
    TOURFLOW_TASK_QUEUE: config.temporal.taskQueue,
    TOURFLOW_UI_URL: config.temporal.uiUrl,
    TOURFLOW_API_URL: c.baseUrl,
    TOURFLOW_AUTH_URL: c.authUrl,
    TOURFLOW_API_KEY: c.apiKey,
    TOURFLOW_API_SECRET: c.apiSecret,
    TOURFLOW_ACCESS_TOKEN: c.accessToken,
    TOURFLOW_REFRESH_TOKEN: c.refreshToken,
    TOURFLOW_ORG: c.orgId,
  };
}

/** The lines `dev` prints when it is ready. */
export function devReady(ready: DevReady): string[] {
  const { config, credentials: c } = ready;
  const { temporal } = config;
  return [
    `Temporal ${temporal.address} (namespace ${temporal.namespace}) · Web UI ${temporal.uiUrl ?? '(headless)'}`,
    `Tour API sandbox ${c.baseUrl} · OAuth portal ${c.authUrl}`,
    `worker ready on task queue ${temporal.taskQueue}${config.worker.metricsAddress ? ` · metrics http://${config.worker.metricsAddress}/metrics` : ''}`,
    ready.encryption
      ? `payloads encrypted with ${ready.encryption}`
      : 'payloads stored unencrypted (TOURFLOW_ENCRYPTION=off)',
    '',
    `tourflow commands in other terminals find this dev by themselves (${ready.stateFile}).`,
    'For the Temporal CLI and scripts:',
    ...exportLines(devEnvironment(ready)).map((line) => `  ${line}`),
    '',
    `Sandbox credentials: all ${c.scopes.length} scopes, user ${c.userEmail}; in the exports above and in ${ready.credentialsFile} (mode 0600).`,
    `The user token is valid ${Math.round(c.expiresIn / 3600)} h; TOURFLOW_REFRESH_TOKEN renews it.`,
    'Read a tour a playbook created (its tourId output):',
    `  ${tourCurl(c)}`,
    '',
  ];
}
