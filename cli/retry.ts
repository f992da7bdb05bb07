/**
 * `tourflow retry RUN`: a new run that does only what RUN did not succeed in, from the record
 * RUN's result keeps (`workflows/retry.ts`), under RUN's idempotency keys. RUN's plan, inputs
 * and key seed are read from its start in Temporal's history; corrected inputs may replace its
 * inputs.
 */
import path from 'node:path';
import { WorkflowNotFoundError, fromPayloadsAtIndex, type Payload } from '@temporalio/common';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { resolveInputs } from '../definitions/index.ts';
import { InputType, type JsonObject, type Plan } from '../definitions/plan-types.ts';
import type { playbookWorkflow } from '../workflows/playbook.ts';
import { KEY_SEED_WORKFLOW_ID, type InputSource, type PlaybookInput, type RunResult } from '../workflows/messages.ts';
import { retryStart } from '../workflows/retry.ts';
import { PLAYBOOK_NAME } from '../workflows/search-attributes.ts';
import { UserError, type CliContext } from './context.ts';
import { listRows } from './csv-rows.ts';
import { readInputsFor, type InputsFileOptions } from './playbook-input.ts';
import { inputSizeProblem } from './payload-size.ts';
import { findRun } from './progress.ts';
import { runContent } from './run-content.ts';
import { waitForOutcome } from './runs.ts';

/** True for an `--inputs` value that names a spreadsheet (`guests.csv`, `guests=guests.xlsx`). */
function isSheet(value: string): boolean {
  return /\.(csv|xlsx)$/i.test(value.trim());
}

/**
 * Where the elements of a list input read from a spreadsheet came from: its file's name (no
 * folder) and the row of its first element (the header is row 1, as cell errors number them).
 * No content: the map rides in the run's input.
 */
export function inputSources(
  plan: Pick<Plan, 'inputs'>,
  inputsFile: string | undefined,
): Record<string, InputSource> | undefined {
  if (!inputsFile || !isSheet(inputsFile)) return undefined;
  const eq = inputsFile.indexOf('=');
  const lists = Object.entries(plan.inputs).filter(([, input]) => input.type === InputType.list);
  const name = eq > 0 ? inputsFile.slice(0, eq) : lists.length === 1 ? lists[0]![0] : undefined;
  if (name === undefined) return undefined;
  const file = inputsFile.slice(eq + 1);
  // Rows are given only where a blank row makes them other than consecutive from 2.
  const rows = listRows.get(file) ?? [];
  const consecutive = rows.every((row, index) => row === index + 2);
  return { [name]: { file: path.basename(file), first: rows[0] ?? 2, ...(consecutive ? {} : { rows }) } };
}

/** The input RUN's latest execution started with, decoded as the client decodes payloads. */
async function startInput(client: Client, workflowId: string, runId: string): Promise<PlaybookInput> {
  const page = await client.workflowService.getWorkflowExecutionHistory({
    namespace: client.options.namespace,
    execution: { workflowId, runId },
    maximumPageSize: 1,
  });
  let payloads = (page.history?.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads ??
    []) as Payload[];
  const converter = client.options.loadedDataConverter;
  for (const codec of [...converter.payloadCodecs].reverse()) payloads = await codec.decode(payloads);
  return fromPayloadsAtIndex<PlaybookInput>(converter.payloadConverter, 0, payloads);
}

/** The first `<base>--retry-<n>` no run has: the retries of one run (and of its retries) numbered in turn. */
async function retryWorkflowId(client: Client, runId: string): Promise<string> {
  const base = runId.replace(/--retry-\d+$/, '');
  for (let n = 1; ; n++) {
    const id = `${base}--retry-${n}`;
    try {
      await client.workflow.getHandle(id).describe();
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return id;
      throw error;
    }
  }
}

/**
 * Corrected inputs for RUN's plan: a file (YAML, JSON, CSV, or an Excel workbook's first sheet or
 * the one `options.sheet` names) and `--input` values, else RUN's own.
 */
