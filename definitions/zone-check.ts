/**
 * `today()` and `tomorrow()` without a zone read the zone of the tour the run's `tourId` input
 * names. A playbook without that input would get UTC dates, which is rarely what its author
 * means: the compiler asks for a zone at each such call instead.
 */
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import type { PlaybookSource, ValuePath } from './source.ts';

const ZONELESS_CALL = /\b(today|tomorrow)\(\s*\)/g;

/** True when expressions in `value` call `today()` or `tomorrow()` without a zone. */
export function usesZonelessToday(value: unknown): boolean {
  return new RegExp(ZONELESS_CALL.source).test(JSON.stringify(value) ?? '');
}

/** One error at each `today()`/`tomorrow()` without a zone in the steps and outputs of `document`. */
export function checkZonelessDates(document: Record<string, unknown>, source: PlaybookSource): PlaybookError[] {
  const errors: PlaybookError[] = [];
  const visit = (value: unknown, path: ValuePath): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(ZONELESS_CALL))
        errors.push(zonelessError(match[0], match[1] as string, path, source));
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  visit(document.steps, ['steps']);
  visit(document.outputs, ['outputs']);
  return errors;
}

function zonelessError(call: string, name: string, path: ValuePath, source: PlaybookSource): PlaybookError {
  return new PlaybookError(
    PlaybookErrorCode.zoneRequired,
    `${name}() without a zone needs a tourId input to read the tour's time zone from; this playbook has none`,
    {
      file: source.file,
      ...source.placeIn(path, call, 0, call.length),
      hint: `pass a zone, e.g. ${name}('Europe/Berlin') or ${name}(steps.find.outputs.timeZone), or declare a tourId input`,
    },
  );
}
