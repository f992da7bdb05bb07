import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildDayList,
  dateToEpochMs,
  epochMsToLocal,
  idFields,
  isClockTime,
  localToEpochMs,
  tomorrowIn,
  TranslateError,
  visibilityFields,
} from '../../definitions/translate.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('localToEpochMs', () => {
  it.each([
    // Europe/Berlin: CET (+1) until 2027-03-28 02:00, then CEST (+2)
    ['the day before the change', '2027-03-27', '20:00', 'Europe/Berlin', '2027-03-27T19:00:00.000Z'],
    ['just before the jump', '2027-03-28', '01:59', 'Europe/Berlin', '2027-03-28T00:59:00.000Z'],
    ['a skipped time moves forward by the gap', '2027-03-28', '02:30', 'Europe/Berlin', '2027-03-28T01:30:00.000Z'],
    ['after the jump', '2027-03-28', '03:00', 'Europe/Berlin', '2027-03-28T01:00:00.000Z'],
    ['an evening after the change', '2027-03-28', '20:00', 'Europe/Berlin', '2027-03-28T18:00:00.000Z'],
    // back to CET on 2027-10-31 at 03:00: 02:30 happens twice; the first is meant
    ['a repeated time means the first', '2027-10-31', '02:30', 'Europe/Berlin', '2027-10-31T00:30:00.000Z'],
    ['after falling back', '2027-10-31', '03:30', 'Europe/Berlin', '2027-10-31T02:30:00.000Z'],
    // London and New York change on other dates; Kolkata never does, Kathmandu is +5:45
    ['London in March before its change', '2027-03-27', '20:00', 'Europe/London', '2027-03-27T20:00:00.000Z'],
    ['New York after its March change', '2027-03-27', '20:00', 'America/New_York', '2027-03-28T00:00:00.000Z'],
    ['a zone without DST', '2027-03-28', '02:30', 'Asia/Kolkata', '2027-03-27T21:00:00.000Z'],
    ['a quarter-hour offset', '2027-03-28', '12:00', 'Asia/Kathmandu', '2027-03-28T06:15:00.000Z'],
    ['UTC', '2027-03-28', '00:00', 'UTC', '2027-03-28T00:00:00.000Z'],
  ])('%s', (_name, date, time, zone, expected) => {
    expect(iso(localToEpochMs(date, time, zone))).toBe(expected);
  });

  it('refuses what validation should have caught', () => {
    expect(() => localToEpochMs('2027-3-28', '10:00', 'UTC')).toThrow(TranslateError);
    expect(() => localToEpochMs('2027-03-28', '24:00', 'UTC')).toThrow('expected a time like "19:30", got "24:00"');
    expect(() => localToEpochMs('2027-03-28', '10:00', 'Mars/Olympus')).toThrow('unknown time zone "Mars/Olympus"');
  });
});

describe('dates', () => {
  it('date-only fields are midnight UTC', () => {
    expect(iso(dateToEpochMs('2027-03-28'))).toBe('2027-03-28T00:00:00.000Z');
  });

  it('reads an instant back as local date and time', () => {
    expect(epochMsToLocal(Date.parse('2027-03-28T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2027-03-28',
      time: '03:30',
    });
  });

  it('adds days across month ends and the DST change', () => {
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('tomorrow depends on the zone', () => {
    const now = new Date('2027-03-27T23:30:00Z');
    expect(tomorrowIn('Europe/Berlin', now)).toBe('2027-03-29');
    expect(tomorrowIn('America/New_York', now)).toBe('2027-03-28');
  });

  it('checks HH:mm', () => {
    expect([
      isClockTime('09:05'),
      isClockTime('9:05'),
      isClockTime('23:59'),
      isClockTime('24:00'),
      isClockTime('12:00:00'),
    ]).toEqual([true, false, true, false, false]);
  });
});

describe('API field names', () => {
  it('spells tour and day IDs the way each create body wants them', () => {
    expect(idFields('scheduleItem', { tourId: 't', dayId: 1 })).toEqual({ tour_id: 't', day_id: 1 });
    expect(idFields('accommodation', { tourId: 't', dayId: 1 })).toEqual({ tourId: 't', dayId: 1 });
    expect(idFields('bulletin', { dayId: 4 })).toEqual({ dayId: 4 });
  });

  it('makes records visible to everyone unless told otherwise', () => {
    expect(visibilityFields('scheduleItem', undefined)).toEqual({ isEveryone: true });
    expect(visibilityFields('venue', 'admins')).toEqual({ isEveryone: false, isAdminsOnly: true });
    expect(visibilityFields('venue', { people: ['a@x.de'] }, { userIds: ['u1'], inviteIds: [7] })).toEqual({
      isEveryone: false,
      visibility_list: ['u1'],
    });
    expect(visibilityFields('scheduleItem', { people: ['a@x.de'] }, { userIds: ['u1'], inviteIds: [7] })).toEqual({
      isEveryone: false,
      visibilityList: ['u1'],
      invitesVisibilityList: [7],
    });
  });
});

describe('buildDayList', () => {
  const existing = [
    { id: 1, date: '2027-03-27' },
    { id: 2, date: '2027-03-28' },
    { id: 3, date: '2027-03-29' },
  ];

  it('keeps every existing day when only adding or changing', () => {
    const list = buildDayList(existing, {
      update: new Map([[2, { name: 'Off in Berlin' }]]),
      add: [{ date: '2027-03-30', name: 'Hamburg' }],
    });
    expect(list).toEqual([
      { day_id: 1 },
      { day_id: 2, name: 'Off in Berlin' },
      { day_id: 3 },
      { date: '2027-03-30', name: 'Hamburg' },
    ]);
  });

  it('drops only the days asked for', () => {
    expect(buildDayList(existing, { remove: new Set([2]) })).toEqual([{ day_id: 1 }, { day_id: 3 }]);
  });
});
