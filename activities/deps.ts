/** Builds the activities' dependencies (API client with credentials) from the configuration. */
import { createApiClient, tokenSourceFromConfig, type ApiClient } from './client/index.ts';
import type { Config } from '../worker/config.ts';

export interface ActivityDeps {
  client: ApiClient;
  outputDir: string;
  close?: () => Promise<void>;
}

/** The worker's activity dependencies: one API client (one keep-alive agent) per worker. */
export function depsFromConfig(config: Config): ActivityDeps {
  const client = createApiClient({ config: config.api, tokenSource: tokenSourceFromConfig(config.api), retry: false });
  return { client, outputDir: config.outputDir, close: () => client.close() };
}
