/**
 * `contacts.set`: the general e-mails, phone numbers and web addresses of a venue or stay. In
 * `add` mode the entries not there yet are added and an existing one only gets a new label; in
 * `replace` mode each list given becomes the whole list of its kind. The write carries the call's
 * idempotency key; the undo, prepared before it, writes the rows back as they were.
 */
import { contactsSetArgs, type ContactsSetArgs } from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  listAccommodationContacts,
  listVenueContacts,
  updateAccommodationContacts,
  updateVenueContacts,
  type GeneralContact,
  type GeneralContactChanges,
} from '../../api/contract/contacts.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import { stayIdOf, venueIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { ignoreGone, parseArgs } from '../../activities/actions/common.ts';
import { nothingWritten } from '../../activities/actions/step-support.ts';
import { listBackTo } from '../../activities/actions/list-write-back.ts';

type Kind = 'email' | 'phone' | 'url';
const KINDS: readonly Kind[] = ['email', 'phone', 'url'];
/** The body list of each kind. */
const LIST = { email: 'emails', phone: 'numbers', url: 'urls' } as const;

/** A venue or stay that owns contact rows. */
interface Place {
  kind: 'venue' | 'stay';
  id: number;
}

/** A general contact row as the undo keeps it. */
interface Row {
  id: number;
  kind: Kind;
  value: string;
  label: string | null;
  country: number | null;
  isGoogle: boolean;
}

/** An entry a step asks for. */
interface Wanted {
  kind: Kind;
  value: string;
  label: string | undefined;
  country: number | null;
}

const digits = (text: string | number) => String(text).replace(/\D/g, '');
/** E-mails compare without case, phone numbers by calling code and digits, URLs as written. */
const sameEntry = (row: { kind: Kind; value: string; country: number | null }, wanted: Wanted) =>
  row.kind === wanted.kind &&
  (row.kind === 'email'
    ? row.value.toLowerCase() === wanted.value.toLowerCase()
    : row.kind === 'phone'
      ? Number(digits(row.value)) === Number(digits(wanted.value)) && row.country === wanted.country
      : row.value === wanted.value);

function rowOf(contact: GeneralContact): Row[] {
  const { email, phone, url } = contact;
  const base = (part: { id: number; label?: string | null | undefined; is_google?: boolean | null | undefined }) => ({
    id: part.id,
    label: part.label ?? null,
    isGoogle: part.is_google === true,
  });
  if (email) return [{ ...base(email), kind: 'email', value: email.email, country: null }];
  if (phone)
    return [
      {
        ...base(phone),
        kind: 'phone',
        value: String(phone.phone),
        country: phone.country == null ? null : Number(phone.country),
      },
    ];
  if (url) return [{ ...base(url), kind: 'url', value: url.url, country: null }];
  return [];
}

async function rowsOf(ctx: ActionContext, place: Place): Promise<Row[]> {
  const { signal } = ctx;
  const rows =
    place.kind === 'venue'
      ? await ctx.client.call(listVenueContacts, { params: { venueId: place.id }, signal })
      : await ctx.client.call(listAccommodationContacts, { params: { accommodationId: place.id }, signal });
  return rows.flatMap(rowOf);
}

async function write(
  ctx: ActionContext,
  place: Place,
  body: GeneralContactChanges,
  idempotencyKey: string,
): Promise<void> {
  const { signal } = ctx;
  if (place.kind === 'venue')
    await ctx.client.call(updateVenueContacts, { params: { venueId: place.id }, body, idempotencyKey, signal });
  else
    await ctx.client.call(updateAccommodationContacts, {
      params: { accommodationId: place.id },
      body,
      idempotencyKey,
      signal,
    });
}

type Change = {
  operation: 'ADD' | 'UPDATE' | 'REMOVE';
  kind: Kind;
  id?: number;
  value?: string;
  label?: string | null;
  country?: number | null;
  isGoogle?: boolean;
};

/** The request body of a list of changes, each in its kind's list with its kind's value field. */
function bodyOf(changes: readonly Change[]): GeneralContactChanges {
  const body: Record<string, JsonObject[]> = {};
  for (const change of changes) {
    const entry: Record<string, unknown> = {
      operation: change.operation,
      ...(change.id !== undefined ? { id: change.id } : {}),
    };
    if (change.label !== undefined) entry.label = change.label;
    if (change.isGoogle !== undefined) entry.is_google = change.isGoogle;
    if (change.value !== undefined) {
      if (change.kind === 'phone')
        Object.assign(entry, { number: Number(digits(change.value)), country: change.country ?? null });
      else entry[change.kind] = change.value;
    }
    (body[LIST[change.kind]] ??= []).push(entry as JsonObject);
  }
  return body as GeneralContactChanges;
}

