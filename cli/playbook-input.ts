/** Compiling a playbook file and resolving its inputs for the `run`, `plan` and `dev` commands. */
import { compilePlaybookFile, formatErrors, readInputsFile, resolveInputs } from '../definitions/index.ts';
import { inputProblems } from '../definitions/inputs.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { UserError, type CliContext } from './context.ts';
import { isCsvInputs, readCsvInputs } from './csv-inputs.ts';
import { inputSizeProblem } from './payload-size.ts';
import { isXlsxInputs, readXlsxInputs } from './xlsx-inputs.ts';

/** How `--inputs` is read: `sheet` names the sheet of an Excel workbook (else its first). */
export interface InputsFileOptions {
  sheet?: string;
}

/**
 * Compiles a playbook and resolves its inputs; a mistake becomes a `UserError` with
 * file:line:column, and so does an input too large for Temporal to start a run with.
 */
export async function loadPlan(
  ctx: CliContext,
  file: string,
  raw: Record<string, string>,
  inputsFile?: string,
  options: InputsFileOptions = {},
): Promise<{ plan: Plan; inputs: JsonObject }> {
  const compiled = await compilePlaybookFile(file, { cwd: ctx.cwd });
  if (compiled.errors.length > 0 || !compiled.plan)
    throw new UserError(formatErrors(compiled.errors, compiled.sources));
  const fromFile = inputsFile ? await readInputsFor(ctx, compiled.plan, inputsFile, options) : {};
  const resolved = resolveInputs(compiled.plan!, { ...fromFile, ...raw });
  if (resolved.errors.length > 0) throw new UserError(resolved.errors.join('\n'));
  const tooLarge = await inputSizeProblem(compiled.plan!, resolved.inputs);
  if (tooLarge) throw new UserError(tooLarge);
  return { plan: compiled.plan!, inputs: resolved.inputs };
}

/**
 * The values an `--inputs` file gives `plan`: a CSV file's or Excel sheet's rows for one of its
 * list inputs, else a YAML or JSON file's values; mistakes are a `UserError`.
 */
export async function readInputsFor(
  ctx: CliContext,
  plan: Plan,
  inputsFile: string,
  options: InputsFileOptions = {},
): Promise<JsonObject> {
  const xlsx = isXlsxInputs(inputsFile);
  if (options.sheet !== undefined && !xlsx)
    throw new UserError(`--sheet ${options.sheet}: only an Excel workbook (--inputs FILE.xlsx) has sheets`);
  if (xlsx) return readXlsxInputs(ctx.cwd, inputsFile, plan, options.sheet);
  return isCsvInputs(inputsFile) ? readCsvInputs(ctx.cwd, inputsFile, plan) : readInputsFlag(ctx, inputsFile);
}

/**
 * The mistakes of an `--inputs` file against a compiled playbook, as `validate --inputs` shows
 * them (empty when it is right): its rows or values checked as a run would check them, without
 * asking for the inputs it does not give.
 */
export async function inputsFileProblems(
  ctx: CliContext,
  plan: Plan,
  inputsFile: string,
  options: InputsFileOptions = {},
): Promise<string[]> {
  try {
    const fromFile = await readInputsFor(ctx, plan, inputsFile, options);
    const { inputs, problems } = inputProblems(plan, fromFile);
    const given = problems.filter((problem) => Object.hasOwn(fromFile, problem.name)).map((problem) => problem.message);
    if (given.length > 0) return given;
    const tooLarge = await inputSizeProblem(plan, inputs);
    return tooLarge ? [tooLarge] : [];
  } catch (error) {
    if (error instanceof UserError) return [error.message];
    throw error;
  }
}

/** The values of an `--inputs` file; a mistake in it

 (or a file beyond its bounds) is a `UserError` at file:line:column. */
export async function readInputsFlag(ctx: CliContext, file: string): Promise<JsonObject> {
  const read = await readInputsFile(file, ctx.cwd);
  if (read.errors.length > 0 || !read.inputs) throw new UserError(formatErrors(read.errors, read.sources));
  return read.inputs;
}
