/** Builds the activities' dependencies (API client with credentials) from the configuration. */
import type { MetricMeter } from '@temporalio/common';
import { createApiClient, type ApiClient } from '../api/client/index.ts';
import { createActivityObserver, type ActivityObserver } from './observe.ts';
import type { Config } from '../worker/config.ts';
import type { Webhooks } from '../worker/webhooks.ts';

export interface ActivityDeps {
  client: ApiClient;
  outputDir: string;
  /** Folder \`file.upload\` reads files from. @default \`files\` in the working directory */
  inputDir?: string;
  /** Organization used when a playbook names none. */
  defaultOrg?: string;
  /** Webhook URLs by name, for \`notify\` (worker/webhooks.ts). @default none */
  webhooks?: Webhooks;
  /** Where undo activities are counted (`activities/observe.ts`). @default not counted */
  observer?: ActivityObserver;
  close?: () => Promise<void>;
}

/**
 * The worker's activity dependencies: one API client (one keep-alive agent) per worker, whose
 * calls are counted on `meter` (the worker runtime's) and logged one line each at DEBUG (a
 * troubled one at WARN).
 */
export function depsFromConfig(config: Config, meter?: MetricMeter): ActivityDeps {
  const observer = createActivityObserver(meter, {
    logEveryCall: config.logLevel === 'DEBUG' || config.logLevel === 'TRACE',
  });
  const client = createApiClient({
    config: config.api,
    retry: false,
    onRequest: observer.onRequest,
    onRetry: observer.onRetry,
  });
  return {
    client,
    outputDir: config.outputDir,
    inputDir: config.inputDir,
    defaultOrg: config.api.defaultOrg,
    webhooks: config.webhooks,
    observer,
    close: async () => {
      observer.close();
      await client.close();
    },
  };
}
