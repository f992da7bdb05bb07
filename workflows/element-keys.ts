/**
 * The item keys of a `forEach` step's elements (`itemKey` in keys.ts): every element's key
 * expression evaluated and checked before any call, each digest made when its element's batch
 * is scheduled (a list of several rounds of batches keys the later rounds' elements while the
 * first round's calls run). Each element is digested once: an element keyed by its whole
 * content takes its content digest (`retry.ts`) from the same digest. */
import type { JsonValue, PlanStep } from '../definitions/plan-types.ts';
import type { ExpressionScope } from '../definitions/expressions.ts';
import { FailureType } from '../definitions/failure-types.ts';
import { itemIdentity, itemKey } from './keys.ts';
import { PlanEvaluationError, evaluateAt } from './plan-errors.ts';
import { contentDigest, contentDigestOfKey } from './retry.ts';

export class ElementKeys {
  /** Each element's identity (what its key expression gave, as text) until it is keyed. */
  private readonly identities: (string | undefined)[] = [];
  /** Elements whose key expression gave the element itself: its identity is its content. */
  private readonly whole: boolean[] = [];
  private readonly keys: (string | undefined)[];
  private digests: Record<string, string> | undefined;

  /**
   * Evaluates every element's key expression (its position without one) and checks that no two
   * elements share an identity, before any call: two that would share a key fail the step,
   * named by position and by the key expression, never by their values. Equal identities are
   * exactly equal keys (a key is a digest of its identity). Without a promise per element
   * (every promise in workflow code costs a stack capture).
   */
  constructor(
    step: PlanStep,
    private readonly items: readonly unknown[],
    scopeOf: (index: number) => ExpressionScope,
    label: (index: number) => string,
  ) {
    const forEach = step.forEach!;
    const place = { step, field: 'forEach.key' };
    this.keys = new Array<string | undefined>(items.length);
    for (const index of items.keys()) {
      if (!forEach.key) {
        this.identities.push(String(index));
        continue;
      }
      const value = evaluateAt(place, forEach.key, scopeOf(index));
      this.identities.push(itemIdentity(value));
      this.whole.push(value === items[index]);
    }
    const seen = new Map<string, number>();
    for (const [index, identity] of this.identities.entries()) {
      const first = seen.get(identity!);
      if (first !== undefined)
        throw new PlanEvaluationError(
          FailureType.FOREACH_DUPLICATE_KEY,
          place,
          forEach.key ?? '',
          `${label(first)} and ${label(index)} have the same value, so the API would answer the second ` +
            "element's call with the first one's record; give the step a key that tells every element apart, such as the " +
            `whole element: key: \${{ ${forEach.as} }}`,
        );
      seen.set(identity!, index);
    }
  }

  /** The item key of the element at `index`, digested the first time it is asked for. */
  of(index: number): string {
    let key = this.keys[index];
    if (key !== undefined) return key;
    key = this.keys[index] = itemKey(this.identities[index]!);
    this.identities[index] = undefined;
    if (this.digests) this.digests[key] = this.digest(index);
    return key;
  }

  /** Every element's item key, by position (the list itself: a change to it changes the keys). */
  everyKey(): string[] {
    for (const index of this.items.keys()) this.of(index);
    return this.keys as string[];
  }

  /** The elements' positions. */
  indices(): number[] {
    return [...this.items.keys()];
  }

  /** Whether the element at `index` is in `done`: an element not keyed yet is not (nor is any, before one is). */
  isDone(index: number, done: Record<string, JsonValue>): boolean {
    const key = this.keys[index];
    return key !== undefined && key in done;
  }

  /** The content digest of the element at `index` (`contentDigest`), once it is keyed. */
  digest(index: number): string {
    return this.whole[index] ? contentDigestOfKey(this.of(index)) : contentDigest(this.items[index] as JsonValue);
  }

  /** From now on, records each element's content digest in `digests` as it is keyed. */
  recordDigests(digests: Record<string, string>): void {
    this.digests = digests;
  }
}
