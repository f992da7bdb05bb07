/**
 * Idempotency keys, derived from the key seed (the workflow ID), the step ID and the item
 * key: the same on every attempt, replay, worker crash and reset, never random.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** The API accepts keys of at most this many characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;
/** Room left for the `:n` suffix an activity appends for its n-th write. */
const SUFFIX_ROOM = 8;

/** The idempotency key prefix of one step call. */
export function idempotencyKey(seed: string, stepId: string, itemKey: string | null): string {
  const full = itemKey === null ? `${seed}/${stepId}` : `${seed}/${stepId}/${itemKey}`;
  if (full.length <= MAX_IDEMPOTENCY_KEY_LENGTH - SUFFIX_ROOM) return full;
  // Too long: keep a readable head and make it unique with a hash of the whole.
  const digest = bytesToHex(sha256(utf8ToBytes(full)));
  return `${full.slice(0, MAX_IDEMPOTENCY_KEY_LENGTH - SUFFIX_ROOM - digest.length - 1)}~${digest}`;
}
