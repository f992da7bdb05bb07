/**
 * `tourflow plan --live`: the run's workflow in plan mode (`PlaybookInput.live`) on the worker,
 * which alone holds the API's credentials, reading the tour and writing nothing; its report
 * printed as lines per step and element, a summary, or JSON, and an exit code: 0 nothing to
 * change, 10 changes, 1 a call would fail (or the plan itself failed).
 */
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import type { PlannedCall, PlaybookInput } from '../workflows/messages.ts';
import { ExitCode, type CliContext } from './context.ts';
import type { TemporalFlags } from './options.ts';

/** What each kind of plan counts as in the summary, in its order. */
const COUNTED: Record<PlannedCall['would'], string> = {
  create: 'to create',
  change: 'to change',
  update: 'to update',
  delete: 'to delete',
  nothing: 'nothing to do',
  fail: 'would fail',
  read: 'reads',
  control: 'not planned',
};

/** "3 to create, 1 to change, 2 nothing to do, 1 would fail, 4 reads". */
export function summaryLine(plans: readonly PlannedCall[]): string {
  const parts = Object.entries(COUNTED).flatMap(([would, text]) => {
    const count = plans.filter((plan) => plan.would === would).length;
    return count > 0 ? [`${count} ${text}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : 'no calls';
}

function changeText(change: NonNullable<PlannedCall['changes']>[number]): string {
  return `${change.field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`;
}

/** One line per planned call, changes indented under it, and the summary last. */
export function liveLines(plans: readonly PlannedCall[]): string[] {
  const lines = plans.flatMap((plan) => [
    `${plan.stepId}${plan.element ? ` ${plan.element}` : ''}: ${plan.would}: ${plan.describe}`,
    ...(plan.changes ?? []).map((change) => `    ${changeText(change)}`),
  ]);
  return [...lines, summaryLine(plans)];
}

/** The exit code of a live plan: a failing call first, then any change. */
export function liveExitCode(plans: readonly PlannedCall[]): ExitCode {
  if (plans.some((plan) => plan.would === 'fail')) return ExitCode.failed;
  return plans.some((plan) => ['create', 'change', 'update', 'delete'].includes(plan.would))
    ? ExitCode.changes
    : ExitCode.ok;
}

/** Starts the live plan, waits for it and prints it. */
export async function runLivePlan(
  ctx: CliContext,
  flags: TemporalFlags,
  plan: Plan,
  inputs: JsonObject,
  options: { json?: boolean; sources?: PlaybookInput['sources'] },
): Promise<void> {
  const [{ startRun, waitUnlessStopped }, { hasWorker, withClient }] = await Promise.all([
    import('./runs.ts'),
    import('./progress.ts'),
  ]);
  await withClient(
    ctx,
    flags,
    async (client, config) => {
      const run = await startRun({
        client,
        taskQueue: config.temporal.taskQueue,
        plan,
        inputs,
        live: true,
        ...(options.sources ? { sources: options.sources } : {}),
      });
      const { namespace, taskQueue } = config.temporal;
      // Only the worker reads the tour (it holds the API's credentials).
      if ((await hasWorker(client, namespace, taskQueue)) === false)
        ctx.err(
          `no worker serves task queue ${taskQueue} in ${namespace}; the plan waits until one does: start \`tourflow worker\` (or \`tourflow dev\`)`,
        );
      const outcome = await waitUnlessStopped(run.handle, ctx.signal);
      if (!outcome) return;
      const plans = outcome.result?.plans ?? [];
      if (!outcome.result || outcome.exitCode !== ExitCode.ok) {
        if (options.json)
          ctx.out(
            JSON.stringify(
              { workflowId: run.workflowId, plans, error: outcome.result?.error ?? { message: outcome.message } },
              null,
              2,
            ),
          );
        else
          ctx.out(
            [...liveLines(plans), `plan failed: ${outcome.result?.error?.message ?? outcome.message}`].join('\n'),
          );
        ctx.setExitCode(ExitCode.failed);
        return;
      }
      if (options.json)
        ctx.out(JSON.stringify({ workflowId: run.workflowId, summary: summaryLine(plans), plans }, null, 2));
      else ctx.out(liveLines(plans).join('\n'));
      ctx.setExitCode(liveExitCode(plans));
    },
    { required: true },
  );
}
