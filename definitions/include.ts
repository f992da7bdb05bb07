/**
 * Composite playbooks: a `playbook.run` step names another playbook file; it is compiled
 * (recursively) and embedded in the step, so the plan stays one self-contained JSON value.
 */
import path from 'node:path';
import type { StepEntry } from './compile-step.ts';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { holdsTemplate, isTemplate } from './expressions.ts';
import { checkInputValue } from './inputs.ts';
import { PLAYBOOK_LIMITS, readBoundedText } from './limits.ts';
import type { JsonValue, Plan } from './plan-types.ts';
import type { PlaybookSource } from './source.ts';
import { suggestion } from './suggest.ts';

/** An included file: its name (as it appears in messages) and text. */
export interface IncludedFile {
  file: string;
  text: string;
}

export interface IncludeOptions {
  /**
   * Reads the playbook a `playbook.run` step names (`request`, relative to `fromFile`).
   * @default reads it from disk, relative to the including file
   */
  resolveInclude?: (request: string, fromFile: string) => Promise<IncludedFile | undefined>;
  /** The files being compiled, outermost first; an include of one of them is a cycle. */
  includeStack?: readonly string[];
  /** Directory relative file names are read from. @default process.cwd() */
  cwd?: string;
}

type Compile = (
  text: string,
  options: IncludeOptions & { file: string },
) => Promise<{ plan?: Plan; errors: PlaybookError[]; sources: Record<string, string> }>;

/** Reads an included playbook from disk; undefined when there is no such file. */
export async function readInclude(
  request: string,
  fromFile: string,
  cwd = process.cwd(),
): Promise<IncludedFile | undefined> {
  const file = path.join(path.dirname(fromFile), request);
  try {
    return { file, text: await readBoundedText(path.resolve(cwd, file), PLAYBOOK_LIMITS.maxBytes) };
  } catch {
    return undefined;
  }
}

/** Compiles the playbook a `playbook.run` step names, or records why it cannot. */
export async function includePlaybook(
  entry: StepEntry,
  source: PlaybookSource,
  errors: PlaybookError[],
  options: IncludeOptions & { file: string; compile: Compile },
  sources: Record<string, string>,
): Promise<Plan | undefined> {
  const request = entry.document.with?.playbook;
  const at = (...rest: (string | number)[]) => ({
    file: source.file,
    ...source.place(['steps', entry.index, 'with', ...rest]),
  });
  if (typeof request !== 'string') return undefined; // the argument check reports it
  if (isTemplate(request)) {
    errors.push(
      new PlaybookError(
        PlaybookErrorCode.invalidArgument,
        'playbook: the included playbook must be a file path, not an expression',
        at('playbook'),
      ),
    );
    return undefined;
  }
  const resolve =
    options.resolveInclude ?? ((request: string, from: string) => readInclude(request, from, options.cwd));
  const included = await resolve(request, options.file);
  if (!included) {
    errors.push(
      new PlaybookError(PlaybookErrorCode.includeNotFound, `playbook "${request}" not found`, {
        ...at('playbook'),
        hint: `paths are relative to ${path.dirname(options.file) || '.'}`,
      }),
    );
    return undefined;
  }
  const stack = options.includeStack ?? [options.file];
  if (stack.some((file) => path.resolve(file) === path.resolve(included.file))) {
    const chain = [...stack, included.file].map((file) => path.basename(file)).join(' -> ');
    errors.push(
      new PlaybookError(PlaybookErrorCode.includeCycle, `include cycle: ${chain}`, {
        ...at('playbook'),
        hint: 'a playbook cannot run itself, directly or through others',
      }),
    );
    return undefined;
  }
  const result = await options.compile(included.text, {
    file: included.file,
    includeStack: [...stack, included.file],
    resolveInclude: options.resolveInclude,
    cwd: options.cwd,
  });
  Object.assign(sources, result.sources);
  errors.push(...result.errors);
  if (result.plan) checkIncludeInputs(entry, result.plan, source, errors);
  return result.plan;
}

function checkIncludeInputs(entry: StepEntry, plan: Plan, source: PlaybookSource, errors: PlaybookError[]): void {
  const given = entry.document.with?.inputs;
  const base = ['steps', entry.index, 'with', 'inputs'];
  if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given))) return;
  const values = (given ?? {}) as Record<string, JsonValue>;
  const names = Object.keys(plan.inputs);
  for (const [name, value] of Object.entries(values)) {
    const input = Object.hasOwn(plan.inputs, name) ? plan.inputs[name] : undefined;
    if (!input) {
      const hint =
        suggestion(name, names, 'inputs') ??
        (names.length ? `${plan.name} takes: ${names.join(', ')}` : `${plan.name} takes no inputs`);
      errors.push(
        new PlaybookError(PlaybookErrorCode.inputUnknown, `playbook "${plan.name}" has no input "${name}"`, {
          file: source.file,
          ...source.place([...base, name], 'key'),
          hint,
        }),
      );
    } else if (!holdsTemplate(value)) {
      const checked = checkInputValue(input, value);
      if (!checked.ok)
        errors.push(
          new PlaybookError(PlaybookErrorCode.inputInvalid, `input "${name}": ${checked.message}`, {
            file: source.file,
            ...source.place([...base, name]),
            hint: checked.hint,
          }),
        );
    }
  }
  const missing = Object.entries(plan.inputs).filter(
    ([name, input]) => input.required && input.default === undefined && !Object.hasOwn(values, name),
  );
  if (missing.length > 0) {
    const list = missing.map(([name]) => `"${name}"`).join(', ');
    errors.push(
      new PlaybookError(PlaybookErrorCode.inputRequired, `playbook "${plan.name}" needs input ${list}`, {
        file: source.file,
        ...source.place(given === undefined ? ['steps', entry.index, 'with'] : base, 'key'),
      }),
    );
  }
}
