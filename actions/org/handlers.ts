/**
 * The worker's handlers of the organization's people lists (catalogue in `catalogue.ts`):
 * `org.members`, `org.contacts`; and a key contact as the list actions give it.
 */
import { orgContactsArgs, orgMembersArgs } from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  listOrganizationKeyContacts,
  listOrganizationUsers,
  type KeyContact,
} from '../../api/contract/organizations.ts';
import type { ActionContext, ActionModule } from '../../activities/action.ts';
import { foldName } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { plural } from '../../definitions/plural.ts';
import { parseArgs, stepError } from '../../activities/actions/common.ts';
import { findMembership } from '../../activities/actions/tour-days.ts';
import { resolveOrganization } from '../tour/handlers.ts';
import { FailureType } from '../../definitions/failure-types.ts';

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter((part) => part).join(' ') || null;

/** A key contact as the outputs give it. */
export function keyContactOutput(contact: KeyContact): JsonObject {
  const phone =
    contact.number == null ? null : `${contact.country != null ? `+${contact.country} ` : ''}${contact.number}`;
  return {
    id: contact.id,
    name: fullName(contact.first_name, contact.last_name),
    firstName: contact.first_name ?? null,
    lastName: contact.last_name ?? null,
    email: contact.email ?? null,
    phone,
    role: contact.role ?? null,
    company: contact.company ?? null,
    city: contact.city ?? null,
    url: contact.url ?? null,
  };
}

/** True when `wanted` is the person's full name or e-mail, compared as names are (case and spaces aside). */
export function isNamed(person: { name?: string | null; email: string | null }, wanted: string): boolean {
  return [person.name, person.email].some((text) => text != null && foldName(text) === foldName(wanted));
}

/** The organization a call means: named, the tour's, or the caller's only one. */
async function orgOf(
  ctx: ActionContext,
  args: { org?: string | undefined; tourId?: string | undefined },
): Promise<string> {
  if (args.tourId === undefined) return resolveOrganization(ctx, args.org);
  const membership = await findMembership(ctx, args.tourId);
  if (membership) return membership.orgId;
  throw stepError(`Tour ${args.tourId} is in none of your organizations.`, FailureType.UNKNOWN_RECORD);
}

async function orgMembers(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, orgMembersArgs, call.args);
  const orgId = await orgOf(ctx, args);
  const data = await ctx.client.call(listOrganizationUsers, { params: { orgId }, signal: ctx.signal });
  const members = data.activeUsers.map((user) => ({
    id: user.user_id,
    name: fullName(user.firstname, user.lastname),
    firstName: user.firstname ?? null,
    lastName: user.lastname ?? null,
    email: user.email ?? null,
    role: user.user_role?.name ?? null,
    owner: user.is_owner === true,
    deactivated: user.is_deactivated === true,
  }));
  const invites = data.invitedUsers.map((invite) => {
    const role = (invite as { role?: { name?: unknown } }).role?.name;
    return { id: String(invite.invite_id), email: invite.email ?? null, role: typeof role === 'string' ? role : null };
  });
  const wanted = (person: { name?: string | null; email: string | null; role: string | null }) =>
    (args.role === undefined || foldName(person.role ?? '') === foldName(args.role)) &&
    (args.person === undefined || isNamed(person, args.person));
  const chosen = { members: members.filter(wanted), invites: invites.filter(wanted) };
  const seats = {
    active: data.activeSeats ?? null,
    available: data.availableSeats ?? null,
    deactivated: data.deactivatedSeats ?? null,
  };
  return {
    output: { ...chosen, seats, count: chosen.members.length },
    undo: [],
    describe: `read ${plural(chosen.members.length, 'organization member')}`,
  };
}

async function orgContacts(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, orgContactsArgs, call.args);
  const orgId = await orgOf(ctx, args);
  const same = (value: string | null | undefined, wanted: string | undefined) =>
    wanted === undefined || foldName(value ?? '') === foldName(wanted);
  const contacts = (await ctx.client.call(listOrganizationKeyContacts, { params: { orgId }, signal: ctx.signal }))
    .filter(
      (contact) =>
        same(fullName(contact.first_name, contact.last_name), args.name) &&
        same(contact.company, args.company) &&
        same(contact.role, args.role),
    )
    .map(keyContactOutput);
  return {
    output: { contacts, ids: contacts.map((contact) => contact.id as number), count: contacts.length },
    undo: [],
    describe: `read ${plural(contacts.length, 'key contact')}`,
  };
}

export const orgActions = {
  actions: { 'org.members': { run: orgMembers }, 'org.contacts': { run: orgContacts } },
  undo: {},
} satisfies ActionModule;
