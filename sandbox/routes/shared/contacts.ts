/**
 * Contacts owned by a venue or stay: links to organization key contacts, and general contact
 * rows (each exactly one of e-mail, phone, URL). Inline lists on creates replace the set; the
 * contact endpoints apply ADD/UPDATE/REMOVE operations to listed rows only.
 */
import type { z } from 'zod';
import type { generalContactChanges, keyContactLinks } from '../../../api/contract/contacts.ts';
import type { inlineContacts } from '../../../api/contract/shared.ts';
import { notFound, validationError } from '../../errors.ts';
import type { ContactKind, ContactOwner, GeneralContactRecord } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';

type InlineContacts = { [K in keyof typeof inlineContacts]?: z.output<(typeof inlineContacts)[K]> };
type GeneralContactChanges = z.output<typeof generalContactChanges>;
type KeyContactLinks = z.output<typeof keyContactLinks>;

/** The owner of contacts: a venue or stay of an organization's tour. */
export interface ContactOwnerRef {
  type: ContactOwner;
  id: number;
  orgId: string;
  keyContactIds: number[];
}

/** Key contact IDs must exist in the organization (404 otherwise). */
export function checkKeyContacts(store: Store, orgId: string, ids: readonly number[]): number[] {
  for (const id of ids) if (store.keyContacts.get(id)?.orgId !== orgId) throw notFound(`Key contact ${id}`);
  return [...new Set(ids)];
}

const text = (value: string | number): string => String(value);

function inlineRows(input: InlineContacts): Array<Omit<GeneralContactRecord, 'id' | 'ownerType' | 'ownerId'>> {
  return [
    ...(input.emails ?? []).map((row) => ({
      kind: 'email' as const,
      value: row.email,
      label: row.label ?? null,
      country: null,
      isGoogle: row.is_google ?? false,
    })),
    ...(input.numbers ?? []).map((row) => ({
      kind: 'phone' as const,
      value: text(row.number),
      label: row.label ?? null,
      country: row.country == null ? null : text(row.country),
      isGoogle: row.is_google ?? false,
    })),
    ...(input.urls ?? []).map((row) => ({
      kind: 'url' as const,
      value: row.url,
      label: row.label ?? null,
      country: null,
      isGoogle: row.is_google ?? false,
    })),
  ];
}

/** Inline `emails`/`numbers`/`urls`: each list sent replaces that kind's rows. */
export function replaceInlineContacts(
  store: Store,
  owner: { type: ContactOwner; id: number },
  input: InlineContacts,
): void {
  const kinds = new Set<ContactKind>([
    ...(input.emails ? ['email' as const] : []),
    ...(input.numbers ? ['phone' as const] : []),
    ...(input.urls ? ['url' as const] : []),
  ]);
  store.generalContacts.deleteWhere(
    (row) => row.ownerType === owner.type && row.ownerId === owner.id && kinds.has(row.kind),
  );
  for (const row of inlineRows(input))
    store.generalContacts.put({ id: store.nextId('generalContact'), ownerType: owner.type, ownerId: owner.id, ...row });
}

interface ContactOp {
  kind: ContactKind;
  id?: number | undefined;
  operation: 'ADD' | 'UPDATE' | 'REMOVE';
  value?: string | undefined;
  label?: string | null | undefined;
  country?: string | null | undefined;
  isGoogle?: boolean | undefined;
}

function toOps(body: GeneralContactChanges): ContactOp[] {
  const common = (row: {
    id?: number | undefined;
    label?: string | null | undefined;
    operation: ContactOp['operation'];
    is_google?: boolean | undefined;
  }) => ({
    id: row.id,
    operation: row.operation,
    label: row.label,
    isGoogle: row.is_google,
  });
  return [
    ...(body.emails ?? []).map((row) => ({ ...common(row), kind: 'email' as const, value: row.email })),
    ...(body.numbers ?? []).map((row) => ({
      ...common(row),
      kind: 'phone' as const,
      value: row.number === undefined ? undefined : text(row.number),
      country: row.country == null ? row.country : text(row.country),
    })),
    ...(body.urls ?? []).map((row) => ({ ...common(row), kind: 'url' as const, value: row.url })),
  ];
}

/** Applies the contact operations (checked first: a bad entry changes nothing). */
export function applyContactOps(store: Store, owner: ContactOwnerRef, body: GeneralContactChanges): void {
  const ops = toOps(body);
  for (const op of ops) {
    if (op.operation === 'ADD' && op.value === undefined)
      throw validationError(`${op.kind}: a value is required for ADD`);
    if (op.operation === 'ADD') continue;
    if (op.id === undefined) throw validationError(`${op.kind}: id is required for ${op.operation}`);
    const row = store.generalContacts.get(op.id);
    if (!row || row.ownerType !== owner.type || row.ownerId !== owner.id || row.kind !== op.kind)
      throw notFound(`Contact ${op.id}`);
  }
  for (const op of ops) {
    if (op.operation === 'REMOVE') store.generalContacts.delete(op.id as number);
    else if (op.operation === 'UPDATE') {
      const row = store.generalContacts.get(op.id as number) as GeneralContactRecord;
      if (op.value !== undefined) row.value = op.value;
      if (op.label !== undefined) row.label = op.label;
      if (op.country !== undefined) row.country = op.country;
      if (op.isGoogle !== undefined) row.isGoogle = op.isGoogle;
    } else {
      store.generalContacts.put({
        id: store.nextId('generalContact'),
        ownerType: owner.type,
        ownerId: owner.id,
        kind: op.kind,
        value: op.value as string,
        label: op.label ?? null,
        country: op.country ?? null,
        isGoogle: op.isGoogle ?? false,
      });
    }
  }
}

/** Adds and removes key contact links; the contacts must exist in the organization. */
export function applyKeyContactLinks(store: Store, owner: ContactOwnerRef, body: KeyContactLinks): number[] {
  const ops = body.key_contacts;
  checkKeyContacts(
    store,
    owner.orgId,
    ops.map((op) => op.key_contact_id),
  );
  const linked = new Set(owner.keyContactIds);
  for (const op of ops) {
    if (op.operation === 'ADD') linked.add(op.key_contact_id);
    else linked.delete(op.key_contact_id);
  }
  return [...linked];
}

/** The owner's general contact rows. */
export function contactsOf(store: Store, owner: { type: ContactOwner; id: number }): GeneralContactRecord[] {
  return store.generalContacts.filter((row) => row.ownerType === owner.type && row.ownerId === owner.id);
}
