/**
 * Key contacts of the organization's book: `contact.update` edits one (undo: the previous values
 * written back; no write when it holds every value given already) and `contact.ensure` finds one
 * by e-mail, else by name, and adds it only when the book has none (its undo is
 * `contact.create`'s: the API cannot delete key contacts).
 */
import { contactEnsureArgs, contactUpdateArgs, type ContactUpdateArgs } from './catalogue.ts';
import { createKeyContact, updateKeyContact, type UpdateKeyContactBody } from '../../api/contract/contacts.ts';
import { ApiError } from '../../api/client/index.ts';
import type { KeyContact } from '../../api/contract/organizations.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import {
  ambiguousName,
  foldName,
  fullNameOf as fullName,
  keyContactCandidates as candidates,
  keyContactPlace as where,
  pick,
  readKeyContacts as readBook,
} from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { ignoreGone, parseArgs } from '../../activities/actions/common.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { addedContact, bookOf, contactCreate } from './create-handlers.ts';
import { asBody, writeUnlessAlreadySo } from '../../activities/actions/step-support.ts';
import { updatePlan, type CallPlan } from '../../activities/plan-call.ts';

/** The contact an update names; after a lost answer, one already carrying its new e-mail or name. */
async function contactBefore(
  call: StepCall,
  ctx: ActionContext,
): Promise<{ args: ContactUpdateArgs; contact: KeyContact }> {
  const args = parseArgs(call.action, contactUpdateArgs, call.args);
  const orgId = await bookOf(ctx, args);
  const book = candidates(await readBook(ctx, orgId));
  try {
    return { args, contact: pick(where(orgId), args.contact, book) };
  } catch (error) {
    const renamed =
      args.email ??
      (args.firstName !== undefined && args.lastName !== undefined ? `${args.firstName} ${args.lastName}` : undefined);
    if (renamed === undefined || typeof args.contact === 'number') throw error;
    return { args, contact: pick(where(orgId), renamed, book) };
  }
}

/** The API's name of each plain field a call may change. */
const API_FIELD = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  role: 'role',
  company: 'company',
  city: 'city',
  url: 'url',
} as const;

/** The API fields of the values a call gives (`number` and `country` are strings on update). */
function updateBody(args: ContactUpdateArgs): UpdateKeyContactBody {
  const body: Record<string, string | null> = {};
  for (const [field, apiField] of Object.entries(API_FIELD)) {
    const value = args[field as keyof typeof API_FIELD];
    if (value !== undefined) body[apiField] = value;
  }
  if (args.phone !== undefined) {
    body.number = args.phone === null ? null : args.phone.number.replace(/\s+/g, '');
    body.country = args.phone === null ? null : String(args.phone.country);
  }
  return body;
}

const textOf = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The contact's values before, of the fields a body changes. */
function previousOf(contact: KeyContact, body: UpdateKeyContactBody): UpdateKeyContactBody {
  const before: Record<string, string | null> = {
    first_name: contact.first_name ?? '',
    last_name: contact.last_name ?? '',
    email: textOf(contact.email),
    role: textOf(contact.role),
    company: textOf(contact.company),
    city: textOf(contact.city),
    url: textOf(contact.url),
    number: textOf(contact.number),
    country: textOf(contact.country),
  };
  return Object.fromEntries(Object.keys(body).map((key) => [key, before[key] ?? null]));
}

/**
 * The contact's values as read under the body's names, not made text: a calling code read as a
 * number or an empty text is another form of the value, and a write of it is sent.
 */
function heldNow(contact: KeyContact): Record<string, unknown> {
  const { first_name, last_name, email, role, company, city, url, number, country } = contact;
  return { first_name, last_name, email, role, company, city, url, number, country };
}

/** The update's body and the contact's values under the same names: what its run and its plan compare. */
async function contactAsked(call: StepCall, ctx: ActionContext) {
  const { args, contact } = await contactBefore(call, ctx);
  return { args, contact, body: updateBody(args), held: heldNow(contact) };
}

