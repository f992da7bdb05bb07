/**
 * The goal benches' parts that need no servers (`npm run bench:triggers`, `npm run bench:retry`):
 * their flags, the moments of the writes, the figures against the goals, and the guest list the
 * retry bench imports.
 */
import { describe, expect, it } from 'vitest';
import {
  compareGuestLists,
  creates,
  guestList,
  MISSING_DATE,
  parseRetryOptions,
  retryFigures,
  runCost,
  tourDates,
} from '../../bench/retry-figures.ts';
import {
  burstFigures,
  callsByKind,
  callsFigures,
  historyFigures,
  latencyFigures,
  triggersPlaybook,
  writeMoments,
} from '../../bench/trigger-figures.ts';
import { parseTriggerOptions } from '../../bench/trigger-options.ts';
import { compilePlaybookSource } from '../../definitions/index.ts';
import type { TriggeredPlan } from '../../definitions/trigger-types.ts';

const stats = (calls: number) => ({ calls, ms: 0, bytes: 0 });

describe('bench:triggers figures', () => {
  it('spreads the writes over the span, in order', () => {
    let n = 0;
    const fixed = [0.9, 0.1, 0.5];
    expect(writeMoments(3, 180_000, () => fixed[n++]!)).toEqual([18_000, 90_000, 162_000]);
    const random = writeMoments(50, 1000);
    expect(random).toHaveLength(50);
    expect(random.every((ms, i) => ms >= 0 && ms < 1000 && (i === 0 || ms >= random[i - 1]!))).toBe(true);
  });

  it('holds the latencies against the interval plus 15 s', () => {
    expect(latencyFigures(60_000, [30_000, 74_000, 50_000])).toMatchObject({
      spread: { median: 50_000, max: 74_000 },
      goalMs: 75_000,
      met: true,
    });
    expect(latencyFigures(60_000, [30_000, 76_000]).met).toBe(false);
    expect(latencyFigures(60_000, []).met).toBe(false);
  });

  it('sorts a poll’s calls into whole-tour reads, pages of truncated days and others', () => {
    const counts = {
      'GET /v1/tours/:uuid/data': stats(14),
      'GET /v1/tours/:uuid/days/:id/guestlist': stats(3),
      'GET /v1/tours/:uuid/days/:id/schedule': stats(1),
      'GET /v1/accommodations/:id/rooms': stats(2),
      'POST /oauth/token': stats(1),
    };
    expect(callsByKind(counts)).toEqual({ wholeTour: 14, pages: 4, other: 2 });
  });

  it('bounds the calls per poll by one whole-tour read per 10 days plus the pages', () => {
    const met = callsFigures(8, 60, 2, { wholeTour: 12, pages: 2, other: 0 });
    expect(met).toMatchObject({ perPoll: { total: 7, wholeTour: 6, pages: 1 }, bound: 7, met: true });
    expect(callsFigures(8, 60, 2, { wholeTour: 14, pages: 0, other: 0 })).toMatchObject({ bound: 6, met: false });
    expect(callsFigures(1, 4, 10, { wholeTour: 10, pages: 0, other: 0 })).toMatchObject({ bound: 1, met: true });
  });

  it('meets the burst goal only with one run per burst, each seeing the last state, bursts inside the quiet period', () => {
    const base = {
      bursts: 2,
      editsPerBurst: 50,
      quietMs: 5000,
      burstMs: [1500, 1600],
      runs: [1, 1],
      sawLast: [true, true],
      startAfterLastMs: [6000, 6100],
    };
    expect(burstFigures(base).met).toBe(true);
    expect(burstFigures({ ...base, runs: [1, 2] }).met).toBe(false);
    expect(burstFigures({ ...base, sawLast: [true, false] }).met).toBe(false);
    expect(burstFigures({ ...base, burstMs: [1500, 5200] }).met).toBe(false);
  });

  it('takes the largest history of the watcher’s runs against 10,000 events', () => {
    const fields = { polls: 2880, pollMs: 1, changes: 28, started: 28, duplicates: 0, eventsPerPoll: 6, seconds: 90 };
    expect(historyFigures({ ...fields, runs: [3012, 3020, 3007, 1400] })).toMatchObject({
      largest: 3020,
      projectedFullRun: 3006,
      simulatedDays: 2,
      met: true,
    });
    expect(historyFigures({ ...fields, runs: [10_001] }).met).toBe(false);
    // fewer polls than a run: the projection of a full run at the rate measured is held to the goal
    expect(historyFigures({ ...fields, polls: 100, eventsPerPoll: 20, runs: [2000] })).toMatchObject({
      projectedFullRun: 10_020,
      met: false,
    });
    expect(historyFigures({ ...fields, duplicates: 1, runs: [3000] }).met).toBe(false);
    expect(historyFigures({ ...fields, runs: [] }).met).toBe(false);
  });

  it('writes a playbook of any number of triggers that compiles', async () => {
    const compiled = await compilePlaybookSource(triggersPlaybook(10), { file: 'bench-triggers.yaml' });
    expect(compiled.errors).toEqual([]);
    expect((compiled.plan as TriggeredPlan | undefined)?.triggers?.map((t) => t.id)).toEqual(
      Array.from({ length: 10 }, (_, n) => `t${n + 1}`),
    );
  });

  it('parses its flags, with the one-minute interval by default, and names a bad one', () => {
    const options = parseTriggerOptions([]);
    expect(options).toMatchObject({
      parts: ['latency', 'calls', 'burst', 'history'],
      pollMs: 60_000,
      triggers: [1, 8],
    });
    expect(parseTriggerOptions(['--parts', 'history', '--history-polls', '43200']).historyPolls).toBe(43_200);
    expect(() => parseTriggerOptions(['--parts', 'speed'])).toThrow('--parts: "speed" is not one of');
    expect(() => parseTriggerOptions(['--writes', '0'])).toThrow('--writes: "0" is not a whole number of at least 1');
  });
});

