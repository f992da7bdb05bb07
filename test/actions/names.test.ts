/** The one rule names are resolved by: IDs, folded names, ambiguity and nearest names, what a failure shows. */
import { ApplicationFailure } from '@temporalio/activity';
import { describe, expect, it } from 'vitest';
import { isNamed } from '../../actions/org/handlers.ts';
import { matchPerson, nearestNames, peopleOf, pick, pickPerson, type Candidate } from '../../activities/names/index.ts';

const stays: Candidate<string>[] = [
  { record: 'adlon', id: 1, name: 'Hotel Adlon', detail: 'Berlin' },
  { record: 'ritz-berlin', id: 2, name: 'The Ritz', detail: 'Berlin, check-in 2027-03-27' },
  { record: 'ritz-hamburg', id: 3, name: 'the  ritz', detail: 'Hamburg, check-in 2027-03-28' },
];
const context = { kind: 'stay', where: 'on tour T' };

function failure(body: () => unknown): ApplicationFailure {
  try {
    body();
  } catch (error) {
    if (error instanceof ApplicationFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('pick', () => {
  it.each([
    ['an ID', 1, 'adlon'],
    ['an ID as text', '2', 'ritz-berlin'],
    ['a name in another case, with spaces around', '  hotel ADLON ', 'adlon'],
  ])('finds a record by %s', (_what, ref, record) => {
    expect(pick(context, ref, stays)).toBe(record);
  });

  it('lists the candidates of an ambiguous name with what tells them apart', () => {
    const error = failure(() => pick(context, 'The Ritz', stays));
    expect(error.type).toBe('AMBIGUOUS_NAME');
    expect(error.message).toBe(
      '2 stays on tour T match "The Ritz": The Ritz (ID 2, Berlin, check-in 2027-03-27), the  ritz (ID 3, Hamburg, check-in 2027-03-28); give the ID instead.',
    );
  });

  it('lists the nearest names of an unknown one, every record when none is near, and says when there are none', () => {
    expect(failure(() => pick(context, 'Hotel Adlom', stays)).message).toBe(
      'No stay "Hotel Adlom" on tour T; nearest: "Hotel Adlon".',
    );
    expect(failure(() => pick(context, 'Motel One', stays)).message).toBe(
      'No stay "Motel One" on tour T; there are: Hotel Adlon (ID 1, Berlin), The Ritz (ID 2, Berlin, check-in 2027-03-27), the  ritz (ID 3, Hamburg, check-in 2027-03-28).',
    );
    expect(failure(() => pick(context, 9, stays)).message).toMatch(
      /^No stay with ID 9 on tour T; there are: Hotel Adlon/,
    );
    expect(failure(() => pick({ ...context, hint: 'create one with stay.create' }, 'Adlon', [])).message).toBe(
      'No stay "Adlon" on tour T; there are none (create one with stay.create).',
    );
  });

  it('never repeats a name it must not show, nor the records’ names', () => {
    const guests: Candidate<number>[] = [
      { record: 1, id: 11, name: 'Ada Lindholm', shown: 'entry 11 (party of 2, Pending)' },
      { record: 2, id: 12, name: 'Ada Lindholm', shown: 'entry 12 (party of 1, Approved)' },
    ];
    const where = { kind: 'guest list entry', where: 'on 2027-03-27', echo: false };
    expect(failure(() => pick(where, 'Ada Lindholm', guests)).message).toBe(
      '2 guest list entries on 2027-03-27 match the name given: entry 11 (party of 2, Pending), entry 12 (party of 1, Approved); give the ID instead.',
    );
    expect(failure(() => pick(where, 'Ben Okafor', guests)).message).toBe(
      'No guest list entry with the name given on 2027-03-27; there are 2 (entry 11 (party of 2, Pending), entry 12 (party of 1, Approved)).',
    );
  });

  it('nearestNames puts names containing the text first, closest first', () => {
    expect(nearestNames('Ritz', ['The Ritz', 'Ritz-Carlton', 'Adlon', 'Rita'])).toEqual([
      'The Ritz',
      'Ritz-Carlton',
      'Rita',
    ]);
  });
});

describe('people by name or e-mail', () => {
  const people = peopleOf({
    tour_users: [
      {
        id: 1,
        user: { id: 'u-sam', firstname: 'Sam', lastname: 'Rivera', email: 'sam@example.com' },
        user_role_type: { id: 3, name: 'Member' },
      },
      {
        id: 2,
        user: { id: 'u-sam2', firstname: 'Sam', lastname: 'Rivera', email: 'sam.r@example.com' },
        user_role_type: { id: 3, name: 'Member' },
      },
      {
        id: 3,
        user: { id: 'u-priya', firstname: 'Priya', lastname: 'Natarajan', email: 'priya@example.com' },
        user_role_type: { id: 2, name: 'Admin' },
      },
    ],
    pending_invites: [
      { id: 7, email: 'new.hire@example.com' },
      { id: 8, email: 'priya@example.com' },
    ],
  });

  it('finds a member by full name or e-mail, an invitee by e-mail; a member wins over their own invite', () => {
    expect(pickPerson(people, 'priya natarajan', 'T').id).toBe('u-priya');
    expect(pickPerson(people, 'PRIYA@example.com', 'T').id).toBe('u-priya');
    expect(pickPerson(people, { email: 'new.hire@example.com', name: 'New Hire' }, 'T')).toMatchObject({
      id: 7,
      kind: 'invite',
    });
    expect(matchPerson(people, 'nobody@example.com')).toEqual([]);
  });

  it('tells two crew members of the same name apart by e-mail', () => {
    const error = failure(() => pickPerson(people, 'Sam Rivera', 'T'));
    expect(error.message).toBe(
      '2 tour members or invitees on tour T match "Sam Rivera": Sam Rivera (ID u-sam, sam@example.com), Sam Rivera (ID u-sam2, sam.r@example.com); give the ID instead.',
    );
  });
});

describe('isNamed (the person filters of list actions)', () => {
  const lena = { name: 'Lena Vogt', email: 'Lena.Vogt@example.com' };
  it.each([
    ['the full name', 'Lena Vogt', true],
    ['the full name in another case, with spaces around and between', '  lena   VOGT ', true],
    ['the e-mail in another case', 'lena.vogt@EXAMPLE.com', true],
    ['the first name alone', 'Lena', false],
    ['another e-mail', 'lena@example.com', false],
  ])('%s: %s', (_what, wanted, expected) => {
    expect(isNamed(lena, wanted)).toBe(expected);
  });
  it('a person without an e-mail is found by name only', () => {
    expect(isNamed({ name: 'Sam Rivera', email: null }, 'Sam Rivera')).toBe(true);
    expect(isNamed({ name: null, email: null }, 'Sam Rivera')).toBe(false);
  });
});
