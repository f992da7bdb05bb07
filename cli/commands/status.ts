import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import type * as CliProgress from 'cli-progress';
import type { Client } from '@temporalio/client';
import type { RunProgress, StepProgress } from '../../workflows/messages.ts';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, type TemporalFlags } from '../options.ts';
import type { FoundRun } from '../progress.ts';
import { itemsText, progressLines, stepText, stoppedWaitingText } from '../progress-text.ts';
import type { RunOutcome } from '../runs.ts';

interface StatusOptions extends TemporalFlags {
  json?: boolean;
  watch: boolean;
}

/** How often a followed run is asked for its progress. */
const POLL_MS = 1_000;

/** Shows a run's progress as it changes. */
interface ProgressView {
  show(progress: RunProgress): void;
  stop(): void;
}

/** For logs and pipes: the step list once, then a line per step whose state or item count changed. */
function plainView(ctx: CliContext, workflowId: string): ProgressView {
  let shown = new Map<string, string>();
  let paused: boolean | undefined;
  return {
    show(progress) {
      const lines = progressLines(progress, workflowId);
      const next = new Map(progress.steps.map((step, i) => [step.id, lines[i + 1] ?? '']));
      if (shown.size === 0) ctx.out(lines.join('\n'));
      else {
        if (paused !== progress.paused) ctx.out(progress.paused ? 'paused' : 'resumed');
        const changed = [...next].filter(([id, line]) => shown.get(id) !== line).map(([, line]) => line);
        if (changed.length > 0) ctx.out(changed.join('\n'));
      }
      shown = next;
      paused = progress.paused;
    },
    stop() {},
  };
}

type BarPayload = { line: string; step?: StepProgress };

/** For a terminal: the step list redrawn in place, with a progress bar on each `forEach` step. */
export function terminalView(stream: NodeJS.WritableStream, workflowId: string): ProgressView {
  // Required here, not at start: only a terminal that watches a run draws bars.
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
  const options: CliProgress.Options = {
    stream,
    hideCursor: true,
    clearOnComplete: false,
    barsize: 24,
    format: (barOptions, params, payload: BarPayload) =>
      payload.step?.items
        ? `${payload.line}  ${cliProgress.Format.BarFormat(params.progress, barOptions)} ${itemsText(payload.step)}`
        : payload.line,
  };
  const multibar = new cliProgress.MultiBar(options, cliProgress.Presets.shades_classic);
  const head = multibar.create(1, 0, { line: '' });
  const bars = new Map<string, CliProgress.SingleBar>();
  return {
    show(progress) {
      head.update(0, { line: progressLines(progress, workflowId)[0] });
      const width = Math.max(4, ...progress.steps.map((s) => s.id.length));
      for (const step of progress.steps) {
        const bar = bars.get(step.id) ?? multibar.create(1, 0, { line: '' });
        bars.set(step.id, bar);
        bar.setTotal(Math.max(1, step.items?.total ?? 1));
        bar.update(step.items?.done ?? 0, { line: `  ${stepText(step, width, workflowId)}`, step });
      }
      multibar.update();
    },
    stop: () => multibar.stop(),
  };
}

/**
 * Follows a run until it closes (resolving to its outcome) or the user presses Ctrl-C
 * (resolving to undefined at once, with the calls in flight cancelled). Progress is asked for
 * every `POLL_MS`, and at once when it ends.
 */
async function follow(ctx: CliContext, run: FoundRun, view: ProgressView): Promise<RunOutcome | undefined> {
  const [{ queryProgress }, { waitUnlessStopped }] = await Promise.all([
    import('../progress.ts'),
    import('../runs.ts'),
  ]);
  let outcome: RunOutcome | undefined;
  let failure: unknown;
  const closed = waitUnlessStopped(run.handle, ctx.signal).then(
    (value) => void (outcome = value),
    (error: unknown) => void (failure = error),
  );
  let warned = false;
  while (!outcome && failure === undefined && !ctx.signal.aborted) {
    const progress = await queryProgress(run.handle, ctx.signal);
    if (ctx.signal.aborted) break;
    if (progress) view.show(progress);
    else if (!warned && !outcome) {
      warned = true;
      ctx.err(
        `no worker is answering for ${run.description.workflowId} (task queue ${run.description.taskQueue}); start one with \`tourflow worker\``,
      );
    }
    await Promise.race([closed, sleep(POLL_MS, undefined, { signal: ctx.signal }).catch(() => undefined)]);
  }
  if (failure !== undefined) throw failure;
  if (outcome?.result) view.show({ ...outcome.result, paused: false });
  view.stop();
  return outcome;
}

/** Terminals get bars redrawn in place; pipes, logs and `TERM=dumb` get plain lines. */
function isTerminal(ctx: CliContext): boolean {
  return process.stdout.isTTY === true && ctx.env.TERM !== 'dumb' && !ctx.env.CI;
}

async function status(ctx: CliContext, client: Client, id: string, options: StatusOptions): Promise<void> {
  const [{ findRun, printOutcome, queryProgress }, { waitForOutcome }] = await Promise.all([
    import('../progress.ts'),
    import('../runs.ts'),
  ]);
  const run = await findRun(client, id);
  const open = run.description.status.name === 'RUNNING';
  if (!open) {
    // a finished run: its report (which lists every step's final state) says it all
    const outcome = await waitForOutcome(run.handle);
    if (outcome.result && !options.json)
      ctx.out(progressLines({ ...outcome.result, paused: false }, id, false).join('\n'));
    await printOutcome(ctx, run.handle, outcome, options.json);
    return;
  }
  if (options.json || !options.watch) {
    const progress = await queryProgress(run.handle);
    const snapshot = { workflowId: id, status: 'running', ...(progress ?? { steps: [] }) };
    ctx.out(
      options.json
        ? JSON.stringify(snapshot, null, 2)
        : progress
          ? progressLines(progress, id).join('\n')
          : `${id} running; no worker answered`,
    );
    return;
  }
  const view = isTerminal(ctx) ? terminalView(process.stdout, id) : plainView(ctx, id);
  const outcome = await follow(ctx, run, view);
  if (!outcome) {
    ctx.err(stoppedWaitingText(id));
    return;
  }
  await printOutcome(ctx, run.handle, outcome, false);
}

/** Registers `tourflow status RUN`. */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('status')
      .description(
        "Follow a run live: each step's state, a progress bar on forEach steps; ends with the result when the run ends, or on Ctrl-C.",
      )
      .argument('<run>', 'workflow ID of the run')
      .option('--json', 'print one progress snapshot as JSON and exit')
      .option(
        '--watch [yes|no]',
        'follow the run until it ends; --watch=false prints once',
        (value: string) => !/^(false|no|0)$/i.test(value),
        true,
      )
      .option('--no-watch', 'print the progress once'),
  ).action(async (id: string, options: StatusOptions) => {
    const { withClient } = await import('../progress.ts');
    await withClient(ctx, options, (client) => status(ctx, client, id, options));
  });
}
