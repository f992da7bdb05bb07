/** The sandbox's public types. */
import type { FastifyInstance } from 'fastify';
import type { FaultController } from './pipeline/faults.ts';
import type { Store } from './store/store.ts';

export interface SandboxOptions {
  /** File that keeps the store across restarts (`--state`). Read at start, written after changes. */
  state?: string;
  /** `/authorize` approves at once, without the consent page (headless sign-in). @default false */
  autoApprove?: boolean;
  /** Lifetime of issued access tokens. @default 3600 */
  accessTokenTtlSeconds?: number;
  /** Lifetime of issued refresh tokens. @default 30 days */
  refreshTokenTtlSeconds?: number;
  /** Seeds IDs and fault draws, so a run is reproducible. @default 1 */
  seed?: number;
  /** Latency added to every `/v1` request. @default 0 */
  latencyMs?: number;
  /** bcrypt cost for stored secrets. @default 10 */
  bcryptCost?: number;
  /** Lifetime of signed day-sheet and download URLs. @default 300 */
  signedUrlTtlSeconds?: number;
  /** Lifetime of upload tickets. @default 900 */
  uploadTicketTtlSeconds?: number;
  /** Lifetime of authorization codes. @default 300 */
  authCodeTtlSeconds?: number;
  /** Response size at which paged reads are cut short (`truncated: true`). @default 6 MB */
  responseCeilingBytes?: number;
  /**
   * Checks every `/v1` answer's `data` against the contract's schema of its endpoint
   * (`api/contract/`) and answers 500 INTERNAL_ERROR naming the field when it does not fit:
   * the tests' way of keeping the sandbox's responses in the contract's shape. @default false
   */
  checkResponses?: boolean;
  /**
   * Secrets the user kept from an earlier run with the same `state`: reused when they still
   * match the stored hashes; otherwise the seeded credentials get new secrets.
   */
  knownSecrets?: { full?: string; limited?: string };
}

/** Where `startSandbox` listens. */
export interface ListenOptions {
  /** @default '127.0.0.1' */
  host?: string;
  /** API port; 0 picks a free one. @default 0 */
  port?: number;
  /** OAuth portal port; 0 picks a free one. @default 0 */
  authPort?: number;
}

/** Ready-to-use credentials printed by `tourflow sandbox`. */
export interface SandboxCredentials {
  baseUrl: string;
  authUrl: string;
  /** Full credential: all 14 scopes. */
  apiKey: string;
  apiSecret: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  /** Registered redirect URI; any port on this loopback host is accepted (RFC 8252). */
  redirectUri: string;
  /** Granted scopes, with the `service-api/` prefix. */
  scopes: string[];
  /** The main seeded organization (subscribed). */
  orgId: string;
  userId: string;
  userEmail: string;
  /** Read scopes only. */
  limited: { apiKey: string; apiSecret: string; accessToken: string; refreshToken: string; scopes: string[] };
  /** Organizations for the subscription and free-tour rules. */
  orgs: { subscribed: string; noSubscription: string; freeLimitReached: string; trial: string; unlimitedFree: string };
}

/** Plain JSON of the store: table name → rows. */
export type StoreSnapshot = Record<string, unknown[]>;

export interface SnapshotOptions {
  /**
   * Live records only (soft-deleted rows and rows under a deleted parent dropped), no
   * timestamps, no tokens, codes, credentials or idempotency cache, stable order.
   */
  normalise?: boolean;
}

/** A built sandbox, not listening. */
export interface Sandbox {
  /** `{base_url}`: the `/v1` API and the `/__sandbox` admin routes. */
  api: FastifyInstance;
  /** `{auth_url}`: `/authorize` and `/api/oauth/token`. */
  portal: FastifyInstance;
  store: Store;
  faults: FaultController;
  /** Credentials for the given URLs (tokens issued now). */
  credentials(urls: { baseUrl: string; authUrl: string }): SandboxCredentials;
  snapshot(options?: SnapshotOptions): StoreSnapshot;
  expireAccessTokens(): void;
  /** Writes the state file (if any) and closes both apps. */
  close(): Promise<void>;
}

export interface RunningSandbox {
  /** e.g. 'http://127.0.0.1:41234' (without `/v1`). */
  baseUrl: string;
  authUrl: string;
  credentials: SandboxCredentials;
  faults: FaultController;
  snapshot(options?: SnapshotOptions): StoreSnapshot;
  /** Every issued access token expires now. */
  expireAccessTokens(): void;
  close(): Promise<void>;
  /** The sandbox behind the listeners (store, apps). */
  sandbox: Sandbox;
}
