/**
 * What every part of a running sandbox shares: the store, the resolved options, fault rules,
 * the secret verifier, and the hook that marks the store as changed (for `--state`).
 */
import type { SecretVerifier } from './auth/credentials.ts';
import type { Faults } from './pipeline/faults.ts';
import type { IdempotencyCache } from './pipeline/idempotency.ts';
import type { Store } from './store/store.ts';

/** Sandbox options with every default filled in. */
export interface ResolvedOptions {
  state: string | undefined;
  autoApprove: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  seed: number;
  latencyMs: number;
  bcryptCost: number;
  /** Lifetime of signed day-sheet and download URLs. */
  signedUrlTtlSeconds: number;
  /** Lifetime of upload tickets. */
  uploadTicketTtlSeconds: number;
  /** Lifetime of authorization codes (shown: 5 minutes). */
  authCodeTtlSeconds: number;
  /** Response size at which paged reads are cut short. */
  responseCeilingBytes: number;
  /** Answers 500 when a response's `data` does not fit the contract. */
  checkResponses: boolean;
}

export interface SandboxContext {
  store: Store;
  options: ResolvedOptions;
  faults: Faults;
  verifier: SecretVerifier;
  idempotency: IdempotencyCache;
  /** Called after every committed write. */
  changed(): void;
}
