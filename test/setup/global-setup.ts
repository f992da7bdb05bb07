/**
 * Starts one real Temporal dev server for the whole test run and hands its address to the
 * test files through `inject('temporalAddress')`.
 */
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startDevServer, type DevServer } from '../../worker/dev-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    temporalNamespace: string;
    temporalUiUrl: string;
  }
}

let server: DevServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startDevServer({ ui: true, uiCodec: true });
  project.provide('temporalAddress', server.address);
  project.provide('temporalNamespace', server.namespace);
  project.provide('temporalUiUrl', server.uiUrl ?? '');
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
