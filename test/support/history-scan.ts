/**
 * Scans the histories of workflows for secrets: no API key, secret or token may ever appear
 * in a workflow's inputs, outputs, memo, search attributes or any event.
 */
import type { Client } from '@temporalio/client';

export interface SecretFinding {
  workflowId: string;
  runId: string;
  secret: string;
}

/** Every run matching `query`, its whole history searched for each of `secrets` (also base64 of it). */
export async function scanHistories(client: Client, query: string, secrets: string[]): Promise<{ runs: number; findings: SecretFinding[] }> {
  const needles = secrets.filter((s) => s.length >= 8).flatMap((s) => [s, Buffer.from(s).toString('base64')]);
  const findings: SecretFinding[] = [];
  let runs = 0;
  for await (const execution of client.workflow.list({ query })) {
    runs++;
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    const text = JSON.stringify(history, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('utf8') + Buffer.from(value).toString('base64') : value,
    );
    for (const needle of needles) {
      if (text.includes(needle)) findings.push({ workflowId: execution.workflowId, runId: execution.runId, secret: `${needle.slice(0, 4)}…` });
    }
  }
  return { runs, findings };
}
