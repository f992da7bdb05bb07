/**
 * Key contacts: `contact.create` adds one to the organization's book, `contact.link` links
 * one to a venue or a stay (undo: unlink). The API has no delete for key contacts, so the
 * undo of a create cannot remove it: it fails as "left behind", which puts the contact in the
 * run's manual-repair list instead of pretending the book is as it was.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { contactCreateArgs, contactLinkArgs, type ContactCreateArgs, type ContactLinkArgs } from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  createKeyContact,
  listAccommodationKeyContacts,
  listVenueKeyContacts,
  updateAccommodationKeyContacts,
  updateVenueKeyContacts,
  type CreateKeyContactBody,
} from '../../api/contract/contacts.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import { pickKeyContact, stayIdOf, venueIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { nothingWritten } from '../../activities/actions/step-support.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { findMembership } from '../../activities/actions/tour-days.ts';
import { resolveOrganization } from '../tour/handlers.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** The organization a tour belongs to. */
export async function organizationOfTour(ctx: ActionContext, tourId: string): Promise<string> {
  const membership = await findMembership(ctx, tourId);
  if (membership) return membership.orgId;
  throw stepError(`Tour ${tourId} is in none of your organizations.`, FailureType.UNKNOWN_RECORD);
}

/** The organization whose book a step names: a tour's, or one by name or ID (or the default). */
export function bookOf(
  ctx: ActionContext,
  args: { tourId?: string | undefined; org?: string | undefined },
): Promise<string> {
  return args.tourId !== undefined ? organizationOfTour(ctx, args.tourId) : resolveOrganization(ctx, args.org);
}

export function keyContactBody(args: ContactCreateArgs, orgId: string): CreateKeyContactBody {
  return {
    org_id: orgId,
    first_name: args.firstName,
    last_name: args.lastName,
    ...(args.email !== undefined ? { email: args.email } : {}),
    // The create takes the number as a number, without the calling code.
    ...(args.phone !== undefined
      ? { number: Number(args.phone.number.replace(/\s+/g, '')), country: args.phone.country }
      : {}),
    ...(args.role !== undefined ? { role: args.role } : {}),
    ...(args.company !== undefined ? { company: args.company } : {}),
    ...(args.city !== undefined ? { city: args.city } : {}),
    ...(args.url !== undefined ? { url: args.url } : {}),
  };
}

export async function contactCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, contactCreateArgs, call.args);
  const orgId = await bookOf(ctx, args);
  const body = keyContactBody(args, orgId);
  const { id } = await ctx.client.call(createKeyContact, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  return addedContact(args, id);
}

/** The outcome of a call that added key contact `id`: its undo lists it for manual repair. */
export function addedContact(
  args: { firstName: string; lastName: string; tourId?: string | undefined },
  id: number,
): StepOutcome {
  const label = `${args.firstName} ${args.lastName}`;
  const undo: UndoRecord = {
    activity: 'keyContactLeftBehind',
    args: { contactId: id, label },
    describe: `key contact ${label} (${id}) stays in the organization's book`,
    record: { resource: 'keyContact', id, label },
  };
  return {
    output: { id },
    undo: [undo],
    ...(args.tourId ? { tourId: args.tourId } : {}),
    describe: `added key contact ${label} (${id})`,
  };
}

/** Where a link goes: a venue or a stay, with its read and write endpoints. */
function linkTarget(args: ContactLinkArgs | JsonObject) {
  if (typeof args.venueId === 'number') {
    const venueId = args.venueId;
    return {
      label: `venue ${venueId}`,
      ids: { venueId } as JsonObject,
      read: (ctx: ActionContext) => ctx.client.call(listVenueKeyContacts, { params: { venueId }, signal: ctx.signal }),
      write: (ctx: ActionContext, key_contact_id: number, operation: 'ADD' | 'REMOVE') =>
        ctx.client.call(updateVenueKeyContacts, {
          params: { venueId },
          body: { key_contacts: [{ key_contact_id, operation }] },
          signal: ctx.signal,
        }),
    };
  }
  const accommodationId = Number(args.stayId);
  return {
    label: `stay ${accommodationId}`,
    ids: { stayId: accommodationId } as JsonObject,
    read: (ctx: ActionContext) =>
      ctx.client.call(listAccommodationKeyContacts, { params: { accommodationId }, signal: ctx.signal }),
    write: (ctx: ActionContext, key_contact_id: number, operation: 'ADD' | 'REMOVE') =>
      ctx.client.call(updateAccommodationKeyContacts, {
        params: { accommodationId },
        body: { key_contacts: [{ key_contact_id, operation }] },
        signal: ctx.signal,
      }),
  };
}