function wantedOf(args: ContactsSetArgs): Partial<Record<Kind, Wanted[]>> {
  return {
    ...(args.emails
      ? {
          email: args.emails.map((entry) => ({
            kind: 'email' as const,
            value: entry.email,
            label: entry.label,
            country: null,
          })),
        }
      : {}),
    ...(args.phones
      ? {
          phone: args.phones.map((entry) => ({
            kind: 'phone' as const,
            value: digits(entry.number),
            label: entry.label,
            country: entry.country,
          })),
        }
      : {}),
    ...(args.urls
      ? {
          url: args.urls.map((entry) => ({
            kind: 'url' as const,
            value: entry.url,
            label: entry.label,
            country: null,
          })),
        }
      : {}),
  };
}

/** What the step changes on the rows it finds. */
export function changesFor(
  mode: 'add' | 'replace',
  wanted: Partial<Record<Kind, Wanted[]>>,
  rows: readonly Row[],
): Change[] {
  const changes: Change[] = [];
  for (const kind of KINDS) {
    const entries = wanted[kind];
    if (!entries) continue;
    const matched = new Set<number>();
    const added: Wanted[] = [];
    for (const entry of entries) {
      const row = rows.find((candidate) => sameEntry(candidate, entry));
      if (row) {
        matched.add(row.id);
        // The row's own value goes along: the contract lists the value among an entry's fields.
        if (entry.label !== undefined && entry.label !== row.label)
          changes.push({
            operation: 'UPDATE',
            kind,
            id: row.id,
            value: row.value,
            country: row.country,
            label: entry.label,
          });
      } else if (!added.some((other) => sameEntry({ ...other }, entry))) {
        added.push(entry);
        changes.push({
          operation: 'ADD',
          kind,
          value: entry.value,
          label: entry.label ?? null,
          country: entry.country,
        });
      }
    }
    if (mode === 'replace')
      for (const row of rows)
        if (row.kind === kind && !matched.has(row.id)) changes.push({ operation: 'REMOVE', kind, id: row.id });
  }
  return changes;
}

/** The values of a saved row, as an ADD or UPDATE writes them. */
const valuesOf = (row: Row) => ({ value: row.value, label: row.label, country: row.country, isGoogle: row.isGoogle });

/** The changes that turn `now` back into `saved`. */
export function rowsBackTo(saved: readonly Row[], now: readonly Row[]): Change[] {
  return listBackTo<Row, Change>(saved, now, {
    id: (row) => row.id,
    remove: (row) => ({ operation: 'REMOVE', kind: row.kind, id: row.id }),
    add: (row) => ({ operation: 'ADD', kind: row.kind, ...valuesOf(row) }),
    update: (row, current) => {
      const same =
        current.value === row.value &&
        current.label === row.label &&
        current.country === row.country &&
        current.isGoogle === row.isGoogle;
      return same ? undefined : { operation: 'UPDATE', kind: row.kind, id: row.id, ...valuesOf(row) };
    },
  });
}

async function placeOf(ctx: ActionContext, args: ContactsSetArgs): Promise<Place> {
  if (args.venue !== undefined)
    return { kind: 'venue', id: await venueIdOf(ctx, { tourId: args.tourId, venue: args.venue }) };
  return { kind: 'stay', id: await stayIdOf(ctx, { tourId: args.tourId, stay: args.stay }) };
}

async function contactsSetRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, contactsSetArgs, call.args);
  const place = await placeOf(ctx, args);
  const changes = changesFor(args.mode, wantedOf(args), await rowsOf(ctx, place));
  if (changes.length > 0) await write(ctx, place, bodyOf(changes), ctx.key());
  const count = (operation: Change['operation']) => changes.filter((change) => change.operation === operation).length;
  const output = { added: count('ADD'), updated: count('UPDATE'), removed: count('REMOVE') };
  return {
    output,
    undo: [],
    ...(changes.length === 0 ? nothingWritten() : {}),
    tourId: args.tourId,
    describe:
      changes.length > 0
        ? `${place.kind} ${place.id}: added ${output.added}, relabelled ${output.updated}, removed ${output.removed} contact(s)`
        : `${place.kind} ${place.id}: its contacts are as asked already`,
  };
}

async function contactsSetPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, contactsSetArgs, call.args);
  const place = await placeOf(ctx, args);
  const rows = await rowsOf(ctx, place);
  return [
    {
      activity: 'generalContactsWriteBack',
      args: { place: { ...place }, rows: rows as unknown as JsonObject[], by: call.idempotencyKey },
      describe: `put the contacts of ${place.kind} ${place.id} back as they were`,
      record: { resource: place.kind, id: place.id },
    },
  ];
}

export const contactsSetHandler: ActionHandler = { run: contactsSetRun, prepare: contactsSetPrepare };

export const generalContactsUndo = {
  generalContactsWriteBack: (args, ctx) =>
    ignoreGone(async () => {
      const place = args.place as unknown as Place;
      const changes = rowsBackTo(args.rows as unknown as Row[], await rowsOf(ctx, place));
      if (changes.length > 0) await write(ctx, place, bodyOf(changes), ctx.key());
    }),
} satisfies Record<string, UndoHandler>;
