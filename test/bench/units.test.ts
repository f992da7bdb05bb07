/**
 * The bench's parts that need no servers: the generated tour's sizes, the run list, statistics,
 * endpoint names, the targets, and that the largest tour's input fits through Temporal.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPayloadConverter } from '@temporalio/common';
import { generateTour } from '../../bench/generate.ts';
import { withConcurrency } from '../../bench/run-setup.ts';
import { parseOptions, runList } from '../../bench/options.ts';
import { encryptionLine, idleReport, starvedRuns, stolenShare } from '../../bench/report.ts';
import type { Measurement } from '../../bench/measure.ts';
import { endpointOf, IdleClock } from '../../bench/sandbox-process.ts';
import { spread } from '../../bench/stats.ts';
import { cpuRatioBreaches, targets, type GroupSummary } from '../../bench/summary.ts';
import { compilePlaybookFile } from '../../definitions/index.ts';
import type { Plan } from '../../definitions/plan-types.ts';
import { CompressionCodec } from '../../worker/codec.ts';

describe('generated tour', () => {
  it('has the counts of size S at factor 1', () => {
    const { counts, inputs } = generateTour(1, 'Bench');
    expect(counts).toEqual({
      days: 60,
      showDays: 50,
      venues: 60,
      stays: 20,
      rooms: 300,
      scheduleItems: 2000,
      guests: 5000,
      daySheets: 60,
    });
    expect(inputs.days).toHaveLength(60);
    expect(inputs.guests).toHaveLength(5000);
    expect(inputs.rooms).toHaveLength(300);
    expect((inputs.days as Array<{ dayType: string }>)[0]?.dayType).toBe('Show');
  });

  it('scales linearly and keeps guest keys unique', () => {
    const quarter = generateTour(0.25, 'Bench').counts;
    const four = generateTour(4, 'Bench').counts;
    expect([quarter.days, quarter.rooms, quarter.guests]).toEqual([15, 75, 1250]);
    expect([four.days, four.rooms, four.guests, four.scheduleItems]).toEqual([240, 1200, 20000, 8000]);
    const guests = generateTour(4, 'Bench').inputs.guests as Array<{ date: string; lastName: string }>;
    expect(new Set(guests.map((g) => `${g.date} ${g.lastName}`)).size).toBe(guests.length);
  });

  it('keeps every running-order slot inside the day', () => {
    const order = generateTour(0.01, 'Bench').inputs.showDay as Array<{ end: string }>;
    expect(order.at(-1)!.end <= '23:59').toBe(true);
  });
});

describe('run list', () => {
  it('interleaves the variants per repetition, runs the naive script at S only and sweeps concurrency without it', () => {
    const runs = runList(parseOptions(['--reps', '2', '--sizes', '1,4', '--concurrency', '1,50']));
    expect(runs.slice(0, 3).map((r) => r.variant)).toEqual(['tourflow', 'direct', 'naive']);
    expect(runs.filter((r) => r.factor === 4 && r.variant === 'naive')).toEqual([]);
    const sweep = runs.filter((r) => r.concurrency !== null);
    expect(sweep).toHaveLength(8);
    expect(sweep.every((r) => r.factor === 0.25 && r.variant !== 'naive')).toBe(true);
  });

  it('runs the naive script at its own sizes even when the others skip them', () => {
    const runs = runList(parseOptions(['--reps', '1', '--sizes', '0.25', '--naive-sizes', '1', '--concurrency', '']));
    expect(runs.map((r) => `${r.variant}@${r.factor}`)).toEqual(['tourflow@0.25', 'direct@0.25', 'naive@1']);
  });

  it('says which flag has a bad value', () => {
    expect(() => parseOptions(['--sizes', '1,x'])).toThrow('--sizes: "x" is not a positive number');
    expect(() => parseOptions(['--variants', 'tourflow,fast'])).toThrow(/--variants: "fast"/);
  });
});

describe('helpers', () => {
  it('gives median and range', () => {
    expect(spread([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
    expect(spread([4, 1])).toEqual({ median: 2.5, min: 1, max: 4, n: 2 });
    expect(spread([])).toBeUndefined();
  });

  it('names endpoints without their IDs', () => {
    expect(endpointOf('/v1/tours/5d0c1a2b-1111-4222-8333-944455566677/days/12/schedule?limit=5')).toBe(
      '/v1/tours/:uuid/days/:id/schedule',
    );
    expect(endpointOf('/v1/schedule/items/batch')).toBe('/v1/schedule/items/batch');
    expect(
      endpointOf(
        '/storage/day-sheets/eyJraW5kIjoiZGF5LXNoZWV0IiwidG91cklkIjoiNzhiYWE3NTQ.BEddpUJoOZDO3A7LRlBAfKoKmOtPhbJHxgkW15pFevc',
      ),
    ).toBe('/storage/day-sheets/:token');
  });

  it('counts the API idle only while no request is in flight, and lists gaps of 20 ms or more', () => {
    const clock = new IdleClock();
    clock.started(1000, 'POST /v1/tours');
    clock.ended(1025, 'POST /v1/tours');
    clock.started(1030, 'POST /v1/venues'); // 5 ms idle: counted, not listed
    clock.started(1032, 'POST /v1/accommodation');
    clock.ended(1050, 'POST /v1/venues');
    clock.ended(1060, 'POST /v1/accommodation'); // one still in flight until here
    clock.started(1300, 'POST /v1/guestlist'); // 240 ms idle
    clock.ended(1320, 'POST /v1/guestlist');
    expect(clock.read()).toEqual({
      totalMs: 245,
      gaps: [{ atMs: 60, ms: 240, after: 'POST /v1/accommodation', before: 'POST /v1/guestlist' }],
    });
  });

  it('reports the idle time of each variant with its longest gaps in run order', () => {
    const run = (variant: 'tourflow' | 'direct', totalMs: number, gaps: Array<[number, number]>) =>
      ({
        variant,
        factor: 1,
        concurrency: null,
        rep: 1,
        apiIdle: {
          totalMs,
          gaps: gaps.map(([atMs, ms]) => ({ atMs, ms, after: 'POST /v1/venues', before: 'POST /v1/guestlist' })),
        },
      }) as unknown as Measurement;
    const gaps: Array<[number, number]> = [
      [100, 30],
      [360, 354],
      [900, 21],
      [1500, 25],
      [2000, 22],
      [5780, 166],
      [7190, 118],
      [9000, 20],
    ];
    const report = idleReport([run('tourflow', 780, gaps), run('direct', 110, [[264, 87]])], 1, ['tourflow', 'direct']);
    expect(report.split('\n')).toEqual([
      'tourflow: 0.78 s in all, 8 gap(s) of 20 ms or more',
      '    0.10 s    30 ms  after POST /v1/venues, before POST /v1/guestlist',
      '    0.36 s   354 ms  after POST /v1/venues, before POST /v1/guestlist',
      '    1.50 s    25 ms  after POST /v1/venues, before POST /v1/guestlist',
      '    2.00 s    22 ms  after POST /v1/venues, before POST /v1/guestlist',
      '    5.78 s   166 ms  after POST /v1/venues, before POST /v1/guestlist',
      '    7.19 s   118 ms  after POST /v1/venues, before POST /v1/guestlist',
      'hand-written: 0.11 s in all, 1 gap(s) of 20 ms or more',
      '    0.26 s    87 ms  after POST /v1/venues, before POST /v1/guestlist',
    ]);
  });

  it('overrides forEach concurrency in included playbooks too', () => {
    const child = { steps: [{ id: 'b', forEach: { items: 'x', as: 'x', concurrency: 4 } }] } as unknown as Plan;
    const plan = {
      steps: [
        { id: 'a', plan: child },
        { id: 'c', forEach: { items: 'y', as: 'y', concurrency: 10 } },
      ],
    } as unknown as Plan;
    const changed = withConcurrency(plan, 50);
    expect(changed.steps[0]?.plan?.steps[0]?.forEach?.concurrency).toBe(50);
    expect(changed.steps[1]?.forEach?.concurrency).toBe(50);
    expect(plan.steps[1]?.forEach?.concurrency).toBe(10);
  });
});

describe('CPU the host stole', () => {
  const run = (wallMs: number, stolen?: number) =>
    ({
      variant: 'tourflow',
      factor: 1,
      rep: 1,
      wallMs,
      cpu: { worker: 10, ...(stolen === undefined ? {} : { stolen }) },
    }) as unknown as Measurement;

  it('is a share of all the machine’s CPUs over the run', () => {
    expect(stolenShare(run(20_000, 8), 2)).toBeCloseTo(0.2);
    expect(stolenShare(run(20_000), 2)).toBeUndefined();
  });

  it('names the runs the host starved, and says nothing when it starved none', () => {
    const warning = starvedRuns([run(20_000, 1), run(66_000, 60)], 2, (m) => `${m.variant} rep ${m.rep}`);
    expect(warning?.split('\n')).toEqual([
      "The host took more than 10 % of this machine's CPU time during 1 run(s); their times measure the host, not the code:",
      '  tourflow rep 1: 66.00 s, 45 % stolen',
    ]);
    expect(starvedRuns([run(20_000, 1), run(18_000)], 2, () => '')).toBeUndefined();
  });
});

describe('targets', () => {
  const group = (variant: 'tourflow' | 'direct' | 'naive', factor: number, wallMs: number): GroupSummary => {
    const one = (median: number) => ({ median, min: median, max: median, n: 1 });
    return {
      variant,
      factor,
      concurrency: null,
      wallMs: one(wallMs),
      apiCalls: one(100),
      callsPerSecond: one(100),
      cpu: {},
    };
  };

  it('judges growth at the largest size tourflow ran, per unit of size', () => {
    const list = targets(
      [
        group('tourflow', 1, 10_000),
        group('direct', 1, 8_000),
        group('naive', 1, 120_000),
        group('tourflow', 2, 21_000),
      ],
      undefined,
    );
    expect(list.find((t) => t.name === 'tourflow / hand-written at S')).toMatchObject({ value: 1.25, met: false });
    expect(list.find((t) => t.name.startsWith('naive / tourflow'))).toMatchObject({ value: 12, met: true });
    expect(list.find((t) => t.name.startsWith('tourflow 2xS / S'))).toMatchObject({ value: 1.05, met: true });
  });

  it('reports what encrypting every payload costs: encrypted over unencrypted wall time', () => {
    const encrypted = { ...group('tourflow', 1, 10_500), variant: 'encrypted' as const };
    expect(encryptionLine([group('tourflow', 1, 10_000), encrypted], 1)).toBe(
      'Payload encryption at S: encrypted 10.50 s / unencrypted 10.00 s = 1.05 (medians)',
    );
    expect(encryptionLine([group('tourflow', 1, 10_000)], 1)).toBeUndefined();
  });

  it('compares CPU per API call of the worker with the hand-written script’s, and names the sizes where it is over the limit', () => {
    const withCpu = (g: GroupSummary, cpu: Record<string, number>): GroupSummary => ({
      ...g,
      cpu: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, { median: v, min: v, max: v, n: 1 }])),
    });
    const groups = [
      withCpu(group('tourflow', 0.25, 2_500), { worker: 1.5, temporal: 0.4 }),
      withCpu(group('direct', 0.25, 2_000), { script: 0.6 }),
    ];
    expect(cpuRatioBreaches(groups, [0.25], 3)).toEqual([]);
    expect(cpuRatioBreaches(groups, [0.25], 2)).toEqual([
      "at S/4 the worker's CPU per API call is 2.50 times the hand-written script's, more than 2",
    ]);
    expect(cpuRatioBreaches(groups.slice(0, 1), [0.25], 2)).toEqual([
      "at S/4 the worker's CPU per API call was not compared with the hand-written script's (both variants must run)",
    ]);
  });

  it('leaves a target unjudged when its runs were not made', () => {
    const list = targets([group('tourflow', 1, 10_000)], undefined);
    expect(list.find((t) => t.name.startsWith('naive / tourflow'))).toMatchObject({ value: undefined, met: undefined });
  });
});

describe('the largest tour', () => {
  it('fits through the codec at 4xS: its workflow input, over 2 MiB as JSON, travels compressed well under it', async () => {
    const compiled = await compilePlaybookFile(
      path.resolve(import.meta.dirname, '../../definitions/playbooks/tour-setup.yaml'),
    );
    const input = { plan: compiled.plan!, inputs: generateTour(4, 'Bench').inputs, keySeed: 'bench' };
    const payload = defaultPayloadConverter.toPayload(input);
    expect(payload.data!.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const [encoded] = await new CompressionCodec().encode([payload]);
    expect(encoded!.data!.byteLength).toBeLessThan(1024 * 1024);
  });
});
