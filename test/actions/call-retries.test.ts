/**
 * Retry accounting: every API call an activity makes gets the step's attempts of its own, so a
 * 500 on one call never uses up the attempts of the calls beside or after it, in a single call's
 * activity and in a batch; a call whose attempts all fail ends its activity for good, as a
 * failure that does not claim the API refused it. Activities run against the sandbox over real
 * HTTP, given the retry policy the workflow hands them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FailureDetails } from '../../activities/types.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { quickRetry } from '../support/batch-calls.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { coversAction } from './write-coverage.ts';

/** The requests of `tour.create`, each answered 500 once (`times: 1`), in the order it sends them. */
const EACH_CALL_ONCE = [
  { method: 'GET', path: '^/v1/organizations$' },
  { method: 'POST', path: '^/v1/tours$' },
  { method: 'GET', path: '^/v1/tours/[^/]+/data$' },
];

const tourArgs = (name: string): JsonObject => ({
  name,
  timeZone: 'Europe/Berlin',
  days: [{ date: '2027-05-01', city: 'Leipzig', dayType: 'Show' }],
});

describe('each API call gets its own attempts', () => {
  let h: Harness;
  const tours = (name: string) => rows(h.snapshot(), 'tours').filter((tour) => tour.name === name);
  beforeAll(async () => {
    h = await startHarness();
    await h.createTour('Warm-up'); // reads the reference data once, as a worker would have
  });
  afterEach(() => {
    h.sandbox.faults.clear();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an activity whose every call fails once succeeds in one attempt, under three attempts a call', async () => {
    for (const match of EACH_CALL_ONCE) h.sandbox.faults.add({ kind: 'status', status: 500, match, times: 1 });
    const outcome = await h.run('tour.create', tourArgs('Each call once'), { retry: quickRetry(3) });
    expect(outcome.describe).toBe('created tour Each call once with 1 days');
    expect(tours('Each call once')).toHaveLength(1);
    expect(h.sandbox.faults.list()).toEqual([]);
  });

  it('a call failing as often as it has attempts fails the activity for good, not as a refusal', async () => {
    h.sandbox.faults.add({ kind: 'status', status: 500, match: { method: 'POST', path: '^/v1/tours$' }, times: 3 });
    const failure = await failureOf(h.run('tour.create', tourArgs('Out of attempts'), { retry: quickRetry(3) }));
    expect(failure.type).toBe('INTERNAL_ERROR');
    expect(failure.nonRetryable).toBe(true);
    expect(failure.details?.[0]).toMatchObject({ retriesExhausted: true, wroteNothing: true });
    expect(tours('Out of attempts')).toEqual([]);
    expect(h.sandbox.faults.list()).toEqual([]);
  });

  it('a call out of attempts wrote nothing only when every send was answered so: not after a lost answer or a 502', async () => {
    const createTour = { method: 'POST', path: '^/v1/tours$' };
    h.sandbox.faults.add({ kind: 'status', status: 502, match: createTour, times: 3 });
    const empty = await failureOf(h.run('tour.create', tourArgs('Empty responses'), { retry: quickRetry(3) }));
    expect(empty.details?.[0]).toMatchObject({ retriesExhausted: true });
    expect((empty.details?.[0] as FailureDetails).wroteNothing).toBeUndefined();

    // The first send commits and loses its answer; its repeats get the kept answer, lost too.
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: createTour, times: 3 });
    const lost = await failureOf(h.run('tour.create', tourArgs('Lost answers'), { retry: quickRetry(3) }));
    expect(lost.details?.[0]).toMatchObject({ retriesExhausted: true });
    expect((lost.details?.[0] as FailureDetails).wroteNothing).toBeUndefined();
    expect(tours('Lost answers')).toHaveLength(1);
  });

  it('a refusal is still a refusal: tried once, not marked as out of attempts', async () => {
    h.sandbox.faults.add({ kind: 'status', status: 409, match: { method: 'POST', path: '^/v1/tours$' }, times: 2 });
    const failure = await failureOf(h.run('tour.create', tourArgs('Refused'), { retry: quickRetry(3) }));
    expect([failure.type, failure.nonRetryable]).toEqual(['GRAPHQL_ERROR', true]);
    expect((failure.details?.[0] as FailureDetails).retriesExhausted).toBeUndefined();
    expect(h.sandbox.faults.list()).toHaveLength(1);
  });

  it('in a batch, a call whose every request fails once does not use up its attempts, nor those of the calls after it', async () => {
    for (const match of EACH_CALL_ONCE) h.sandbox.faults.add({ kind: 'status', status: 500, match, times: 1 });
    const names = ['Batch one', 'Batch two', 'Batch three'];
    const calls = names.map((name) => h.stepCall('tour.create', tourArgs(name), { stepId: 'tours' }));
    const { results } = await h.batch(calls, quickRetry(3));
    expect(results.map((result) => result?.outcome?.describe)).toEqual(
      names.map((name) => `created tour ${name} with 1 days`),
    );
    for (const name of names) expect(tours(name)).toHaveLength(1);
  });

  it('a delete whose answer was lost is sent again, finds the record gone, and is done', async () => {
    coversAction('schedule.item.delete', 'lostAnswer');
    coversAction('tag.delete', 'lostAnswer');
    const tourId = (await h.createTour('Deletes')).id;
    await h.run('tag.create', { tourId, name: 'Lost answer', color: 'Red' });
    const item = await h.run('schedule.item.create', {
      tourId,
      day: '2027-03-27',
      name: 'Lost answer',
      start: '10:00',
    });
    const itemId = (item.output as { id: number }).id;
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'DELETE', path: '/tags/[0-9]+$' }, times: 1 });
    h.sandbox.faults.add({
      kind: 'dropAfterCommit',
      match: { method: 'DELETE', path: '^/v1/schedule/items/[0-9]+$' },
      times: 1,
    });
    await h.run('tag.delete', { tourId, tag: 'Lost answer' }, { retry: quickRetry(3) });
    await h.run('schedule.item.delete', { itemId }, { retry: quickRetry(3) });
    expect(h.sandbox.faults.list()).toEqual([]);
    expect(rows(h.snapshot(), 'tags').filter((tag) => tag.tourId === tourId)).toEqual([]);
    expect(rows(h.snapshot(), 'scheduleItems').filter((row) => row.id === itemId)).toEqual([]);
  });
});