async function contactUpdateRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, contact, body, held } = await contactAsked(call, ctx);
  const written = await writeUnlessAlreadySo({ body, held, label: `key contact ${contact.id}`, verb: 'edited' }, () =>
    ctx.client.call(updateKeyContact, {
      params: { keyContactId: contact.id },
      body,
      idempotencyKey: ctx.key(),
      signal: ctx.signal,
    }),
  );
  return { output: { id: contact.id }, undo: [], ...(args.tourId ? { tourId: args.tourId } : {}), ...written };
}

/** What contact.update would change, field by field, or nothing when the contact is so (`plan --live`). */
async function contactUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const { contact, body, held } = await contactAsked(call, ctx);
  return updatePlan(`key contact ${contact.id}`, body, held, { id: contact.id });
}

async function contactUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, contact } = await contactBefore(call, ctx);
  const body = previousOf(contact, updateBody(args));
  return [
    {
      activity: 'keyContactWriteBack',
      args: { contactId: contact.id, body: body as JsonObject, by: call.idempotencyKey },
      describe: `put key contact ${contact.id} back as it was`,
      record: { resource: 'keyContact', id: contact.id },
    },
  ];
}

/** The book's contact for these details: by e-mail, else by name among contacts without an e-mail. */
function findInBook(
  book: readonly KeyContact[],
  args: { email?: string | undefined; firstName: string; lastName: string },
  orgId: string,
): KeyContact | undefined {
  if (args.email !== undefined) {
    const byEmail = book.find((contact) => contact.email && foldName(contact.email) === foldName(args.email!));
    if (byEmail) return byEmail;
  }
  const name = foldName(`${args.firstName} ${args.lastName}`);
  const byName = book.filter((contact) => !contact.email && foldName(fullName(contact)) === name);
  if (byName.length > 1)
    throw ambiguousName(
      { ...where(orgId), kind: 'key contact without an e-mail' },
      `${args.firstName} ${args.lastName}`,
      candidates(byName),
    );
  return byName[0];
}

/** An organization ID no organization has: the create sent under it must be refused. */
const NO_ORGANIZATION = 'e0000000-0000-4000-8000-000000000000';

/**
 * Whether an earlier attempt of this call (before a worker crash) added `found`. Asked only on a
 * new attempt of the activity, by sending the create again under the call's key with a body the
 * API must refuse (no such organization): the API answers a key it has seen with the first
 * answer, the contact's ID, without running the request again; a key it has not seen runs the
 * request, which is refused and adds nothing (decided: docs/api-assumptions.md).
 */
async function addedByEarlierAttempt(ctx: ActionContext, found: KeyContact): Promise<boolean> {
  if (!isRetry()) return false;
  try {
    const body = { org_id: NO_ORGANIZATION, first_name: 'tourflow', last_name: 'probe' };
    const { id } = await ctx.client.call(createKeyContact, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
    return id === found.id;
  } catch (error) {
    if (error instanceof ApiError && !error.retryable) return false;
    throw error;
  }
}

async function contactEnsure(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, contactEnsureArgs, call.args);
  const orgId = await bookOf(ctx, args);
  const found = findInBook(await readBook(ctx, orgId), args, orgId);
  const tour = args.tourId ? { tourId: args.tourId } : {};
  if (found && !(await addedByEarlierAttempt(ctx, found)))
    return {
      output: { id: found.id, created: false },
      undo: [],
      ...tour,
      describe: `found key contact ${found.id} in the book`,
    };
  const created = found ? addedContact(args, found.id) : await contactCreate(call, ctx);
  return { ...created, output: { ...(created.output as { id: number }), created: true } };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const updateUndo = {
  keyContactWriteBack: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateKeyContact, {
        params: { keyContactId: Number(args.contactId) },
        body: asBody<UpdateKeyContactBody>(args.body),
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

/** The handlers of `contact.update` and `contact.ensure`; `contactActions` (`handlers.ts`) serves them. */
export const updateHandlers = {
  'contact.update': { run: contactUpdateRun, prepare: contactUpdatePrepare, plan: contactUpdatePlan },
  'contact.ensure': { run: contactEnsure },
} satisfies Record<string, ActionHandler>;
