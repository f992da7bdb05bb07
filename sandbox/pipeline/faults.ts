/**
 * Fault injection, switchable while the sandbox runs. Rules are checked in order for every
 * `/v1` request; a rule applies when its `match` fits, its `rate` draw succeeds and it still has
 * `times` left (then that count goes down; at zero the rule is gone).
 *
 * A `rate` draw is a function of the sandbox's seed, the rule, the request (method, URL and
 * idempotency key) and how many times the rule saw that request before: the same seed hits
 * the same requests whatever order concurrent clients send them in, and a repeated request
 * draws afresh, each time with the rule's probability.
 */
import { z } from 'zod';
import { toUnit, xorshift32 } from '../random.ts';

/** What a rule does. */
export const FaultKind = { latency: 'latency', status: 'status', dropAfterCommit: 'dropAfterCommit' } as const;
export type FaultKind = (typeof FaultKind)[keyof typeof FaultKind];

const faultMatch = z.strictObject({
  /** HTTP method, case-insensitive. */
  method: z.string().min(1).max(10).optional(),
  /** Regular expression tested against the path (without the query string). */
  path: z
    .string()
    .max(500)
    .refine((source) => {
      try {
        new RegExp(source);
        return true;
      } catch {
        return false;
      }
    }, 'not a valid regular expression')
    .optional(),
});

const common = {
  id: z.string().min(1).max(100).optional(),
  match: faultMatch.optional(),
  /** Probability in [0, 1] that a matching request is hit. @default 1 */
  rate: z.number().min(0).max(1).optional(),
  /** Applies to the next N hits, then expires. @default unlimited */
  times: z.number().int().positive().optional(),
};

/** A fault rule, as accepted by `faults.add()` and `PUT /__sandbox/faults`. */
export const faultRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...common, kind: z.literal(FaultKind.latency), ms: z.number().int().min(0).max(120_000) }),
  z.strictObject({
    ...common,
    kind: z.literal(FaultKind.status),
    status: z.union([z.literal(500), z.literal(502), z.literal(429), z.literal(409)]),
    /** `Retry-After` seconds on a 429. @default 1 */
    retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  }),
  z.strictObject({ ...common, kind: z.literal(FaultKind.dropAfterCommit) }),
]);
export type FaultRule = z.infer<typeof faultRuleSchema>;

/** The rule as stored: with its ID and remaining count. */
export type ActiveFault = FaultRule & { id: string };

/** What the matching rules decided for one request. */
export interface FaultVerdict {
  latencyMs: number;
  status: { status: 500 | 502 | 429 | 409; retryAfterSeconds: number } | null;
  drop: boolean;
}

/** In-process control of fault injection (the admin routes call the same methods). */
export interface FaultController {
  /** Adds a rule; returns its ID. Throws on an invalid rule. */
  add(rule: FaultRule): string;
  /** Replaces every rule. */
  set(rules: FaultRule[]): void;
  /** Removes one rule; false when there was none with that ID. */
  remove(id: string): boolean;
  /** Removes every rule. */
  clear(): void;
  list(): ActiveFault[];
}

/** Distinct requests a rule counts before it forgets them all (a long-running sandbox). */
const MAX_COUNTED_REQUESTS = 100_000;

/** FNV-1a of `text`, then a few xorshift rounds so that neighbouring inputs spread. */
function hash32(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return xorshift32(xorshift32(xorshift32(h)));
}

interface RuleEntry {
  rule: ActiveFault;
  path: RegExp | null;
  /** How many times the rule saw each request, for its `rate` draws. */
  seen: Map<string, number>;
}

/** Fault rules plus the seeded draw that decides `rate`. */
export class Faults implements FaultController {
  private rules: RuleEntry[] = [];
  private nextId = 1;
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = (seed ^ 0x9e3779b9) >>> 0 || 1;
  }

  add(rule: FaultRule): string {
    const parsed = faultRuleSchema.parse(rule);
    const id = parsed.id ?? `fault-${this.nextId++}`;
    this.rules.push({
      rule: { ...parsed, id },
      path: parsed.match?.path ? new RegExp(parsed.match.path) : null,
      seen: new Map(),
    });
    return id;
  }

  set(rules: FaultRule[]): void {
    const parsed = rules.map((rule) => faultRuleSchema.parse(rule));
    this.clear();
    for (const rule of parsed) this.add(rule);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((entry) => entry.rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): ActiveFault[] {
    return this.rules.map((entry) => ({ ...entry.rule }));
  }

  /**
   * Decides the faults for one request, consuming `times` of the rules that hit. `request` names
   * it for the `rate` draws (method, URL with its query, idempotency key); by default its
   * method and path.
   */
  evaluate(method: string, path: string, request = `${method} ${path}`): FaultVerdict {
    const verdict: FaultVerdict = { latencyMs: 0, status: null, drop: false };
    if (this.rules.length === 0) return verdict;
    for (const entry of [...this.rules]) {
      const { rule } = entry;
      if (rule.match?.method && rule.match.method.toUpperCase() !== method) continue;
      if (entry.path && !entry.path.test(path)) continue;
      if (rule.kind === FaultKind.status && verdict.status) continue;
      if (rule.rate !== undefined && this.draw(entry, request) >= rule.rate) continue;
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) this.remove(rule.id);
      }
      if (rule.kind === FaultKind.latency) verdict.latencyMs += rule.ms;
      else if (rule.kind === FaultKind.status)
        verdict.status = { status: rule.status, retryAfterSeconds: rule.retryAfterSeconds ?? 1 };
      else verdict.drop = true;
    }
    return verdict;
  }

  /** The draw of `request`'s next sighting by the rule of `entry`, in [0, 1). */
  private draw(entry: RuleEntry, request: string): number {
    if (entry.seen.size >= MAX_COUNTED_REQUESTS) entry.seen.clear();
    const sightings = entry.seen.get(request) ?? 0;
    entry.seen.set(request, sightings + 1);
    return toUnit(hash32(this.seed, `${entry.rule.id}\n${request}\n${sightings}`));
  }
}
