/**
 * Starts one real Temporal dev server for the whole test run and hands its address to the
 * test files through `inject('temporalAddress')`.
 */
import { randomBytes } from 'node:crypto';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { payloadCodecs } from '../../worker/codec.ts';
import { keysFromList } from '../../worker/key-file.ts';
import { startDevServer, type DevServer } from '../../worker/dev-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    temporalNamespace: string;
    temporalUiUrl: string;
    /** The payload key of the run's stacks (`TOURFLOW_ENCRYPTION_KEYS`), new for each test run. */
    encryptionKeys: string;
  }
}

let server: DevServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Runs are encrypted as `tourflow dev` encrypts them; the Web UI reads them through its codec server.
  const encryptionKeys = `test-${randomBytes(3).toString('hex')}:${randomBytes(32).toString('base64')}`;
  server = await startDevServer({
    ui: true,
    uiCodec: true,
    uiCodecs: payloadCodecs(keysFromList(encryptionKeys, undefined)),
  });
  project.provide('encryptionKeys', encryptionKeys);
  project.provide('temporalAddress', server.address);
  project.provide('temporalNamespace', server.namespace);
  project.provide('temporalUiUrl', server.uiUrl ?? '');
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
