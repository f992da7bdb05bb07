/**
 * The one rule every name in a playbook is resolved by: a record named by its ID, or by its name
 * compared without case and surrounding or repeated spaces. Exactly one match is the record; more
 * than one fails the step listing the candidates with what tells them apart (ID, day, time...);
 * none fails it listing the nearest names. What a failure may show is the caller's choice
 * (`Candidate.shown`): guest list entries never show a name.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { editDistance } from '../../definitions/suggest.ts';
import { plural, thereAre } from '../../definitions/plural.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** One record a name may mean. */
export interface Candidate<T> {
  record: T;
  id: number | string;
  /** The name the record answers to; `null` when it has none. */
  name: string | null;
  /** Other names it answers to (a person's e-mail besides their name). */
  aliases?: readonly string[];
  /** What tells it apart from records of the same name, e.g. `2027-03-27 17:00`. */
  detail?: string;
  /**
   * How a failure shows it. @default `name (ID id, detail)`; guest entries pass a text without
   * the guest's name.
   */
  shown?: string;
}

/** What is being looked for, for the failure text: `stay`, `"on tour Spring 2027"`. */
export interface PickContext {
  /** The kind of record, singular: `stay`, `schedule item`, `tour member or invitee`. */
  kind: string;
  /** The kind, plural. @default `kind` + `s` (`y` -> `ies`) */
  plural?: string;
  /** Where: `on tour Spring 2027`, `on 2027-03-27`. */
  where: string;
  /** Whether the name given may be repeated in a failure (not for guest names). @default true */
  echo?: boolean;
  /** Added when there are no records at all, e.g. how to create one. */
  hint?: string;
}

/** Most candidates or near names a failure lists. */
const LISTED = 8;

/** Case, surrounding and repeated spaces do not matter. */
export function foldName(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `12` or `"12"` as an ID; anything else is a name. */
function asId(ref: string | number): number | undefined {
  if (typeof ref === 'number') return ref;
  return /^\d+$/.test(ref.trim()) ? Number(ref.trim()) : undefined;
}

function shownOf<T>(candidate: Candidate<T>): string {
  if (candidate.shown !== undefined) return candidate.shown;
  const detail = candidate.detail ? `, ${candidate.detail}` : '';
  return `${candidate.name ?? '(no name)'} (ID ${candidate.id}${detail})`;
}

/**
 * The names nearest to `name`: those containing it or contained in it first, then by edit
 * distance, at most `count`, only plausible ones (within half the name's length).
 */
export function nearestNames(name: string, names: Iterable<string>, count = 3): string[] {
  const wanted = foldName(name);
  const scored: Array<{ name: string; score: number }> = [];
  const seen = new Set<string>();
  for (const candidate of names) {
    const folded = foldName(candidate);
    if (seen.has(folded)) continue;
    seen.add(folded);
    const contains = folded.includes(wanted) || wanted.includes(folded);
    const distance = editDistance(wanted, folded);
    if (contains || distance <= Math.max(2, Math.floor(wanted.length / 2)))
      scored.push({ name: candidate, score: contains ? -1 / (1 + distance) : distance });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((entry) => entry.name);
}

function listed(texts: readonly string[]): string {
  const shown = texts.slice(0, LISTED).join(', ');
  return texts.length > LISTED ? `${shown} and ${texts.length - LISTED} more` : shown;
}

/** The failure for a name (or ID) that matches no candidate. */
export function unknownName<T>(
  context: PickContext,
  ref: string | number,
  candidates: readonly Candidate<T>[],
): ApplicationFailure {
  const echo = context.echo !== false;
  const id = asId(ref);
  const what = id !== undefined ? `with ID ${id}` : echo ? `"${ref}"` : 'with the name given';
  let text = `No ${context.kind} ${what} ${context.where}`;
  if (candidates.length === 0) text += `; there are none${context.hint ? ` (${context.hint})` : ''}.`;
  else if (!echo) text += `; ${thereAre(candidates.length)} (${listed(candidates.map(shownOf))}).`;
  else {
    const names = candidates.flatMap((candidate) =>
      candidate.name ? [candidate.name, ...(candidate.aliases ?? [])] : [],
    );
    const near = id === undefined ? nearestNames(String(ref), names) : [];
    text +=
      near.length > 0
        ? `; nearest: ${near.map((n) => `"${n}"`).join(', ')}.`
        : `; there are: ${listed(candidates.map(shownOf))}.`;
  }
  return ApplicationFailure.nonRetryable(text, FailureType.UNKNOWN_NAME);
}

/** The failure for a name several candidates have. */
export function ambiguousName<T>(
  context: PickContext,
  ref: string | number,
  matches: readonly Candidate<T>[],
): ApplicationFailure {
  const what = context.echo === false ? 'the name given' : `"${ref}"`;
  return ApplicationFailure.nonRetryable(
    `${plural(matches.length, context.kind, context.plural)} ${context.where} match ${what}: ${listed(matches.map(shownOf))}; give the ID instead.`,
    FailureType.AMBIGUOUS_NAME,
  );
}

/** Every candidate a name or ID means (the ID first; a name by its name, then by its aliases). */
export function matchAll<T>(ref: string | number, candidates: readonly Candidate<T>[]): Candidate<T>[] {
  const id = asId(ref);
  // Bulletins have string IDs: an exact one counts as an ID too.
  const byId = candidates.filter(
    (candidate) =>
      (id !== undefined && candidate.id === id) ||
      (typeof candidate.id === 'string' && candidate.id === String(ref).trim()),
  );
  if (byId.length > 0 || typeof ref === 'number') return byId;
  const wanted = foldName(String(ref));
  const byName = candidates.filter((candidate) => candidate.name !== null && foldName(candidate.name) === wanted);
  if (byName.length > 0) return byName;
  return candidates.filter((candidate) => (candidate.aliases ?? []).some((alias) => foldName(alias) === wanted));
}

/** The one record `ref` means among `candidates`, or a step failure saying why there is none. */
export function pick<T>(context: PickContext, ref: string | number, candidates: readonly Candidate<T>[]): T {
  const matches = matchAll(ref, candidates);
  if (matches.length === 1) return matches[0]!.record;
  if (matches.length === 0) throw unknownName(context, ref, candidates);
  throw ambiguousName(context, ref, matches);
}
