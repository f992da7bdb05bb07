/**
 * Idempotency keys, derived from the key seed (the workflow ID), the step ID and the element's
 * identity: the same on every attempt, replay, worker crash, reset and continuation, never
 * random. The API compares keys ignoring case and sees them in a header, so a key carries no
 * element data: its last part is a lowercase hex digest.
 */
import { createHash } from 'sha256-uint8array';
import type { JsonValue } from '../definitions/plan-types.ts';

/** The API accepts keys of at most this many characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;
/** Room left for the `:n` suffix an activity appends for its n-th write (`:` and up to 7 digits). */
export const SUFFIX_ROOM = 8;
/** Hex digits of an element's digest: 128 bits, beyond any chance of two elements sharing one. */
const ITEM_DIGEST_LENGTH = 32;
/** Hex digits of a key prefix's digest: 64 bits, to tell apart seeds or step IDs equal but for case. */
const PREFIX_DIGEST_LENGTH = 16;

/**
 * The first `length` lowercase hex digits of the SHA-256 of `text` (UTF-8): every digest of
 * workflow code, one or two per `forEach` element. The hash reads the string's characters, with
 * no byte array made for it.
 */
export function digest(text: string, length: number): string {
  // a lone surrogate is hashed as U+FFFD, as TextEncoder encodes it (the hash would skip it)
  return createHash()
    .update(text.isWellFormed() ? text : text.toWellFormed())
    .digest('hex')
    .slice(0, length);
}

/**
 * The part of a step's idempotency keys that all its calls share: `<seed>/<stepId>/<digest>`,
 * the digest of the exact seed and step ID, so two runs or steps whose names the API would take
 * for one (equal but for case, or cut short) still get keys of their own. A long seed and step
 * ID are cut to leave room for an item key and the `:n` suffix.
 */
function keyPrefix(seed: string, stepId: string): string {
  const tail = `/${digest(JSON.stringify([seed, stepId]), PREFIX_DIGEST_LENGTH)}`;
  const room = MAX_IDEMPOTENCY_KEY_LENGTH - SUFFIX_ROOM - (ITEM_DIGEST_LENGTH + 1) - tail.length;
  return `${seed}/${stepId}`.slice(0, room) + tail;
}

/** The idempotency keys of one run's calls, from its key seed; each step's prefix is made once. */
export class RunKeys {
  private readonly prefixes = new Map<string, string>();

  constructor(readonly seed: string) {}

  /**
   * The key of one call: its step's prefix, plus `/<itemKey>` for an element of a `forEach`
   * (an item key from `itemKeys`: lowercase hex, 32 characters) or an undo (`i.j`, its place in
   * the saga, never a digest, so apart from the keys of a step named `undo`).
   */
  of(stepId: string, itemKey: string | null): string {
    let prefix = this.prefixes.get(stepId);
    if (prefix === undefined) this.prefixes.set(stepId, (prefix = keyPrefix(this.seed, stepId)));
    return itemKey === null ? prefix : `${prefix}/${itemKey}`;
  }
}

/** A JSON value as text, object keys sorted: equal values give equal text. */
function canonical(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const fields = Object.keys(value).sort();
  return `{${fields.map((field) => `${JSON.stringify(field)}:${canonical(value[field]!)}`).join(',')}}`;
}

/** What a `forEach` element's key expression gave, as text: a string as it is, anything else as canonical JSON. */
export function itemIdentity(value: JsonValue): string {
  return typeof value === 'string' ? value : canonical(value);
}

/**
 * The item key of one element from its identity (`itemIdentity`): the first 32 lowercase hex
 * digits of the SHA-256 of that text.
 */
export function itemKey(identity: string): string {
  return digest(identity, ITEM_DIGEST_LENGTH);
}

/** Two elements that would share an idempotency key, by position. */
export interface KeyCollision {
  first: number;
  second: number;
}

/**
 * The item keys of a list's elements from their identities (`itemIdentity`): a lowercase hex
 * digest each, so no element data reaches a key, a summary or the carried state, and
 * identities that differ only in case get keys the API tells apart. Two elements with the same
 * key (the same identity) would be one call to the API: the first such pair is returned
 * instead, by position.
 */
export function itemKeys(identities: readonly string[]): { keys: string[] } | { collision: KeyCollision } {
  const keys: string[] = [];
  const seen = new Map<string, number>();
  for (const [index, identity] of identities.entries()) {
    const key = itemKey(identity);
    const first = seen.get(key);
    if (first !== undefined) return { collision: { first, second: index } };
    seen.set(key, index);
    keys.push(key);
  }
  return { keys };
}
