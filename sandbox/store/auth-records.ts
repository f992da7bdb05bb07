/**
 * Records of the partner credentials, the OAuth portal and the idempotency cache. They live in the
 * store (so `--state` keeps them) but never appear in a normalised snapshot.
 */

export interface CredentialRecord {
  id: string;
  label: string;
  secretHash: string;
  scopes: string[];
  redirectUris: string[];
  revoked: boolean;
  expiresAt: string | null;
  createdAt: string;
}

export interface AccessTokenRecord {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

export interface RefreshTokenRecord {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

export interface AuthCodeRecord {
  id: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

/** A stored idempotent result, replayed byte for byte on a retry. */
export interface IdempotentResultRecord {
  id: string;
  statusCode: number;
  body: string;
  storedAt: number;
}
