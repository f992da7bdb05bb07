/**
 * A playbook's `onManualRepair: { notify: WEBHOOK }`: when a run ends needing manual repair
 * (an undo that kept failing), one `notify` activity tells the worker's webhook which run, of
 * which playbook, and how many changes were left behind; never what they were (their
 * descriptions may name people). A notice that cannot be sent is logged and does not change
 * how the run ends. Plans without the field schedule nothing here, so recorded histories replay.
 */
import { log, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Plan } from '../definitions/plan-types.ts';
import type { createActivities } from '../activities/index.ts';
import type { RunContext, StepCall } from '../activities/types.ts';
import { DEFAULT_ACTIVITY_OPTIONS, HEARTBEAT_TIMEOUT } from './activity-calls.ts';

const activities = proxyActivities<ReturnType<typeof createActivities>>({
  ...DEFAULT_ACTIVITY_OPTIONS,
  heartbeatTimeout: HEARTBEAT_TIMEOUT,
  summary: 'notify: needs manual repair',
});

/** The step ID the notice's call carries (no step of a playbook can be named so: IDs are identifiers). */
export const REPAIR_NOTICE_STEP = 'on-manual-repair';

/** Sends the plan's manual-repair notice, if it asks for one, for `leftBehind` changes not undone. */
export async function sendRepairNotice(plan: Plan, run: RunContext, leftBehind: number): Promise<void> {
  const webhook = plan.onManualRepair?.notify;
  if (webhook === undefined) return;
  const { workflowId } = workflowInfo();
  const text =
    `Run ${workflowId} of playbook ${plan.name} failed and needs manual repair: ${leftBehind} change(s) could not be undone. ` +
    `\`tourflow status ${workflowId}\` lists them.`;
  const call: StepCall = {
    action: 'notify',
    stepId: REPAIR_NOTICE_STEP,
    itemKey: null,
    args: { webhook, text },
    idempotencyKey: `${workflowId}/${REPAIR_NOTICE_STEP}`,
    run,
  };
  try {
    await activities.notify(call);
  } catch (error) {
    log.warn('the manual-repair notice could not be sent', {
      webhook,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
