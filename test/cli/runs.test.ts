/**
 * `runs`, `status`, `result`, `approve`, `pause`, `resume` and `cancel` against real runs on
 * the dev server: what they print and the exit codes scripts rely on.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stoppedWaitingText } from '../../cli/progress-text.ts';
import { startRun } from '../../cli/runs.ts';
import { resolveInputs } from '../../definitions/index.ts';
import type { Plan } from '../../definitions/plan-types.ts';
import { progressQuery, type RunProgress } from '../../workflows/messages.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { cli, normalise, type CliOptions } from './support.ts';
import { pollUntil } from '../support/poll.ts';

const GATE = path.resolve(import.meta.dirname, 'fixtures/gate.yaml');

describe('run management commands', () => {
  let stack: TestStack;
  let plan: Plan;
  let options: CliOptions;
  const key = randomUUID().slice(0, 8);
  const names = { [key]: '<key>' };
  const started: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack();
    plan = await stack.compile(GATE);
    options = { taskQueue: stack.config.temporal.taskQueue };
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Starts a run of the gate playbook and waits until its approval step waits. */
  async function startGate(name: string): Promise<string> {
    const { inputs } = resolveInputs(plan, { label: name });
    const run = await startRun({
      client: stack.client,
      taskQueue: stack.config.temporal.taskQueue,
      plan,
      inputs,
      runKey: `${name}-${key}`,
    });
    await pollUntil(async () => {
      const progress: RunProgress = await run.handle.query(progressQuery);
      return progress.steps[0]?.state === 'waiting' ? progress : undefined;
    }, `${run.workflowId} to wait for approval`);
    started.push(run.workflowId);
    return run.workflowId;
  }

  it('shows a waiting step, pauses and resumes, approves it, and prints the result', async () => {
    const id = await startGate('approve');
    const status = await cli(['status', id, '--no-watch'], options);
    expect(status.code).toBe(0);
    expect(normalise(status.out, names)).toMatchInlineSnapshot(`
      "cli-gate cli-gate--approve-<key>
        ? gate  approval         waiting: Go ahead with approve? (tourflow approve cli-gate--approve-<key> gate)"
    `);
    const json = JSON.parse((await cli(['status', id, '--json'], options)).out) as {
      status: string;
      steps: { id: string; state: string }[];
    };
    expect(json.status).toBe('running');
    expect(json.steps).toMatchObject([{ id: 'gate', state: 'waiting' }]);

    const wrongStep = await cli(['approve', id, 'tour'], options);
    expect(wrongStep.code).toBe(2);
    expect(wrongStep.err).toBe('error: cannot approve: This run has no step "tour".');

    expect(normalise((await cli(['pause', id], options)).out, names)).toBe(
      'paused cli-gate--approve-<key>; continue with `tourflow resume cli-gate--approve-<key>`',
    );
    expect((await cli(['status', id, '--watch=false'], options)).out).toContain(
      '(paused: resume with `tourflow resume`)',
    );
    expect((await cli(['resume', id], options)).out).toBe(`resumed ${id}`);

    const approve = await cli(['approve', id, 'gate'], options);
    expect(approve).toMatchObject({ code: 0, out: `approved step gate of ${id}` });
    const result = await cli(['result', id], options);
    expect(result.code).toBe(0);
    expect(normalise(result.out, names)).toMatchInlineSnapshot(`
      "cli-gate completed (cli-gate--approve-<key>)
        label: "approve"
        now: "<instant>""
    `);
    const resultJson = JSON.parse((await cli(['result', id, '--json'], options)).out) as {
      status: string;
      outputs: { label: string };
    };
    expect(resultJson).toMatchObject({ status: 'completed', outputs: { label: 'approve' } });

    const finished = await cli(['status', id], options);
    expect(finished.code).toBe(0);
    expect(normalise(finished.out, names)).toMatchInlineSnapshot(`
      "cli-gate cli-gate--approve-<key>
        ✓ gate  approval         done
      cli-gate completed (cli-gate--approve-<key>)
        label: "approve"
        now: "<instant>""
    `);

    const again = await cli(['approve', id, 'gate'], options);
    expect(again.code).toBe(2);
    expect(normalise(again.err, names)).toBe(
      'error: run "cli-gate--approve-<key>" has ended (completed); nothing to approve',
    );
  });

  it('follows a run with status until it ends, then prints the result', async () => {
    const id = await startGate('follow');
    let approved: Promise<unknown> | undefined;
    const followed = await cli(['status', id], {
      ...options,
      onOut: () => {
        approved ??= cli(['approve', id, 'gate'], options);
      },
    });
    await approved;
    expect(followed.code).toBe(0);
    expect(normalise(followed.out, names)).toMatchInlineSnapshot(`
      "cli-gate cli-gate--follow-<key>
        ? gate  approval         waiting: Go ahead with follow? (tourflow approve cli-gate--follow-<key> gate)
        ✓ gate  approval         done
      cli-gate completed (cli-gate--follow-<key>)
        label: "follow"
        now: "<instant>""
    `);
  });

  it('status stops following on Ctrl-C and leaves the run alone', async () => {
    const id = await startGate('interrupt');
    const interrupt = new AbortController();
    const followed = await cli(['status', id], {
      ...options,
      signal: interrupt.signal,
      onOut: () => interrupt.abort(),
    });
    expect(followed).toMatchObject({ code: 0, err: stoppedWaitingText(id) });
    expect(JSON.parse((await cli(['status', id, '--json'], options)).out)).toMatchObject({ status: 'running' });
    expect((await cli(['approve', id, 'gate'], options)).code).toBe(0);
  });

  it('run stops waiting at once on Ctrl-C, says how to follow and cancel the run, and leaves it alone', async () => {
    const interrupt = new AbortController();
    let abortedAt = 0;
    const waiting = cli(['run', GATE, '--input', 'label=run-interrupt', '--run-key', `run-interrupt-${key}`], {
      ...options,
      signal: interrupt.signal,
    });
    const id = `cli-gate--run-interrupt-${key}`;
    await pollUntil(async () => {
      const progress: RunProgress = await stack.client.workflow.getHandle(id).query(progressQuery);
      return progress.steps[0]?.state === 'waiting' ? progress : undefined;
    }, `${id} to wait for approval`);
    abortedAt = Date.now();
    interrupt.abort();
    const stopped = await waiting;
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    expect(stopped.code).toBe(0);
    expect(stopped.err.split('\n').slice(-2).join('\n')).toBe(stoppedWaitingText(id));
    expect(JSON.parse((await cli(['status', id, '--json'], options)).out)).toMatchObject({ status: 'running' });
    expect((await cli(['cancel', id], options)).code).toBe(3);
    started.push(id);
  });

  it('a run key names one run: other inputs are refused, saying what differs; the same inputs reach that run', async () => {
    const id = await startGate('key');
    const runKey = `key-${key}`;
    const other = await cli(['run', GATE, '--input', 'label=other', '--run-key', runKey, '--no-wait'], options);
    expect(other.code).toBe(2);
    expect(normalise(other.err, names)).toMatchInlineSnapshot(`
      "error: cli-gate--key-<key> is already running with other content: input label differs.
      A run key names one run: give another --run-key to start a new run, or the same inputs to reach that one."
    `);
    expect((await cli(['run', GATE, '--input', 'label=key', '--run-key', runKey, '--no-wait'], options)).code).toBe(0);
    expect((await cli(['approve', id, 'gate'], options)).code).toBe(0);
    expect((await cli(['result', id], options)).code).toBe(0);
    const again = await cli(['run', GATE, '--input', 'label=key', '--run-key', runKey], options);
    expect(again).toMatchObject({ code: 0 });
    expect(again.err).toContain(`A run with key ${id} already completed; showing its result.`);
    const otherAgain = await cli(['run', GATE, '--run-key', runKey], options);
    expect(otherAgain.code).toBe(2);
    expect(normalise(otherAgain.err, names)).toMatch(
      /^error: cli-gate--key-<key> already completed with other content: input label differs\./,
    );
    started.push(id);
  });

  it('cancel rolls the run back and exits 3; a declined approval rolls back too', async () => {
    const cancelled = await startGate('cancel');
    const cancel = await cli(['cancel', cancelled], options);
    expect(cancel.code).toBe(3);
    expect(normalise(cancel.out, names)).toMatchInlineSnapshot(
      `"cli-gate cancelled and rolled back (cli-gate--cancel-<key>)"`,
    );
    expect((await cli(['result', cancelled], options)).code).toBe(3);
    expect(normalise((await cli(['cancel', cancelled], options)).err, names)).toMatchInlineSnapshot(
      `"error: run "cli-gate--cancel-<key>" has ended (cancelled, rolled back); nothing to cancel"`,
    );

    const declined = await startGate('decline');
    expect((await cli(['approve', declined, 'gate', '--decline'], options)).out).toBe(
      `declined step gate of ${declined}`,
    );
    const result = await cli(['result', declined], options);
    expect(result.code).toBe(3);
    expect(normalise(result.out, names)).toMatchInlineSnapshot(`
      "cli-gate failed and rolled back (cli-gate--decline-<key>)
      error: step gate: the approval was declined"
    `);
  });

  it('a terminated run left no report: result says so, with each step’s last state, and exits 1', async () => {
    const id = await startGate('terminate');
    await stack.client.workflow.getHandle(id).terminate('operator stopped it');
    const result = await cli(['result', id], options);
    expect(result.code).toBe(1);
    expect(normalise(result.out, names)).toMatchInlineSnapshot(`
      "cli-gate--terminate-<key> terminated: operator stopped it
        ? gate  approval         waiting: Go ahead with terminate?"
    `);
  });

  it('runs lists recent runs, filtered through the search attributes', async () => {
    const rows = await pollUntil(async () => {
      const listed = await cli(['runs', '--playbook', 'cli-gate', '--json'], options);
      const parsed = JSON.parse(listed.out) as { workflowId: string; status: string }[];
      // listing is eventually consistent: wait until every run started here shows its final state
      const final = parsed.filter((row) => row.status !== 'running').map((row) => row.workflowId);
      return started.every((id) => final.includes(id)) ? parsed : undefined;
    }, 'the finished runs to be listed');
    expect(rows.map((row) => [normalise(row.workflowId, names), row.status]).sort()).toMatchInlineSnapshot(`
      [
        [
          "cli-gate--approve-<key>",
          "completed",
        ],
        [
          "cli-gate--cancel-<key>",
          "cancelled, rolled back",
        ],
        [
          "cli-gate--decline-<key>",
          "rolled back",
        ],
        [
          "cli-gate--follow-<key>",
          "completed",
        ],
        [
          "cli-gate--interrupt-<key>",
          "completed",
        ],
        [
          "cli-gate--key-<key>",
          "completed",
        ],
        [
          "cli-gate--run-interrupt-<key>",
          "cancelled, rolled back",
        ],
        [
          "cli-gate--terminate-<key>",
          "terminated",
        ],
      ]
    `);
    const completed = await cli(['runs', '--playbook', 'cli-gate', '--status', 'completed'], options);
    expect(normalise(completed.out, names)).toMatchInlineSnapshot(`
      "RUN                           STATUS     PLAYBOOK  TOUR  STARTED               DURATION
      cli-gate--key-<key>        completed  cli-gate  -     <instant>  <duration>
      cli-gate--interrupt-<key>  completed  cli-gate  -     <instant>  <duration>
      cli-gate--follow-<key>     completed  cli-gate  -     <instant>  <duration>
      cli-gate--approve-<key>    completed  cli-gate  -     <instant>  <duration>"
    `);
    expect((await cli(['runs', '--playbook', 'no-such-playbook'], options)).out).toBe('no runs found');
  });

  it('an unknown run, a bad flag and an unreachable server are user errors', async () => {
    expect(await cli(['result', 'no-such-run'], options)).toMatchObject({
      code: 2,
      err: 'error: no run named "no-such-run"; list recent runs with `tourflow runs`',
    });
    expect((await cli(['runs', '--status', 'sleeping'], options)).code).toBe(2);
    const unreachable = await cli(['runs', '--address', '127.0.0.1:1'], options);
    expect(unreachable.code).toBe(2);
    expect(unreachable.err).toMatch(
      /^error: cannot reach Temporal at 127\.0\.0\.1:1 \(from --address\): .*\nStart a local server with `tourflow dev`/,
    );
  });
});
