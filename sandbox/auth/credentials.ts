/**
 * Partner credentials: an API key, a secret stored only as a bcrypt hash, granted scopes and the
 * registered redirect URIs. Verifying a secret costs one bcrypt comparison per (key, secret)
 * pair; the verdict is then remembered under a SHA-256 of the presented secret, so the request
 * path stays cheap without ever keeping the secret itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { CredentialRecord } from '../store/auth-records.ts';
import type { Store } from '../store/store.ts';

/** Options of a new partner credential. */
export interface NewCredential {
  label: string;
  scopes: readonly string[];
  redirectUris: readonly string[];
  /** Use this secret instead of a random one (a secret the user kept from an earlier run). */
  secret?: string;
  revoked?: boolean;
  expiresAt?: string | null;
}

/** A credential as shown once to its owner. */
export interface IssuedCredential {
  apiKey: string;
  apiSecret: string;
}

/** Default bcrypt cost; the real portal's exact cost is not shown. */
export const DEFAULT_BCRYPT_COST = 10;

/** Creates and stores a credential; the returned secret is not kept anywhere. Hashing blocks briefly. */
export function createCredential(store: Store, input: NewCredential, bcryptCost: number): IssuedCredential {
  const apiKey = `tfk_${randomBytes(12).toString('hex')}`;
  const apiSecret = input.secret ?? `tfs_${randomBytes(24).toString('base64url')}`;
  const record: CredentialRecord = {
    id: apiKey,
    label: input.label,
    secretHash: bcrypt.hashSync(apiSecret, bcryptCost),
    scopes: [...input.scopes],
    redirectUris: [...input.redirectUris],
    revoked: input.revoked ?? false,
    expiresAt: input.expiresAt ?? null,
    createdAt: new Date().toISOString(),
  };
  store.credentials.put(record);
  return { apiKey, apiSecret };
}

/** Replaces a credential's secret (the portal's "rotate"); the old secret stops working. */
export function rotateSecret(store: Store, apiKey: string, bcryptCost: number, secret?: string): string {
  const record = store.credentials.get(apiKey);
  if (!record) throw new Error(`no credential ${apiKey}`);
  const apiSecret = secret ?? `tfs_${randomBytes(24).toString('base64url')}`;
  record.secretHash = bcrypt.hashSync(apiSecret, bcryptCost);
  return apiSecret;
}

/** Whether a credential is usable right now (not revoked, not past its expiry). */
export function isCredentialActive(record: CredentialRecord, now = Date.now()): boolean {
  return !record.revoked && (record.expiresAt === null || Date.parse(record.expiresAt) > now);
}

const MAX_VERDICTS = 10_000;

/**
 * Checks presented secrets against bcrypt hashes, remembering each verdict. The memo key holds
 * the stored hash, so a rotated secret never matches an old verdict.
 */
export class SecretVerifier {
  private readonly verdicts = new Map<string, Promise<boolean>>();

  /** Resolves true when `secret` matches the credential's hash. */
  verify(record: CredentialRecord, secret: string): Promise<boolean> {
    const digest = createHash('sha256').update(secret).digest('base64');
    const memoKey = `${record.id}\u0000${record.secretHash}\u0000${digest}`;
    let verdict = this.verdicts.get(memoKey);
    if (!verdict) {
      // a flood of wrong secrets must not grow the memo without bound
      if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
      verdict = bcrypt.compare(secret, record.secretHash);
      this.verdicts.set(memoKey, verdict);
    }
    return verdict;
  }
}
