/**
 * People of a tour by e-mail: members (their user IDs) and pending invites (their invite IDs),
 * for room occupants and restricted visibility.
 */
import { listTourUsers } from '../api/tours.ts';
import { visibilityFields, type Visibility } from '../../definitions/translate.ts';
import type { ActionContext } from '../action.ts';
import { folded } from './step-support.ts';

/** Someone a playbook names: an e-mail, optionally with the name a report uses. */
export type PersonRef = string | { email: string; name?: string | undefined };

/** The people of a tour, keyed by folded e-mail. */
export interface TourPeople {
  userIds: ReadonlyMap<string, string>;
  inviteIds: ReadonlyMap<string, number>;
}

/** Who the people named are on the tour; anyone else is `skipped`, by name when given, else e-mail. */
export interface MatchedPeople {
  userIds: string[];
  inviteIds: number[];
  skipped: string[];
}

/** Reads the tour's members and pending invites once per activity (no action here changes them). */
export function readTourPeople(ctx: ActionContext, tourId: string): Promise<TourPeople> {
  return ctx.shared(`people:${tourId}`, () => readPeople(ctx, tourId));
}

async function readPeople(ctx: ActionContext, tourId: string): Promise<TourPeople> {
  const members = await ctx.client.call(listTourUsers, { params: { tourId }, signal: ctx.signal });
  const userIds = new Map<string, string>();
  for (const member of members.tour_users) {
    if (member.user.email) userIds.set(folded(member.user.email), member.user.id);
  }
  const inviteIds = new Map<string, number>();
  for (const invite of members.pending_invites) {
    const id = Number(invite.id);
    // Rooms take invite IDs as numbers; an invite without a numeric ID cannot be sent.
    if (invite.email && Number.isInteger(id)) inviteIds.set(folded(invite.email), id);
  }
  return { userIds, inviteIds };
}

/** Matches people to tour members first, then to pending invites; duplicates count once. */
export function matchPeople(people: readonly PersonRef[], tour: TourPeople): MatchedPeople {
  const userIds = new Set<string>();
  const inviteIds = new Set<number>();
  const skipped: string[] = [];
  for (const person of people) {
    const email = typeof person === 'string' ? person : person.email;
    const userId = tour.userIds.get(folded(email));
    const inviteId = tour.inviteIds.get(folded(email));
    if (userId !== undefined) userIds.add(userId);
    else if (inviteId !== undefined) inviteIds.add(inviteId);
    else skipped.push(typeof person === 'string' ? person : (person.name ?? person.email));
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
  if (visibility === undefined || typeof visibility === 'string') return { fields: visibilityFields(resource, visibility), warnings: [] };
  const people = await readTourPeople(ctx, tourId);
  const members = matchPeople(visibility.people, { userIds: people.userIds, inviteIds: new Map() });
  return {
    fields: visibilityFields(resource, visibility, { userIds: members.userIds, inviteIds: [] }),
    warnings: peopleWarning('Not members of the tour, so not given visibility', members.skipped),
  };
}
