/**
 * `X-Idempotency-Key`: the API runs a write at most once per key and answers a repeat with the
 * first result. The workflow builds the key (workflow ID, step ID, item key) before the first
 * attempt; the client sends it unchanged, or, when it is too long or holds characters a header
 * cannot carry, a deterministic digest of it, so every attempt still sends the same key.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../contract/assumptions.ts';
import { invalidRequest } from './errors.ts';

// Printable ASCII without surrounding spaces; a CR or LF would split the header.
const HEADER_SAFE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;
const DIGEST_LENGTH = 64;

/**
 * The key to send: `key` itself when the API accepts it, else a readable prefix of it plus its
 * SHA-256 (128 characters at most, the same for the same input).
 */
export function normalizeIdempotencyKey(key: string): string {
  if (key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && HEADER_SAFE.test(key)) return key;
  const digest = createHash('sha256').update(key, 'utf8').digest('hex');
  const prefix = key.replace(/[^\x21-\x7e]/g, '_').slice(0, IDEMPOTENCY_KEY_MAX_LENGTH - DIGEST_LENGTH - 1);
  return `${prefix}~${digest}`;
}

/**
 * The key for one call of `method` on `endpoint`, or `undefined` when none is given. POSTs must
 * carry one: without it a retried POST creates a duplicate record.
 */
export function checkIdempotencyKey(endpoint: string, method: string, key: string | undefined): string | undefined {
  if (key === undefined || key === '') {
    if (method === 'POST') {
      throw invalidRequest(
        endpoint,
        'a POST needs an idempotency key (workflow ID, step ID and item key), so a retry cannot write twice',
      );
    }
    return undefined;
  }
  return normalizeIdempotencyKey(key);
}