describe('bench:retry figures', () => {
  it('makes a list of distinct guests with the failed ones spread through it, on a date the tour lacks', () => {
    const dates = tourDates(10);
    expect(dates[0]).toBe('2027-06-01');
    expect(dates[9]).toBe('2027-06-10');
    const list = guestList(5000, dates, 10);
    expect(new Set(list.map((g) => g.firstName)).size).toBe(5000);
    const failed = list.flatMap((g, i) => (g.date === MISSING_DATE ? [i] : []));
    expect(failed).toHaveLength(10);
    expect(failed[0]).toBe(250);
    expect(failed[9]).toBe(4750);
    const fixed = guestList(5000, dates, 10, dates[0]);
    expect(fixed.filter((g) => g.date === MISSING_DATE)).toEqual([]);
    expect(fixed.map((g) => g.firstName)).toEqual(list.map((g) => g.firstName));
  });

  it('counts creates, reads and other writes of a run', () => {
    const cost = runCost(1200, {
      'POST /v1/guestlist': stats(10),
      'GET /v1/tours/:uuid/data': stats(1),
      'POST /oauth/token': stats(1),
    });
    expect(cost).toEqual({ wallMs: 1200, calls: 11, reads: 1, writes: { 'POST /v1/guestlist': 10 } });
    expect(creates(cost)).toBe(10);
  });

  it('finds entries twice and entries missing', () => {
    const list = guestList(4, tourDates(2), 1);
    expect(compareGuestLists(list, [list[0]!, list[1]!, list[1]!, list[2]!])).toEqual({ duplicates: 1, missing: 1 });
    expect(compareGuestLists(list, list)).toEqual({ duplicates: 0, missing: 0 });
  });

  it('meets the goal with exactly the failed elements created and nothing else written', () => {
    const cost = (writes: Record<string, number>) => ({ wallMs: 1, calls: 11, reads: 1, writes });
    const fields = {
      elements: 5000,
      failed: 10,
      first: { ...cost({ 'POST /v1/guestlist': 4990 }), warnings: 10 },
      retry: { ...cost({ 'POST /v1/guestlist': 10 }), done: 10 },
      full: cost({ 'POST /v1/guestlist': 5000 }),
      duplicates: 0,
      missing: 0,
    };
    expect(retryFigures(fields).met).toBe(true);
    expect(retryFigures({ ...fields, retry: { ...fields.retry, writes: { 'POST /v1/guestlist': 11 } } }).met).toBe(
      false,
    );
    expect(
      retryFigures({ ...fields, retry: { ...fields.retry, writes: { 'POST /v1/guestlist': 10, 'PUT /v1/x': 1 } } }).met,
    ).toBe(false);
    expect(retryFigures({ ...fields, duplicates: 1 }).met).toBe(false);
  });

  it('parses its flags', () => {
    expect(parseRetryOptions([])).toMatchObject({ elements: 5000, failed: 10, days: 10, latencyMs: 20 });
    expect(parseRetryOptions(['--elements', '5', '--failed', '9']).failed).toBe(5);
    expect(() => parseRetryOptions(['--days', 'x'])).toThrow('--days: "x" is not a whole number of at least 1');
  });
});
