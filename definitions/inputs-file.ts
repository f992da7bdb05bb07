/**
 * `--inputs` files: YAML or JSON holding a map of input names to values, read within
 * `INPUTS_LIMITS` (size, nesting, what aliases add; no `__proto__` key). Mistakes are
 * `PlaybookError`s at file:line:column, like a playbook's.
 */
import path from 'node:path';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { describeValue } from './issues.ts';
import { INPUTS_LIMITS, readBoundedText } from './limits.ts';
import type { JsonObject } from './plan-types.ts';
import { parseSource } from './source.ts';

/** An inputs file read: its values when it has no mistakes, and its text for `formatErrors`. */
export interface InputsFile {
  inputs?: JsonObject;
  errors: PlaybookError[];
  sources: Record<string, string>;
}

/** Reads an inputs file (`file` as given, relative to `cwd`); an empty file holds no inputs. */
export async function readInputsFile(file: string, cwd = process.cwd()): Promise<InputsFile> {
  let text: string;
  try {
    text = await readBoundedText(path.resolve(cwd, file), INPUTS_LIMITS.maxBytes);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : (cause as Error).message;
    return {
      errors: [
        new PlaybookError(PlaybookErrorCode.fileNotFound, `cannot read inputs file: ${reason}`, {
          file,
          line: 1,
          column: 1,
          cause,
        }),
      ],
      sources: {},
    };
  }
  const sources = { [file]: text };
  const source = parseSource(file, text, INPUTS_LIMITS);
  if (source.errors.length > 0) return { errors: source.errors, sources };
  const value = source.value ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    const message = `an inputs file holds a map of input names to values, got ${describeValue(value)}`;
    return {
      errors: [new PlaybookError(PlaybookErrorCode.invalidField, message, { file, ...source.place([]) })],
      sources,
    };
  }
  return { inputs: value as JsonObject, errors: [], sources };
}
