/** The Tour API sandbox: a stateful simulator of the API and its OAuth portal. */
export { createSandbox, startSandbox } from './sandbox.ts';
export type {
  ListenOptions,
  RunningSandbox,
  Sandbox,
  SandboxCredentials,
  SandboxOptions,
  SnapshotOptions,
  StoreSnapshot,
} from './types.ts';
export type { ActiveFault, FaultController, FaultKind, FaultRule } from './pipeline/faults.ts';
export { ADMIN_PREFIX } from './routes/admin.ts';
export { sandboxApiConfig } from './api-config.ts';
export { StateFileError } from './store/persistence.ts';
