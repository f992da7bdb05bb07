/**
 * People of a tour named in a step: members (their user IDs) and pending invites (their invite
 * IDs), by full name or e-mail (`activities/names/people.ts`), for room occupants and
 * restricted visibility.
 */
import { visibilityFields, type Visibility } from '../../definitions/translate.ts';
import type { ActionContext } from '../action.ts';
import {
  ambiguousName,
  matchPerson,
  readTourPeople as readPeople,
  refText,
  type PersonRef,
  type TourPerson,
} from '../names/index.ts';

export type { PersonRef } from '../names/index.ts';

/** Who the people named are on the tour; anyone else is `skipped`, by name when given, else as named. */
export interface MatchedPeople {
  userIds: string[];
  inviteIds: number[];
  skipped: string[];
}

/** Reads the tour's members and pending invites once per activity (no action here changes them). */
export function readTourPeople(ctx: ActionContext, tourId: string): Promise<TourPerson[]> {
  return ctx.shared(`people:${tourId}`, () => readPeople(ctx, tourId));
}

/**
 * Matches people to tour members first, then to pending invites; duplicates count once. A name
 * two members share fails the step listing them; `membersOnly` leaves invitees out (skipped).
 */
export function matchPeople(
  people: readonly PersonRef[],
  tour: readonly TourPerson[],
  tourId: string,
  options: { membersOnly?: boolean } = {},
): MatchedPeople {
  const userIds = new Set<string>();
  const inviteIds = new Set<number>();
  const skipped: string[] = [];
  const candidates = options.membersOnly ? tour.filter((person) => person.kind === 'member') : tour;
  for (const ref of people) {
    const matches = matchPerson(candidates, ref);
    const [person] = matches;
    if (matches.length > 1) {
      throw ambiguousName(
        { kind: 'tour member', where: `on tour ${tourId}` },
        refText(ref),
        matches.map((m) => ({ record: m, id: m.id, name: m.name, detail: m.email ?? undefined })),
      );
    }
    // Rooms take invite IDs as numbers; an invite without a numeric ID cannot be sent.
    if (person?.kind === 'member') userIds.add(String(person.id));
    else if (person && Number.isInteger(Number(person.id))) inviteIds.add(Number(person.id));
    else skipped.push(typeof ref === 'string' ? ref : (ref.name ?? ref.email));
  }
  return { userIds: [...userIds], inviteIds: [...inviteIds], skipped };
}

/** A warning naming people left out (`"Not on the tour, so not assigned: A, B."`), or none. */
export function peopleWarning(sentence: string, people: readonly string[]): string[] {
  return people.length === 0 ? [] : [`${sentence}: ${people.join(', ')}.`];
}

/**
 * The visibility fields of a venue or stay write. These take tour members only, so pending
 * invitees and people not on the tour are left out and named in the warnings.
 */
export async function visibilityBody(
  ctx: ActionContext,
  resource: 'venue' | 'accommodation',
  tourId: string,
  visibility: Visibility | undefined,
): Promise<{ fields: Record<string, unknown>; warnings: string[] }> {
  if (visibility === undefined || typeof visibility === 'string')
    return { fields: visibilityFields(resource, visibility), warnings: [] };
  const members = matchPeople(visibility.people, await readTourPeople(ctx, tourId), tourId, { membersOnly: true });
  return {
    fields: visibilityFields(resource, visibility, { userIds: members.userIds, inviteIds: [] }),
    warnings: peopleWarning('Not members of the tour, so not given visibility', members.skipped),
  };
}
