/**
 * `tourflow schedule` against the dev server: a schedule built from a playbook's `schedule:`
 * block fires in its own time zone, passes that zone to the run, skips a run that would
 * overlap a running one, backfills past nights with their nominal times, and is updated,
 * paused and deleted from the command line.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { cli, normalise, type CliOptions } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';

const PROBE = path.resolve(import.meta.dirname, 'fixtures/nightly-probe.yaml');

interface View {
  inputs: Record<string, unknown>;
  recentRuns: { scheduledAt: string; workflowId: string }[];
  skippedOverlap: number;
  running: string[];
  paused: boolean;
  note?: string;
  cron: string;
  timezone: string;
}

describe('tourflow schedule', () => {
  let stack: TestStack;
  let options: CliOptions;
  const name = `probe-${randomUUID().slice(0, 8)}`;
  const id = `tourflow-nightly-probe-${name}`;
  const names = { [name]: '<name>' };

  beforeAll(async () => {
    stack = await startTestStack();
    options = { taskQueue: stack.config.temporal.taskQueue };
  });
  afterAll(async () => {
    await cli(['schedule', 'delete', id], options);
    await stack?.close();
  });

  const describeJson = async (): Promise<View> =>
    JSON.parse((await cli(['schedule', 'describe', id, '--json'], options)).out) as View;
  const resultJson = async (run: string) =>
    JSON.parse((await cli(['result', run, '--json'], options)).out) as {
      status: string;
      outputs: Record<string, unknown>;
    };

  it('creates a schedule from the playbook’s schedule: block, firing at 02:00 in its time zone', async () => {
    const created = await cli(
      [
        'schedule',
        'create',
        PROBE,
        '--name',
        name,
        '--input',
        'hold=true',
        '--input',
        'tours=t-1,t-2',
        '--note',
        'night desk',
      ],
      options,
    );
    expect(created.code).toBe(0);
    expect(normalise(created.out, names).replace(/\d{4}-\d{2}-\d{2}/g, '<date>')).toMatchInlineSnapshot(`
      "created schedule tourflow-nightly-probe-<name>
      schedule tourflow-nightly-probe-<name>: active (night desk)
      playbook:       nightly-probe
      when:           0 2 * * * in Pacific/Auckland
      overlap:        skip; catch-up window 1h
      runs:           0 taken, 0 skipped (overlap), 0 missed (catch-up window)
      inputs:
        hold: true
        tours: ["t-1","t-2"]
        timezone: "Pacific/Auckland"
      next runs:
        <date> 02:00 Pacific/Auckland (<instant>)
        <date> 02:00 Pacific/Auckland (<instant>)
        <date> 02:00 Pacific/Auckland (<instant>)
        <date> 02:00 Pacific/Auckland (<instant>)
        <date> 02:00 Pacific/Auckland (<instant>)
      recent runs:
        (none yet)"
    `);

    const again = await cli(['schedule', 'create', PROBE, '--name', name], options);
    expect(again.code).toBe(2);
    expect(normalise(again.err, names)).toMatchInlineSnapshot(
      `"error: a schedule named "tourflow-nightly-probe-<name>" exists; change it with \`tourflow schedule update tourflow-nightly-probe-<name>\`, or give this one another --name"`,
    );
  });

  it('refuses a bad cron, an unknown time zone and a playbook without a schedule', async () => {
    const badCron = await cli(['schedule', 'create', PROBE, '--name', `${name}-x`, '--cron', '61 2 * * *'], options);
    expect(badCron.code).toBe(2);
    expect(badCron.err).toMatchInlineSnapshot(`"error: invalid schedule: Minute is not in range [0-59]"`);
    const badZone = await cli(
      ['schedule', 'create', PROBE, '--name', `${name}-x`, '--timezone', 'Europe/Atlantis'],
      options,
    );
    expect(badZone).toMatchObject({
      code: 2,
      err: 'error: unknown time zone "Europe/Atlantis"; use an IANA name like Europe/Berlin or America/New_York',
    });
    const gate = path.resolve(import.meta.dirname, '../cli/fixtures/gate.yaml');
    const noSchedule = await cli(['schedule', 'create', gate], options);
    expect(noSchedule.code).toBe(2);
    expect(noSchedule.err).toContain('has no schedule: block; say when it runs with --cron "0 2 * * *"');
  });

  it('lists the schedule', async () => {
    const listed = await pollUntil(async () => {
      const list = await cli(['schedule', 'list', '--playbook', 'nightly-probe'], options);
      return list.out.includes(id) ? list : undefined;
    }, 'the schedule to be listed');
    expect(normalise(listed.out, names)).toMatchInlineSnapshot(`
      "SCHEDULE                               PLAYBOOK       WHEN                        STATE   NEXT RUN              LAST RUN
      tourflow-nightly-probe-<name>  nightly-probe  0 2 * * * Pacific/Auckland  active  <instant>  -"
    `);
  });

  it('a triggered run gets the schedule’s time zone; a trigger while it runs is skipped', async () => {
    const first = await cli(['schedule', 'trigger', id, '--json'], options);
    const { started } = JSON.parse(first.out) as { started: string };
    expect(started).toMatch(/^nightly-probe--probe-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    await pollUntil(
      async () => ((await cli(['status', started, '--json'], options)).out.includes('"waiting"') ? true : undefined),
      'the run to wait',
    );

    const second = await cli(['schedule', 'trigger', id], options);
    expect(second.code).toBe(0);
    expect(normalise(second.out, names)).toMatch(
      /^triggered schedule tourflow-nightly-probe-<name>: skipped, nightly-probe--<name>-<instant> still running \(overlap policy\)$/,
    );
    expect(await describeJson()).toMatchObject({ skippedOverlap: 1, running: [started] });

    expect((await cli(['approve', started, 'gate'], options)).code).toBe(0);
    expect(await resultJson(started)).toMatchObject({
      status: 'completed',
      outputs: { timezone: 'Pacific/Auckland', tours: ['t-1', 't-2'] },
    });
  });

  it('backfills past nights with their nominal times: 02:00 in Auckland is 13:00 UTC the day before', async () => {
    const updated = await cli(['schedule', 'update', id, '--input', 'hold=false'], options);
    expect(updated.code).toBe(0);
    const backfill = await cli(
      ['schedule', 'backfill', id, '--from', '2025-03-29T00:00:00Z', '--to', '2025-03-31T00:00:00Z'],
      options,
    );
    expect(normalise(backfill.out, names)).toMatchInlineSnapshot(
      `"backfilling schedule tourflow-nightly-probe-<name> from 2025-03-29 13:00 Pacific/Auckland to 2025-03-31 13:00 Pacific/Auckland (buffer-all)"`,
    );
    const view = await pollUntil(async () => {
      const current = await describeJson();
      return current.recentRuns.filter((run) => run.scheduledAt.startsWith('2025-03')).length === 2
        ? current
        : undefined;
    }, 'two backfilled runs');
    const backfilled = view.recentRuns.filter((run) => run.scheduledAt.startsWith('2025-03'));
    const nows = await Promise.all(backfilled.map(async (run) => (await resultJson(run.workflowId)).outputs.now));
    expect(nows).toEqual(['2025-03-29T13:00:00.000Z', '2025-03-30T13:00:00.000Z']);
    const text = (await cli(['schedule', 'describe', id], options)).out;
    expect(normalise(text, names)).toContain(
      '2025-03-30 02:00 Pacific/Auckland (<instant>)  nightly-probe--<name>-<instant>',
    );
  });

  it('updates cron and time zone: the time zone input follows, given inputs are kept', async () => {
    const updated = await cli(
      ['schedule', 'update', id, '--cron', '30 1 * * 1-5', '--timezone', 'Europe/Berlin', '--catchup-window', '10m'],
      options,
    );
    expect(updated.code).toBe(0);
    const view = await describeJson();
    expect(view).toMatchObject({
      cron: '30 1 * * 1-5',
      timezone: 'Europe/Berlin',
      inputs: { timezone: 'Europe/Berlin', tours: ['t-1', 't-2'], hold: false },
    });
  });

  it('pauses, unpauses and deletes', async () => {
    expect((await cli(['schedule', 'pause', id, '--note', 'tour break'], options)).out).toBe(`paused schedule ${id}`);
    expect(await describeJson()).toMatchObject({ paused: true, note: 'tour break' });
    expect((await cli(['schedule', 'unpause', id], options)).out).toBe(`unpaused schedule ${id}`);
    expect(await describeJson()).toMatchObject({ paused: false });
    expect((await cli(['schedule', 'delete', id], options)).out).toBe(`deleted schedule ${id}`);
    const gone = await cli(['schedule', 'describe', id], options);
    expect(gone).toMatchObject({
      code: 2,
      err: `error: no schedule named "${id}"; list them with \`tourflow schedule list\``,
    });
  });
});