/** The unlink, unless the contact was linked already (then there is nothing to undo). */
async function linkUndo(ctx: ActionContext, args: LinkArgs): Promise<UndoRecord[]> {
  const target = linkTarget(args);
  const linked = await target.read(ctx);
  if (linked.some((contact) => contact.id === args.contactId)) return [];
  return [
    {
      activity: 'keyContactUnlink',
      args: { contactId: args.contactId, ...target.ids },
      describe: `unlink key contact ${args.contactId} from ${target.label}`,
      record: { resource: 'keyContactLink', id: `${args.contactId}@${target.label}` },
    },
  ];
}

/** A link's arguments with its contact's ID known. */
type LinkArgs = ContactLinkArgs & { contactId: number };

/**
 * The key contact's ID: as given, or the one its e-mail or name names in the book of the tour's
 * organization, else of `org` (or the default one).
 */
async function contactIdOf(ctx: ActionContext, args: ContactLinkArgs): Promise<number> {
  if (args.contactId !== undefined) return args.contactId;
  if (typeof args.contact === 'number') return args.contact;
  return (await pickKeyContact(ctx, await bookOf(ctx, args), args.contact!)).id;
}

/** The call's arguments with the contact, and the venue or stay it names by title, resolved to their IDs. */
async function linkArgs(call: StepCall, ctx: ActionContext): Promise<LinkArgs> {
  const parsed = parseArgs(call.action, contactLinkArgs, call.args);
  const args = { ...parsed, contactId: await contactIdOf(ctx, parsed) };
  if (args.venue !== undefined) return { ...args, venueId: await venueIdOf(ctx, args) };
  if (args.stay !== undefined) return { ...args, stayId: await stayIdOf(ctx, args) };
  return args;
}

async function contactLinkPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  return linkUndo(ctx, await linkArgs(call, ctx));
}

async function contactLink(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = await linkArgs(call, ctx);
  const target = linkTarget(args);
  const undo = await linkUndo(ctx, args);
  if (undo.length > 0) await target.write(ctx, args.contactId, 'ADD');
  // A retry that finds the link made may follow an earlier try's write whose answer was lost.
  const quiet = undo.length === 0 && !isRetry();
  return {
    output: { contactId: args.contactId },
    undo,
    ...(undo.length === 0 ? nothingWritten() : {}),
    describe: quiet
      ? `key contact ${args.contactId} already so (linked to ${target.label}): nothing written`
      : `linked key contact ${args.contactId} to ${target.label}`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const createUndo = {
  keyContactLeftBehind: async (args) => {
    throw ApplicationFailure.nonRetryable(
      `Key contact ${String(args.label)} (${String(args.contactId)}) stays in the organization's book: the API cannot delete key contacts. Delete it in the app if it is not wanted.`,
      FailureType.CANNOT_UNDO,
    );
  },
  keyContactUnlink: (args, ctx) => ignoreGone(() => linkTarget(args).write(ctx, Number(args.contactId), 'REMOVE')),
} satisfies Record<string, UndoHandler>;

/** The handlers of `contact.create` and `contact.link`; `contactActions` (`handlers.ts`) serves them. */
export const createHandlers = {
  'contact.create': { run: contactCreate },
  'contact.link': { run: contactLink, prepare: contactLinkPrepare },
} satisfies Record<string, ActionHandler>;
