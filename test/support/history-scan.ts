/**
 * Scans the histories of workflows for secrets: no API key, secret or token may ever appear
 * in a workflow's inputs, outputs, memo, search attributes or any event.
 */
import { gunzipSync } from 'node:zlib';
import type { Client } from '@temporalio/client';

/** The bytes as text and base64; a gzip-compressed payload (over the codec's threshold) also unpacked. */
function readable(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  return buffer.toString('utf8') + buffer.toString('base64') + gunzipped(buffer);
}

/** The bytes unpacked when they are gzip; encrypted bytes may start with gzip's magic by chance. */
function gunzipped(buffer: Buffer): string {
  if (buffer[0] !== 0x1f || buffer[1] !== 0x8b) return '';
  try {
    return gunzipSync(buffer).toString('utf8');
  } catch {
    return '';
  }
}

export interface SecretFinding {
  workflowId: string;
  runId: string;
  secret: string;
}

/** Every run matching `query`, its whole history searched for each of `secrets` (also base64 of it). */
export async function scanHistories(
  client: Client,
  query: string,
  secrets: string[],
): Promise<{ runs: number; findings: SecretFinding[] }> {
  const needles = secrets.filter((s) => s.length >= 8).flatMap((s) => [s, Buffer.from(s).toString('base64')]);
  const findings: SecretFinding[] = [];
  let runs = 0;
  for await (const execution of client.workflow.list({ query })) {
    runs++;
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    // The history's protobuf messages turn bytes into base64 text in their toJSON(), before any
    // replacer sees them, and a secret inside a payload is not a base64 substring of it unless it
    // starts on a 3-byte boundary: a payload's bytes (key `data`) are decoded and searched as text.
    const text = JSON.stringify(history, (key, value: unknown) => {
      if (value instanceof Uint8Array) return readable(value);
      if (key === 'data' && typeof value === 'string') return value + readable(Buffer.from(value, 'base64'));
      return value;
    });
    for (const needle of needles) {
      if (text.includes(needle))
        findings.push({ workflowId: execution.workflowId, runId: execution.runId, secret: `${needle.slice(0, 4)}…` });
    }
  }
  return { runs, findings };
}
