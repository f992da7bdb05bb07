/**
 * "Write committed, response lost" on every write type of tour-setup: each POST, PUT and
 * DELETE commits and then loses its response once; the run still completes and the store
 * holds exactly as many records as a run without faults. A template REPLACE whose answers are
 * all lost rolls back and puts back the items it replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { distinctWriteEndpoints } from '../support/write-steps.ts';
import { coversGroup } from '../actions/write-coverage.ts';

type Tables = Record<string, unknown[]>;

/** Live records per table. */
function counts(snapshot: unknown): Record<string, number> {
  return Object.fromEntries(
    Object.entries(snapshot as Tables)
      .filter(([, rows]) => Array.isArray(rows))
      .map(([table, rows]) => [table, rows.length]),
  );
}

describe('lost responses on every write type', () => {
  let clean: TestStack;
  let faulty: TestStack;
  beforeAll(async () => {
    [clean, faulty] = await Promise.all([startTestStack(), startTestStack()]);
  });
  afterAll(async () => {
    await Promise.all([clean?.close(), faulty?.close()]);
  });

  it('completes with no duplicate record when each write endpoint loses one response', async () => {
    const expected = await clean.run('tour-setup.yaml', {}, 'clean');
    expect(expected.result?.status, expected.message).toBe('completed');

    const endpoints = distinctWriteEndpoints(await faulty.compile('tour-setup.yaml'));
    expect(endpoints.length).toBeGreaterThanOrEqual(8);
    for (const match of endpoints) faulty.sandbox.faults.add({ match, kind: 'dropAfterCommit', times: 1 });
    const outcome = await faulty.run('tour-setup.yaml', {}, 'lossy');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(counts(faulty.sandbox.snapshot({ normalise: true }))).toEqual(
      counts(clean.sandbox.snapshot({ normalise: true })),
    );
  }, 180_000);

  it('rolls back a REPLACE whose answers were all lost, restoring the items it replaced', async () => {
    coversGroup('schedule templates');
    const setup = await clean.run('tour-setup.yaml', { name: 'Lost replace' }, 'lost-replace');
    expect(setup.result?.status, setup.message).toBe('completed');
    const before = clean.sandbox.snapshot({ normalise: true });
    // The first attempt replaces the day's items and loses its answer; so do the repeats.
    clean.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '/apply$' }, times: 4 });
    try {
      const inputs = {
        tourId: setup.result!.outputs.tourId,
        templates: ['Show day'],
        from: '2027-03-29',
        to: '2027-03-29',
        mode: 'REPLACE',
      };
      const outcome = await clean.run('apply-schedule-templates.yaml', inputs, 'lost-replace');
      expect(outcome.result?.status, outcome.message).toBe('rolledBack');
      expect(clean.sandbox.snapshot({ normalise: true })).toEqual(before);
    } finally {
      clean.sandbox.faults.clear();
    }
  }, 120_000);
});
