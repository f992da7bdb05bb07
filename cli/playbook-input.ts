/** Compiling a playbook file and resolving its inputs for the `run`, `plan` and `dev` commands. */
import { compilePlaybookFile, formatErrors, readInputsFile, resolveInputs } from '../definitions/index.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { UserError, type CliContext } from './context.ts';
import { isCsvInputs, readCsvInputs } from './csv-inputs.ts';
import { inputSizeProblem } from './payload-size.ts';

/**
 * Compiles a playbook and resolves its inputs; a mistake becomes a `UserError` with
 * file:line:column, and so does an input too large for Temporal to start a run with.
 */
export async function loadPlan(
  ctx: CliContext,
  file: string,
  raw: Record<string, string>,
  inputsFile?: string,
): Promise<{ plan: Plan; inputs: JsonObject }> {
  const compiled = await compilePlaybookFile(file, { cwd: ctx.cwd });
  if (compiled.errors.length > 0 || !compiled.plan) throw new UserError(formatErrors(compiled.errors, compiled.sources));
  const fromFile = !inputsFile
    ? {}
    : isCsvInputs(inputsFile)
      ? await readCsvInputs(ctx.cwd, inputsFile, compiled.plan)
      : await readInputsFlag(ctx, inputsFile);
  const resolved = resolveInputs(compiled.plan!, { ...fromFile, ...raw });
  if (resolved.errors.length > 0) throw new UserError(resolved.errors.join('\n'));
  const tooLarge = await inputSizeProblem(compiled.plan!, resolved.inputs);
  if (tooLarge) throw new UserError(tooLarge);
  return { plan: compiled.plan!, inputs: resolved.inputs };
}

/** The values of an `--inputs` file; a mistake in it (or a file beyond its bounds) is a `UserError` at file:line:column. */
export async function readInputsFlag(ctx: CliContext, file: string): Promise<JsonObject> {
  const read = await readInputsFile(file, ctx.cwd);
  if (read.errors.length > 0 || !read.inputs) throw new UserError(formatErrors(read.errors, read.sources));
  return read.inputs;
}
