/**
 * contacts.set, contact.update and contact.ensure against the sandbox over HTTP: what each leaves
 * in the store, an answer lost after the commit (one row, one change, one contact), and the undo
 * that writes the previous rows or values back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesFor } from '../../actions/contact/set-handlers.ts';
import { contactsSetArgs, contactUpdateArgs } from '../../actions/contact/catalogue.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { quickRetry } from '../support/batch-calls.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { checkWrite, createVenueAndStay } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

const TOUR = '6f1c1a52-8f1e-4a5e-9a49-3c1f0b7d2e11';
const CONTACTS_PUT = { method: 'PUT', path: '^/v1/(venues|accommodation)/[0-9]+/contacts$' };

describe('contact edit arguments and plans', () => {
  it.each([
    [contactsSetArgs, { tourId: TOUR, venue: 'Arena' }, 'give at least one of emails, phones, urls'],
    [contactsSetArgs, { tourId: TOUR, emails: [] }, 'give either "venue" or "stay"'],
    [contactUpdateArgs, { contact: 12 }, 'give at least one field to change'],
    [contactUpdateArgs, { contact: 12, org: 'Acme', tourId: TOUR, role: 'x' }, 'give "org" or "tourId", not both'],
  ] as const)('refuses %#', (schema, args, message) => {
    const parsed = schema.safeParse(args);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('adds what is missing, relabels what is there, and in replace mode removes the rest of that kind only', () => {
    const now = [
      { id: 1, kind: 'email' as const, value: 'Box@Arena.example', label: 'Box', country: null, isGoogle: false },
      { id: 2, kind: 'email' as const, value: 'old@arena.example', label: null, country: null, isGoogle: true },
      { id: 3, kind: 'phone' as const, value: '302060700', label: 'Office', country: 49, isGoogle: false },
    ];
    const wanted = {
      email: [
        { kind: 'email' as const, value: 'box@arena.example', label: 'Box office', country: null },
        { kind: 'email' as const, value: 'new@arena.example', label: undefined, country: null },
      ],
    };
    expect(changesFor('add', wanted, now)).toEqual([
      { operation: 'UPDATE', kind: 'email', id: 1, value: 'Box@Arena.example', country: null, label: 'Box office' },
      { operation: 'ADD', kind: 'email', value: 'new@arena.example', label: null, country: null },
    ]);
    expect(changesFor('replace', wanted, now)).toEqual([
      ...changesFor('add', wanted, now),
      { operation: 'REMOVE', kind: 'email', id: 2 },
    ]);
    expect(
      changesFor('add', { phone: [{ kind: 'phone', value: '30 2060700', label: undefined, country: 49 }] }, now),
    ).toEqual([]);
  });
});

describe('contact edit actions', () => {
  let h: Harness;
  let tourId: string;
  let venueId: number;
  let stayId: number;
  const contactsOf = (ownerType: string, ownerId: number) =>
    rows(h.snapshot(), 'generalContacts').filter((row) => row.ownerType === ownerType && row.ownerId === ownerId);
  const contact = (id: number) => rows(h.snapshot(), 'keyContacts').find((row) => row.id === id);
  /** A row removed and added back by the undo has a new ID: the one difference it leaves. */
  const withoutRowIds = (snapshot: StoreSnapshot): StoreSnapshot => ({
    ...snapshot,
    generalContacts: rows(snapshot, 'generalContacts')
      .map(({ id: _id, ...rest }) => rest)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  });

  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Contact Edits')).id;
    ({ venueId, stayId } = await createVenueAndStay(h, tourId));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('contacts.set adds e-mails, phones and URLs to a venue once after a lost answer; the undo removes them', async () => {
    coversAction('contacts.set', 'undo', 'lostAnswer');
    const args = {
      tourId,
      venue: 'Uber Arena',
      emails: [{ email: 'production@arena.example', label: 'Production' }],
      phones: [{ country: 49, number: '30 2060700', label: 'Office' }],
      urls: [{ url: 'https://arena.example/', label: 'Web' }],
    };
    const outcome = await checkWrite(h, 'contacts.set', args, CONTACTS_PUT, () => {
      expect(contactsOf('venue', venueId)).toEqual([
        expect.objectContaining({ kind: 'email', value: 'production@arena.example', label: 'Production' }),
        expect.objectContaining({ kind: 'phone', value: '302060700', country: '49', label: 'Office' }),
        expect.objectContaining({ kind: 'url', value: 'https://arena.example/', label: 'Web' }),
      ]);
    });
    expect(contactsOf('venue', venueId)).toEqual([]);
    expect(outcome.output).toEqual({ added: 0, updated: 0, removed: 0 });
  });

  it('contacts.set in add mode adds nothing twice; replace mode replaces one kind; the undo brings the rows back', async () => {
    await h.run('contacts.set', {
      tourId,
      stay: 'Hotel Adlon',
      emails: [{ email: 'front@adlon.example' }, { email: 'old@adlon.example' }],
      phones: [{ country: 49, number: '30 22610' }],
    });
    const again = await h.run('contacts.set', {
      tourId,
      stay: stayId,
      emails: [{ email: 'FRONT@adlon.example', label: 'Front desk' }],
    });
    expect(again.output).toEqual({ added: 0, updated: 1, removed: 0 });
    const emails: JsonValue[] = [{ email: 'front@adlon.example' }, { email: 'night@adlon.example', label: 'Night' }];
    const args = { tourId, stay: 'hotel adlon', mode: 'replace', emails };
    await checkWrite(
      h,
      'contacts.set',
      args,
      CONTACTS_PUT,
      () => {
        expect(contactsOf('stay', stayId).map((row) => [row.kind, row.value, row.label])).toEqual([
          ['email', 'front@adlon.example', 'Front desk'],
          ['phone', '3022610', null],
          ['email', 'night@adlon.example', 'Night'],
        ]);
      },
      withoutRowIds,
    );
  });

  it('contact.update edits a key contact found by e-mail; the undo puts the previous values back', async () => {
    coversAction('contact.update', 'undo', 'lostAnswer');
    const id = (
      (
        await h.run('contact.create', {
          tourId,
          firstName: 'Lena',
          lastName: 'Vogt',
          email: 'lena@promoter.example',
          role: 'Promoter',
        })
      ).output as { id: number }
    ).id;
    const args = {
      tourId,
      contact: 'LENA@promoter.example',
      email: 'lena.vogt@promoter.example',
      role: null,
      phone: { country: 49, number: '30 7654321' },
      city: 'Berlin',
    };
    const outcome = await checkWrite(
      h,
      'contact.update',
      args,
      { method: 'PUT', path: '^/v1/key-contacts/[0-9]+$' },
      () => {
        expect(contact(id)).toMatchObject({
          email: 'lena.vogt@promoter.example',
          role: null,
          number: '307654321',
          country: '49',
          city: 'Berlin',
          firstName: 'Lena',
        });
      },
    );
    expect(outcome.output).toEqual({ id });
    expect(contact(id)).toMatchObject({
      email: 'lena@promoter.example',
      role: 'Promoter',
      number: null,
      country: null,
      city: null,
    });
  });

  it('contact.update of a name the book lacks says so and changes nothing', async () => {
    const before = h.snapshot();
    const failure = await failureOf(h.run('contact.update', { tourId, contact: 'Nobody Here', role: 'x' }));
    expect(failure.message).toContain('No key contact "Nobody Here"');
    expect(h.snapshot()).toEqual(before);
  });

  it('contact.ensure finds a contact by e-mail, else by name, and adds one only when the book has none, once after a lost answer', async () => {
    coversAction('contact.ensure', 'lostAnswer');
    const known = (
      (await h.run('contact.create', { tourId, firstName: 'Max', lastName: 'Bühne', email: 'max@stage.example' }))
        .output as { id: number }
    ).id;
    const byEmail = await h.run('contact.ensure', {
      tourId,
      firstName: 'Maximilian',
      lastName: 'Buehne',
      email: 'MAX@stage.example',
    });
    expect(byEmail.output).toEqual({ id: known, created: false });
    expect(byEmail.undo).toEqual([]);
    const noEmail = (
      (await h.run('contact.create', { tourId, firstName: 'Ida', lastName: 'Licht' })).output as { id: number }
    ).id;
    expect(
      (await h.run('contact.ensure', { tourId, firstName: 'ida', lastName: 'LICHT', role: 'Lights' })).output,
    ).toEqual({ id: noEmail, created: false });

    const count = rows(h.snapshot(), 'keyContacts').length;
    // A contact of that name with no e-mail is taken as the same person.
    expect(
      (await h.run('contact.ensure', { tourId, firstName: 'Ida', lastName: 'Licht', email: 'ida@lights.example' }))
        .output,
    ).toEqual({ id: noEmail, created: false });
    const added = await h.run('contact.ensure', {
      tourId,
      firstName: 'Ola',
      lastName: 'Ton',
      email: 'ola@sound.example',
    });
    expect(added.output).toEqual({ id: expect.any(Number), created: true });
    expect(added.undo).toEqual([expect.objectContaining({ activity: 'keyContactLeftBehind' })]);
    expect(contact((added.output as { id: number }).id)).toMatchObject({
      firstName: 'Ola',
      lastName: 'Ton',
      email: 'ola@sound.example',
    });

    // A lost answer under the step's per-call retries: the POST is sent again with its key and answered as before.
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/key-contacts$' }, times: 1 });
    const retried = await h.run(
      'contact.ensure',
      { tourId, firstName: 'Uma', lastName: 'Key', email: 'uma@keys.example' },
      { retry: quickRetry(3) },
    );
    expect(retried.output).toEqual({ id: expect.any(Number), created: true });
    expect(rows(h.snapshot(), 'keyContacts')).toHaveLength(count + 2);

    // A lost answer and a new attempt of the activity (a worker crash): it finds the contact the
    // first one added, adds none, and knows it as its own by the first answer to its key.
    const args = { tourId, firstName: 'Pia', lastName: 'Rigg', email: 'pia@rigging.example' };
    const call = h.stepCall('contact.ensure', args);
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/key-contacts$' }, times: 1 });
    await failureOf(h.run('contact.ensure', args, { key: call.idempotencyKey }));
    const outcome = await h.secondAttempt(call);
    expect(rows(h.snapshot(), 'keyContacts')).toHaveLength(count + 3);
    expect(outcome.output).toEqual({ id: expect.any(Number), created: true });
    expect(outcome.undo).toEqual([
      expect.objectContaining({
        activity: 'keyContactLeftBehind',
        args: { contactId: (outcome.output as { id: number }).id, label: 'Pia Rigg' },
      }),
    ]);
    expect(contact((outcome.output as { id: number }).id)).toMatchObject({
      firstName: 'Pia',
      email: 'pia@rigging.example',
    });

    // A new attempt whose first one ended before adding anything finds a contact that was there: not its own, and nothing added.
    const before = h.snapshot();
    const found = await h.secondAttempt(
      h.stepCall('contact.ensure', { tourId, firstName: 'Pia', lastName: 'Rigg', email: 'PIA@rigging.example' }),
    );
    expect(found.output).toEqual({ id: (outcome.output as { id: number }).id, created: false });
    expect(found.undo).toEqual([]);
    expect(h.snapshot()).toEqual(before);
  });

  it('contact.ensure refuses a name two contacts without an e-mail share, naming both', async () => {
    const a = ((await h.run('contact.create', { tourId, firstName: 'Sam', lastName: 'Twin' })).output as { id: number })
      .id;
    const b = ((await h.run('contact.create', { tourId, firstName: 'Sam', lastName: 'Twin' })).output as { id: number })
      .id;
    const failure = await failureOf(h.run('contact.ensure', { tourId, firstName: 'Sam', lastName: 'Twin' }));
    expect(failure.message).toContain(String(a));
    expect(failure.message).toContain(String(b));
  });
});
