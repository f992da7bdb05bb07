/**
 * Builds and starts the sandbox: a stateful simulator of the Tour API (`{base_url}`) and its
 * OAuth portal (`{auth_url}`), each a fastify app on its own port.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import bcrypt from 'bcryptjs';
import { Paging, SCOPE_PREFIX } from '../api/contract/assumptions.ts';
import { DEFAULT_BCRYPT_COST, SecretVerifier, rotateSecret } from './auth/credentials.ts';
import { REFRESH_TOKEN_TTL_SECONDS, expireAllAccessTokens, issueTokens } from './auth/tokens.ts';
import type { ResolvedOptions, SandboxContext } from './context.ts';
import { createPortalApp } from './oauth/portal.ts';
import { createApiApp } from './pipeline/app.ts';
import { Faults } from './pipeline/faults.ts';
import { IdempotencyCache } from './pipeline/idempotency.ts';
import { registerRoutes } from './routes/index.ts';
import { StateWriter, readStateFile, writeStateFile } from './store/persistence.ts';
import { SEEDED_REDIRECT_URIS, seedStore, type SeededCredentials } from './store/seed.ts';
import { takeSnapshot } from './store/snapshot.ts';
import { Store, type SeedMeta } from './store/store.ts';
import type { ListenOptions, RunningSandbox, Sandbox, SandboxCredentials, SandboxOptions } from './types.ts';

function resolveOptions(options: SandboxOptions): ResolvedOptions {
  return {
    state: options.state,
    autoApprove: options.autoApprove ?? false,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS,
    seed: options.seed ?? 1,
    latencyMs: options.latencyMs ?? 0,
    bcryptCost: options.bcryptCost ?? DEFAULT_BCRYPT_COST,
    signedUrlTtlSeconds: options.signedUrlTtlSeconds ?? 300,
    uploadTicketTtlSeconds: options.uploadTicketTtlSeconds ?? 900,
    authCodeTtlSeconds: options.authCodeTtlSeconds ?? 300,
    responseCeilingBytes: options.responseCeilingBytes ?? Paging.maxResponseBytes,
    checkResponses: options.checkResponses ?? false,
  };
}

/** A kept secret is reused when it still matches; otherwise the credential is rotated. */
function recoverSecret(store: Store, apiKey: string, known: string | undefined, cost: number): string {
  const record = store.credentials.get(apiKey);
  if (known && record && bcrypt.compareSync(known, record.secretHash)) return known;
  return rotateSecret(store, apiKey, cost);
}

/** A fresh seeded store, or the one in the state file (secrets recovered or rotated). */
function openStore(
  options: ResolvedOptions,
  known: SandboxOptions['knownSecrets'] = {},
): { store: Store; secrets: SeededCredentials } {
  const state = options.state ? readStateFile(options.state) : undefined;
  if (state?.meta) {
    const store = Store.fromState(state);
    const meta = store.meta as SeedMeta;
    const full = {
      apiKey: meta.fullApiKey,
      apiSecret: recoverSecret(store, meta.fullApiKey, known.full, options.bcryptCost),
    };
    const limited = {
      apiKey: meta.limitedApiKey,
      apiSecret: recoverSecret(store, meta.limitedApiKey, known.limited, options.bcryptCost),
    };
    return { store, secrets: { full, limited } };
  }
  const store = new Store(options.seed, randomBytes(32).toString('base64url'));
  return { store, secrets: seedStore(store, options.bcryptCost) };
}

function buildCredentials(
  ctx: SandboxContext,
  secrets: SeededCredentials,
  urls: { baseUrl: string; authUrl: string },
): SandboxCredentials {
  const { store, options } = ctx;
  const meta = store.meta as SeedMeta;
  const scopesOf = (apiKey: string): string[] =>
    (store.credentials.get(apiKey)?.scopes ?? []).map((scope) => `${SCOPE_PREFIX}${scope}`);
  const full = issueTokens(
    store,
    { userId: meta.mainUserId, clientId: meta.fullApiKey, scopes: scopesOf(meta.fullApiKey) },
    options,
  );
  const limited = issueTokens(
    store,
    { userId: meta.mainUserId, clientId: meta.limitedApiKey, scopes: scopesOf(meta.limitedApiKey) },
    options,
  );
  ctx.changed();
  return {
    ...urls,
    apiKey: secrets.full.apiKey,
    apiSecret: secrets.full.apiSecret,
    accessToken: full.accessToken,
    refreshToken: full.refreshToken,
    expiresIn: full.expiresIn,
    redirectUri: SEEDED_REDIRECT_URIS[0],
    scopes: full.scopes,
    orgId: meta.orgs.subscribed,
    userId: meta.mainUserId,
    userEmail: store.users.get(meta.mainUserId)?.email ?? '',
    limited: {
      apiKey: secrets.limited.apiKey,
      apiSecret: secrets.limited.apiSecret,
      accessToken: limited.accessToken,
      refreshToken: limited.refreshToken,
      scopes: limited.scopes,
    },
    orgs: { ...meta.orgs },
  };
}

/** Builds the two apps and the store (seeded, or read from `options.state`); nothing listens yet. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const resolved = resolveOptions(options);
  const { store, secrets } = openStore(resolved, options.knownSecrets);
  const writer = resolved.state ? new StateWriter(resolved.state, () => store.toState()) : undefined;
  if (resolved.state) writeStateFile(resolved.state, store.toState());
  const faults = new Faults(resolved.seed);
  const ctx: SandboxContext = {
    store,
    options: resolved,
    faults,
    verifier: new SecretVerifier(),
    idempotency: new IdempotencyCache(store),
    changed: () => writer?.schedule(),
  };
  const { app: api, finish } = createApiApp(ctx);
  registerRoutes(api, ctx);
  finish();
  const portal = createPortalApp(ctx);
  return {
    api,
    portal,
    store,
    faults,
    credentials: (urls) => buildCredentials(ctx, secrets, urls),
    snapshot: (snapshotOptions = {}) => takeSnapshot(store, snapshotOptions.normalise === true),
    expireAccessTokens: () => {
      expireAllAccessTokens(store);
      ctx.changed();
    },
    close: async () => {
      await Promise.all([api.close(), portal.close()]);
      writer?.flush();
    },
  };
}

function urlOf(address: string | AddressInfo | null, host: string): string {
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Builds the sandbox and listens (port 0 by default: free ports). */
export async function startSandbox(options: SandboxOptions & ListenOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const host = options.host ?? '127.0.0.1';
  try {
    await sandbox.api.listen({ host, port: options.port ?? 0 });
    await sandbox.portal.listen({ host, port: options.authPort ?? 0 });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const baseUrl = urlOf(sandbox.api.server.address(), host);
  const authUrl = urlOf(sandbox.portal.server.address(), host);
  return {
    baseUrl,
    authUrl,
    credentials: sandbox.credentials({ baseUrl, authUrl }),
    faults: sandbox.faults,
    snapshot: sandbox.snapshot,
    expireAccessTokens: sandbox.expireAccessTokens,
    close: sandbox.close,
    sandbox,
  };
}