async function correctedInputs(
  ctx: CliContext,
  plan: Plan,
  given: PlaybookInput,
  raw: Record<string, string>,
  inputsFile?: string,
  options: InputsFileOptions = {},
): Promise<JsonObject> {
  if (options.sheet !== undefined && !inputsFile)
    throw new UserError(`--sheet ${options.sheet}: names a sheet of the --inputs workbook, and no --inputs is given`);
  if (!inputsFile && Object.keys(raw).length === 0) return given.inputs;
  const fromFile = inputsFile ? await readInputsFor(ctx, plan, inputsFile, options) : {};
  const resolved = resolveInputs(plan, { ...given.inputs, ...fromFile, ...raw });
  if (resolved.errors.length > 0) throw new UserError(resolved.errors.join('\n'));
  const tooLarge = await inputSizeProblem(plan, resolved.inputs);
  if (tooLarge) throw new UserError(tooLarge);
  return resolved.inputs;
}

export interface RetryOptions {
  client: Client;
  taskQueue: string;
  run: string;
  input: Record<string, string>;
  inputs?: string;
  /** The sheet of an `inputs` Excel workbook (else its first), as `tourflow run --sheet` takes it. */
  sheet?: string;
  redoChanged: boolean;
}

export interface StartedRetry {
  /** Undefined when RUN left nothing to retry. */
  handle?: WorkflowHandle<typeof playbookWorkflow>;
  workflowId: string;
  /** What the retry will do, in words, for the user. */
  notes: string[];
}

/** What RUN's result says, or why there is nothing to retry (`UserError`). */
async function recordOf(
  found: Awaited<ReturnType<typeof findRun>>,
): Promise<{ result: RunResult | undefined; notes: string[]; nothing?: true }> {
  const id = found.description.workflowId;
  const status = found.description.status.name;
  if (status === 'RUNNING')
    throw new UserError(
      `run "${id}" is still running; wait for its end (\`tourflow result ${id}\`) or cancel it, then retry it`,
    );
  const { result } = await waitForOutcome(found.handle);
  if (!result)
    return {
      result,
      notes: [
        `${id} ended without a record of its steps (${status.toLowerCase()}): every step runs again under its keys, so what it wrote within the API's 24 hours of keeping answers is answered, not written twice.`,
      ],
    };
  if (!result.retry) return { result, notes: [`${id} completed every step: nothing to retry.`], nothing: true };
  if (result.retry.undone)
    return {
      result,
      notes: [
        `${id} ${result.cancelled ? 'was cancelled and ' : ''}rolled back: everything it did was undone, so every step will be redone.`,
      ],
    };
  return { result, notes: [] };
}

/** Starts the retry of a run that ended. */
export async function startRetry(ctx: CliContext, options: RetryOptions): Promise<StartedRetry> {
  const { client } = options;
  const found = await findRun(client, options.run);
  const { result, notes, nothing } = await recordOf(found);
  if (nothing) return { workflowId: found.description.workflowId, notes };
  const given = await startInput(client, found.description.workflowId, found.description.runId);
  const plan = given.plan;
  const inputs = await correctedInputs(ctx, plan, given, options.input, options.inputs, { sheet: options.sheet });
  const sources = options.inputs ? inputSources(plan, options.inputs) : given.sources;
  const workflowId = await retryWorkflowId(client, found.description.workflowId);
  const record = result?.retry;
  const start = record && !record.undone ? retryStart(record, found.description.workflowId, options.redoChanged) : {};
  if (record && !record.undone)
    notes.push(
      `keeps ${record.kept.length} of ${plan.steps.length} step(s) done in ${found.description.workflowId}; ${Object.values(record.itemOutputs).reduce((n, items) => n + Object.keys(items).length, 0)} element(s) done are not sent again.`,
    );
  const input: PlaybookInput = {
    plan,
    inputs,
    // A scheduled run's seed stands for its workflow ID until it starts (KEY_SEED_WORKFLOW_ID).
    keySeed: record?.undone
      ? workflowId
      : given.keySeed === KEY_SEED_WORKFLOW_ID
        ? found.description.workflowId
        : given.keySeed,
    ...(given.now && !record?.undone ? { now: given.now } : {}),
    ...(given.timeZone ? { timeZone: given.timeZone } : {}),
    ...(sources ? { sources } : {}),
    ...start,
  };
  const handle = await client.workflow.start<typeof playbookWorkflow>('playbookWorkflow', {
    taskQueue: options.taskQueue,
    workflowId,
    args: [input],
    workflowIdConflictPolicy: 'FAIL',
    searchAttributes: { [PLAYBOOK_NAME]: [plan.name] },
    memo: { keyGeneration: 0, content: runContent(plan, inputs), retryOf: found.description.workflowId },
    staticSummary: `${plan.name}: retry of ${found.description.workflowId}`,
  });
  return { handle, workflowId, notes };
}
