/**
 * People of a tour by name or e-mail: its members (crew with an account) and its pending
 * invites (e-mail only). Both are the tour's own people, whom every member sees in the app, so
 * a failure may list their names and e-mails; guest list entries are never resolved here.
 */
import { listTourUsers, type TourMembers } from '../../api/contract/tours.ts';
import type { ActionContext } from '../action.ts';
import { ambiguousName, foldName, matchAll, unknownName, type Candidate, type PickContext } from './pick.ts';

/** A member or pending invite of a tour. */
export interface TourPerson {
  /** The member's user ID (UUID), or the invite's ID. */
  id: string | number;
  kind: 'member' | 'invite';
  /** `First Last`; null for an invite. */
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Role on the tour (Admin, Member, ...); null for an invite. */
  role: string | null;
}

/** Someone a playbook names: a name or e-mail, or `{ email, name }`. */
export type PersonRef = string | { email: string; name?: string | undefined };

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter((part) => part).join(' ') || null;

/** The members and pending invites as read. */
export function peopleOf(members: TourMembers): TourPerson[] {
  const people: TourPerson[] = members.tour_users.map((member) => ({
    id: member.user.id,
    kind: 'member',
    name: fullName(member.user.firstname, member.user.lastname),
    firstName: member.user.firstname ?? null,
    lastName: member.user.lastname ?? null,
    email: member.user.email ?? null,
    role: member.user_role_type?.name ?? null,
  }));
  for (const invite of members.pending_invites) {
    people.push({
      id: invite.id,
      kind: 'invite',
      name: null,
      firstName: null,
      lastName: null,
      email: invite.email ?? null,
      role: null,
    });
  }
  return people;
}

/** Reads a tour's members and pending invites. */
export async function readTourPeople(ctx: ActionContext, tourId: string): Promise<TourPerson[]> {
  return peopleOf(await ctx.client.call(listTourUsers, { params: { tourId }, signal: ctx.signal }));
}

function candidates(people: readonly TourPerson[]): Candidate<TourPerson>[] {
  return people.map((person) => ({
    record: person,
    id: person.id,
    name: person.name ?? person.email,
    aliases: person.name && person.email ? [person.email] : [],
    detail: person.kind === 'invite' ? 'pending invite' : (person.email ?? undefined),
  }));
}

const context = (tourId: string, kind?: string): PickContext =>
  kind
    ? { kind, where: `on tour ${tourId}` }
    : { kind: 'tour member or invitee', plural: 'tour members or invitees', where: `on tour ${tourId}` };

/** The text of a person reference: its e-mail when given as `{ email, name }`. */
export const refText = (ref: PersonRef): string => (typeof ref === 'string' ? ref : ref.email);

/**
 * Who `ref` is on the tour: an e-mail (it has an `@`) among members and invites, else a
 * member's full name or user ID, or an invite's ID. A member and an invite with the same
 * e-mail are one person: the member wins.
 */
export function matchPerson(people: readonly TourPerson[], ref: PersonRef): TourPerson[] {
  const text = refText(ref);
  const matches = text.includes('@')
    ? people.filter((person) => person.email !== null && foldName(person.email) === foldName(text))
    : matchAll(text, candidates(people.filter((person) => person.kind === 'member'))).map(
        (candidate) => candidate.record,
      );
  const members = matches.filter((person) => person.kind === 'member');
  const memberEmails = new Set(members.map((person) => person.email?.toLowerCase()));
  return [
    ...members,
    ...matches.filter((person) => person.kind === 'invite' && !memberEmails.has(person.email?.toLowerCase())),
  ];
}

/** The one person `ref` means, or a step failure (unknown: nearest names; ambiguous: their e-mails); `kind` names them in it. */
export function pickPerson(people: readonly TourPerson[], ref: PersonRef, tourId: string, kind?: string): TourPerson {
  const matches = matchPerson(people, ref);
  if (matches.length === 1) return matches[0]!;
  const all = candidates(people);
  if (matches.length === 0) throw unknownName(context(tourId, kind), refText(ref), all);
  throw ambiguousName(
    context(tourId, kind),
    refText(ref),
    all.filter((candidate) => matches.includes(candidate.record)),
  );
}
