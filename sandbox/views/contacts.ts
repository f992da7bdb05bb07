/** How key contacts and general contact rows appear in API responses. */
import type { GeneralContactRecord, KeyContactRecord } from '../store/records.ts';
import { lookup } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';

/** A key contact of the organization book. */
export function keyContactView(contact: KeyContactRecord): Record<string, unknown> {
  const color = lookup('avatarColors', contact.avatarColorId);
  return {
    id: contact.id,
    first_name: contact.firstName,
    last_name: contact.lastName,
    email: contact.email,
    number: contact.number,
    country: contact.country,
    role: contact.role,
    company: contact.company,
    city: contact.city,
    url: contact.url,
    avatarColorType: color ? { ...color } : null,
  };
}

/** A general contact row: exactly one of `email`, `phone`, `url` is set. */
export function generalContactView(row: GeneralContactRecord): Record<string, unknown> {
  const base = { id: row.id, label: row.label, is_google: row.isGoogle };
  return {
    email: row.kind === 'email' ? { ...base, email: row.value } : null,
    phone: row.kind === 'phone' ? { ...base, country: row.country, phone: row.value } : null,
    url: row.kind === 'url' ? { ...base, url: row.value } : null,
  };
}

/** The linked key contacts that still exist, in link order. */
export function linkedKeyContactViews(store: Store, ids: readonly number[]): Array<Record<string, unknown>> {
  return ids.flatMap((id) => {
    const contact = store.keyContacts.get(id);
    return contact ? [keyContactView(contact)] : [];
  });
}
