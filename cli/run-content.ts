/**
 * What a run does, as content hashes kept in its memo: the compiled plan and each input. A run
 * key names one run; starting it again with other content is refused, saying what differs,
 * instead of silently showing the earlier run's result.
 */
import { createHash } from 'node:crypto';
import type { JsonObject, JsonValue, Plan } from '../definitions/plan-types.ts';
import { UserError } from './context.ts';

/** The memo entry: a hash of plan and inputs together, and one of the plan and of each input. */
export interface RunContent {
  hash: string;
  plan: string;
  inputs: Record<string, string>;
}

/** A source position in a plan (`{ file, line, column }`): where, not what, so not content. */
function isSourcePosition(key: string, value: JsonValue | undefined): boolean {
  return key === 'source' && value !== null && typeof value === 'object' && !Array.isArray(value) && 'line' in value;
}

/**
 * JSON with object keys in order and without source positions, so the same content always
 * hashes the same, from whichever folder the playbook was named and however it is laid out.
 */
function canonical(value: JsonValue | undefined): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((key) => !isSourcePosition(key, value[key]))
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The content hashes of a run of `plan` with `inputs`. */
export function runContent(plan: Plan, inputs: JsonObject): RunContent {
  const planHash = sha256(canonical(plan as unknown as JsonValue));
  const inputHashes = Object.fromEntries(
    Object.keys(inputs)
      .sort()
      .map((name) => [name, sha256(canonical(inputs[name])).slice(0, 16)]),
  );
  return { hash: sha256(`${planHash}\n${canonical(inputHashes)}`), plan: planHash.slice(0, 16), inputs: inputHashes };
}

/** Reads a run's content from its memo; undefined for runs started before it was recorded. */
export function recordedContent(memo: Record<string, unknown> | undefined): RunContent | undefined {
  const content = memo?.content as Partial<RunContent> | undefined;
  return typeof content?.hash === 'string' && typeof content.plan === 'string' && content.inputs
    ? (content as RunContent)
    : undefined;
}

/** What differs between two runs' content, in words; empty when nothing does. */
export function contentDifferences(recorded: RunContent, now: RunContent): string[] {
  if (recorded.hash === now.hash) return [];
  const differences: string[] = [];
  if (recorded.plan !== now.plan) differences.push('the playbook changed');
  const names = [...new Set([...Object.keys(recorded.inputs), ...Object.keys(now.inputs)])].sort();
  const changed = names.filter((name) => recorded.inputs[name] !== now.inputs[name]);
  if (changed.length > 0)
    differences.push(
      `${changed.length === 1 ? 'input' : 'inputs'} ${changed.join(', ')} ${changed.length === 1 ? 'differs' : 'differ'}`,
    );
  return differences.length > 0 ? differences : ['the content differs'];
}

/** The refusal of a run key whose run (running or completed) did something else. */
export function runKeyConflict(workflowId: string, running: boolean, differences: string[]): UserError {
  return new UserError(
    `${workflowId} ${running ? 'is already running' : 'already completed'} with other content: ${differences.join('; ')}.\n` +
      'A run key names one run: give another --run-key to start a new run, or the same inputs to reach that one.' +
      (running
        ? ''
        : `\nTo finish what did not succeed in it with corrected inputs, without repeating what did: tourflow retry ${workflowId} --inputs <file>`),
  );
}
