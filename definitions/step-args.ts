/**
 * A step's `with:` against its action's argument schema. Values that are `${{ }}` expressions
 * are checked at run time (the activity parses the evaluated arguments with the same schema),
 * so issues at or below them are left out here.
 */
import type { ActionDefinition } from './actions/types.ts';
import type { PlaybookError } from './errors.ts';
import { isTemplate } from './expressions.ts';
import { issuesToErrors, valueAt } from './issues.ts';
import type { JsonObject } from './plan-types.ts';
import type { PlaybookSource, ValuePath } from './source.ts';

/** Errors in the literal parts of a step's arguments. */
export function checkArgs(action: ActionDefinition, args: JsonObject, source: PlaybookSource, base: ValuePath): PlaybookError[] {
  const parsed = action.args.safeParse(args);
  if (parsed.success) return [];
  const skip = (path: ValuePath): boolean => {
    for (let depth = 0; depth <= path.length; depth++) {
      if (isTemplate(valueAt(args, path.slice(0, depth)))) return true;
    }
    return false;
  };
  return issuesToErrors(parsed.error.issues, { source, base, value: args, schema: action.args, skip });
}
