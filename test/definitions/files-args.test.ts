/** The arguments of the file actions and of guests.configureDay: what a playbook may write, and what it is told otherwise. */
import { describe, expect, it } from 'vitest';
import {
  fileAttachArgs,
  fileDownloadArgs,
  fileRemoveArgs,
  fileUploadArgs,
  guestsConfigureDayArgs,
} from '../../definitions/actions/index.ts';

const tourId = '0b8e8f4e-1f39-4c39-9a55-3c1a6f5a3c11';
const problems = (
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } },
  args: unknown,
): string[] => schema.safeParse(args).error?.issues.map((issue) => issue.message) ?? [];

describe('file.upload arguments', () => {
  it.each([
    [{ tourId, url: 'https://example.com/rider.pdf' }, []],
    [{ tourId, file: 'riders/plot.pdf' }, []],
    [{ tourId, text: 'Doors 19:00', fileName: 'doors.txt' }, []],
    [{ tourId, base64: 'QUJD', fileName: 'abc.txt', contentType: 'text/plain' }, []],
    [{ tourId }, ['give exactly one of url, text, base64, file, localFile']],
    [
      { tourId, url: 'https://example.com/a.pdf', file: 'a.pdf' },
      ['give exactly one of url, text, base64, file, localFile'],
    ],
    [{ tourId, text: 'x' }, ['"fileName" is needed with "text" or "base64"']],
    [{ tourId, url: 'ftp://example.com/a.pdf' }, ['expected a public http or https URL']],
    [{ tourId, file: '../secrets.txt' }, ['must stay inside the folder (no "..")']],
    [{ tourId, file: '/etc/passwd' }, ['a path inside the folder, not an absolute one']],
    [{ tourId, text: 'x', fileName: 'a/b.txt' }, ['a file name, without folders']],
    [{ tourId, file: '${{ inputs.file }}' }, []],
  ])('%j -> %j', (args, expected) => {
    expect(problems(fileUploadArgs, args)).toEqual(expected);
  });
});

describe('the record a file goes on', () => {
  it.each([
    [fileAttachArgs, { tourId, key: 'k', venue: 'Tempodrom' }, []],
    [fileAttachArgs, { tourId, key: 'k', scheduleItem: 12 }, []],
    [fileAttachArgs, { tourId, key: 'k', scheduleItem: 'Load-in', day: '2027-03-27' }, []],
    [fileAttachArgs, { tourId, key: 'k' }, ['give exactly one of scheduleItem, venue, stay, passType']],
    [
      fileAttachArgs,
      { tourId, key: 'k', venue: 1, stay: 2 },
      ['give exactly one of scheduleItem, venue, stay, passType'],
    ],
    [fileAttachArgs, { tourId, key: 'k', scheduleItem: 'Load-in' }, ['"scheduleItem" by name needs "day"']],
    [fileAttachArgs, { tourId, key: 'k', venue: 1, day: '2027-03-27' }, ['"day" goes with "scheduleItem"']],
    [fileRemoveArgs, { tourId, file: 'Old plot' }, []],
    [fileRemoveArgs, { tourId, file: 7, passType: 'VIP' }, []],
    [
      fileRemoveArgs,
      { tourId, file: 'x', venue: 1, passType: 2 },
      ['give at most one of scheduleItem, venue, stay, passType'],
    ],
    [fileDownloadArgs, { tourId, file: 'Stage plot', folder: '../out' }, ['must stay inside the folder (no "..")']],
  ] as const)('%#', (schema, args, expected) => {
    expect(problems(schema, args)).toEqual(expected);
  });
});

describe('guests.configureDay arguments', () => {
  it.each([
    [{ tourId, day: '2027-03-27', cap: 100 }, []],
    [{ tourId, day: '2027-03-27', cap: null, locked: false, cutoff: null, venue: null, passCaps: [] }, []],
    [{ tourId, day: 12, passCaps: [{ type: 'VIP', cap: 20 }] }, []],
    [{ tourId, day: '2027-03-27' }, ['give at least one of cap, locked, cutoff, venue, passCaps']],
    [
      { tourId, day: '2027-03-27', cutoff: '2027-03-27 12:00' },
      ['expected an ISO 8601 instant like 2027-03-27T12:00:00+01:00'],
    ],
    [{ tourId, day: '2027-03-27', cap: -1 }, ['Too small: expected number to be >=0']],
  ])('%j -> %j', (args, expected) => {
    expect(problems(guestsConfigureDayArgs, args)).toEqual(expected);
  });
});
