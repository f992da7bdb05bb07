/**
 * Files from the machine that runs `tourflow run`: a `file.upload` step's `localFile` is read
 * here, before the run starts, and carried into the run as the step's `base64` bytes, so the
 * upload works wherever the worker runs. The run's input is encrypted like every payload (unless
 * the run is started with --no-encryption) and kept in its history for retries; it is bounded
 * by Temporal's 2 MiB for one payload, so a file carried is at most 1 MiB (`LOCAL_FILE_LIMIT`).
 * A larger one belongs in the worker's input folder, given by `file`: the error says so.
 *
 * Why carried, not uploaded by the CLI before the run: `tourflow run` needs only Temporal, and in
 * most setups holds no API credential (the worker does); an upload made outside the run would
 * also be outside its history, keys and report. Carried, the bytes are uploaded by the run's own
 * step, under its idempotency key, and a retry or replay sees the same bytes.
 */
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_FILE_LIMIT } from '../actions/file/catalogue.ts';
import { evaluateTemplate, isTemplate, type ExpressionScope } from '../definitions/expressions.ts';
import type { JsonObject, Plan, PlanStep } from '../definitions/plan-types.ts';
import { UserError } from './context.ts';
import { inputSizeProblem } from './payload-size.ts';

const INPUT_FOLDER_HINT =
  'copy it into the worker’s input folder (TOURFLOW_INPUT_DIR on the machine the worker runs on, ./files where it starts by default) and give "file" with its path there';

/**
 * `plan` with each `localFile` of its `file.upload` steps read from this machine (relative to
 * `cwd`) into `base64` and `fileName`; the plan itself when it has none. A path that is not known
 * before the run (it reads a step or the element of a forEach), a missing file and one over the
 * limit are `UserError`s naming the step.
 */
export async function carryLocalFiles(plan: Plan, inputs: JsonObject, cwd: string): Promise<Plan> {
  if (!plan.steps.some(hasLocalFile)) return plan;
  const scope: ExpressionScope = {
    inputs,
    steps: {},
    run: { workflowId: '', playbook: plan.name, now: new Date().toISOString() },
  };
  const steps = await Promise.all(plan.steps.map((step) => (hasLocalFile(step) ? carried(step, scope, cwd) : step)));
  const out = { ...plan, steps };
  const tooLarge = await inputSizeProblem(out, inputs);
  if (tooLarge) throw new UserError(`${tooLarge}; for the files of "localFile", ${INPUT_FOLDER_HINT}`);
  return out;
}

function hasLocalFile(step: PlanStep): boolean {
  const args = step.args as JsonObject | null;
  return step.action === 'file.upload' && args !== null && typeof args === 'object' && args.localFile !== undefined;
}

async function carried(step: PlanStep, scope: ExpressionScope, cwd: string): Promise<PlanStep> {
  const { localFile, ...args } = step.args as JsonObject;
  const given = localFilePath(step, localFile, scope);
  const absolute = path.resolve(cwd, given.startsWith('~/') ? path.join(os.homedir(), given.slice(2)) : given);
  const info = await stat(absolute).catch(() => undefined);
  if (!info)
    throw new UserError(`step ${step.id}: localFile "${given}": there is no such file on this machine (${absolute})`);
  if (!info.isFile()) throw new UserError(`step ${step.id}: localFile "${given}" (${absolute}) is not a file`);
  if (info.size > LOCAL_FILE_LIMIT) {
    throw new UserError(
      `step ${step.id}: localFile "${given}" has ${info.size.toLocaleString('en-US')} bytes; \`tourflow run\` carries files of at most 1 MiB into a run: ${INPUT_FOLDER_HINT}`,
    );
  }
  const bytes = await readFile(absolute);
  return {
    ...step,
    args: { ...args, base64: bytes.toString('base64'), fileName: args.fileName ?? path.basename(absolute) },
  };
}

/** The path a `localFile` gives: written out, or an expression over the inputs. */
function localFilePath(step: PlanStep, value: unknown, scope: ExpressionScope): string {
  let result: unknown = value;
  if (isTemplate(value)) {
    try {
      result = evaluateTemplate(value as string, scope);
    } catch {
      throw new UserError(
        `step ${step.id}: localFile must be known when the run starts, a path or an expression over the inputs (not a step's output or a forEach element): ${String(value)}`,
      );
    }
  }
  if (typeof result !== 'string' || result === '')
    throw new UserError(`step ${step.id}: localFile must be a path, not ${JSON.stringify(result)}`);
  return result;
}
