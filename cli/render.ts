/** Human-readable rendering of run results. */
import type { RunResult } from '../workflows/messages.ts';

const statusText: Record<RunResult['status'], string> = {
  completed: 'completed',
  rolledBack: 'failed and rolled back',
  failed: 'failed (rollback disabled)',
  needsManualRepair: 'failed; rollback incomplete: NEEDS MANUAL REPAIR',
};

/** The lines `tourflow run` and `tourflow result` print for a finished run. */
export function renderResult(result: RunResult): string[] {
  const status =
    result.cancelled && result.status === 'rolledBack' ? 'cancelled and rolled back' : statusText[result.status];
  const lines = [`${result.playbook} ${status} (${result.workflowId})`];
  if (result.error) lines.push(`error: ${result.error.message}`);
  for (const [name, value] of Object.entries(result.outputs)) lines.push(`  ${name}: ${JSON.stringify(value)}`);
  if (result.done.length) lines.push('done:', ...result.done.map((line) => `  - ${line}`));
  if (result.undone.length) lines.push('undone:', ...result.undone.map((u) => `  - ${u.stepId}: ${u.describe}`));
  if (result.leftBehind.length) {
    lines.push(
      'left behind (needs manual repair):',
      ...result.leftBehind.map((u) => `  - ${u.stepId}: ${u.describe}${u.error ? ` (${u.error})` : ''}`),
    );
  }
  if (result.warnings.length) lines.push('warnings:', ...result.warnings.map((w) => `  - ${w}`));
  return lines;
}
