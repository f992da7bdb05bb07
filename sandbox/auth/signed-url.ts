/**
 * Short-lived signed tokens for storage URLs (uploads, downloads, rendered day sheets): the
 * payload and its expiry, HMAC-signed with the store's key, so the URL itself carries all it
 * needs and nothing is recorded when one is handed out.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store.ts';

/** Signs `payload` for `ttlSeconds`; returns the token and its expiry. */
export function signToken(
  store: Store,
  payload: Record<string, unknown>,
  ttlSeconds: number,
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt.getTime() })).toString('base64url');
  const signature = createHmac('sha256', store.signingKey).update(`url.${body}`).digest('base64url');
  return { token: `${body}.${signature}`, expiresAt };
}

export type VerifiedToken<T> = { ok: true; payload: T } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a token's signature and expiry. */
export function verifyToken<T>(store: Store, token: string): VerifiedToken<T> {
  const [body, signature] = token.split('.');
  if (!body || !signature) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(createHmac('sha256', store.signingKey).update(`url.${body}`).digest('base64url'));
  const presented = Buffer.from(signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented))
    return { ok: false, reason: 'invalid' };
  let payload: T & { exp?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: unknown };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof payload.exp !== 'number' || payload.exp <= Date.now()) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
