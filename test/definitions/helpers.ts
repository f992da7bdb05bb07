/** Compiling inline playbooks in tests. */
import {
  compilePlaybookSource,
  formatErrors,
  type CompileOptions,
  type CompileResult,
} from '../../definitions/index.ts';

/** Compiles `text` as `test.yaml`; `files` are what `playbook.run` steps can include. */
export async function compile(
  text: string,
  options: Partial<CompileOptions> & { files?: Record<string, string> } = {},
): Promise<CompileResult> {
  const { files = {}, ...rest } = options;
  return compilePlaybookSource(text, {
    file: 'test.yaml',
    resolveInclude: async (request) =>
      request in files ? { file: request, text: files[request] as string } : undefined,
    ...rest,
  });
}

/** The formatted errors of compiling `text` ('' when it compiles). */
export async function errorsOf(text: string, options: Parameters<typeof compile>[1] = {}): Promise<string> {
  const result = await compile(text, options);
  return formatErrors(result.errors, result.sources);
}

/** A playbook with the usual header and the given steps (YAML, indented by two spaces). */
export function playbook(steps: string, extra = ''): string {
  return `apiVersion: tourflow/v1\nname: test\n${extra}steps:\n${steps}`;
}
