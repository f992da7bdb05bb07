/** Builds the activities' dependencies (API client with credentials) from the configuration. */
import { createApiClient, type ApiClient } from './client/index.ts';
import type { Config } from '../worker/config.ts';

export interface ActivityDeps {
  client: ApiClient;
  outputDir: string;
  /** Folder \`file.upload\` reads files from. @default \`files\` in the working directory */
  inputDir?: string;
  /** Organization used when a playbook names none. */
  defaultOrg?: string;
  close?: () => Promise<void>;
}

/** The worker's activity dependencies: one API client (one keep-alive agent) per worker. */
export function depsFromConfig(config: Config): ActivityDeps {
  const client = createApiClient({ config: config.api, retry: false });
  return { client, outputDir: config.outputDir, inputDir: config.inputDir, defaultOrg: config.api.defaultOrg, close: () => client.close() };
}
