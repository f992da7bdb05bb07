/**
 * The playbook language: compile YAML playbooks into plans, resolve run inputs, format
 * errors, generate the editor schema, and the action catalogue.
 */
import path from 'node:path';
import { compilePlaybookSource, type CompileOptions, type CompileResult } from './compiler.ts';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { PLAYBOOK_LIMITS, readBoundedText } from './limits.ts';

export { compilePlaybookSource, type CompileOptions, type CompileResult } from './compiler.ts';
export { PlaybookError, PlaybookErrorCode, formatErrors, sortErrors, type SourceTexts } from './errors.ts';
export { resolveInputs, checkInputValue, type ResolvedInputs } from './inputs.ts';
export { readInputsFile, type InputsFile } from './inputs-file.ts';
export { INPUTS_LIMITS, PLAYBOOK_LIMITS, type DocumentLimits } from './limits.ts';
export { readInclude, type IncludedFile, type IncludeOptions } from './include.ts';
export { catalogue, findAction, ActionKind, type ActionDefinition, type Compensation } from './actions/index.ts';
export { API_VERSION } from './format.ts';
export { playbookJsonSchema } from './json-schema.ts';
export { planForRun } from './run-plan.ts';

/**
 * Reads and compiles a playbook file. The file name in errors and step sources is `file` as
 * given, read relative to `options.cwd`. A missing file is an error in the result, like any
 * other mistake; so is a file larger than a playbook may be, which is not read to its end.
 */
export async function compilePlaybookFile(
  file: string,
  options: Omit<CompileOptions, 'file'> = {},
): Promise<CompileResult> {
  let text: string;
  try {
    text = await readBoundedText(path.resolve(options.cwd ?? process.cwd(), file), PLAYBOOK_LIMITS.maxBytes);
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (cause as Error).message;
    const error = new PlaybookError(PlaybookErrorCode.fileNotFound, `cannot read playbook: ${reason}`, {
      file,
      line: 1,
      column: 1,
      cause,
    });
    return { errors: [error], sources: {} };
  }
  return compilePlaybookSource(text, { ...options, file });
}
