/** Compiling a playbook file and resolving its inputs for the `run`, `plan` and `dev` commands. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { compilePlaybookFile, formatErrors, resolveInputs } from '../definitions/index.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { UserError, type CliContext } from './context.ts';
import { isCsvInputs, readCsvInputs } from './csv-inputs.ts';

/** Compiles a playbook and resolves its inputs; a mistake becomes a `UserError` with file:line:column. */
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
      : ((parseYaml(await readFile(path.resolve(ctx.cwd, inputsFile), 'utf8')) ?? {}) as JsonObject);
  const resolved = resolveInputs(compiled.plan!, { ...fromFile, ...raw });
  if (resolved.errors.length > 0) throw new UserError(resolved.errors.join('\n'));
  return { plan: compiled.plan!, inputs: resolved.inputs };
}
