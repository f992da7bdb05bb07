/**
 * The names an expression reads, against what is in scope where it is written: declared inputs,
 * earlier steps and their outputs, `run`, `event`, `result`, the `forEach` element and `index`.
 * Each wrong name is reported with a hint (the closest name, or what there is).
 */
import { PlaybookErrorCode } from './errors.ts';
import type { ExpressionRef } from './expressions.ts';
import type { ExpressionPlace, ReferenceContext } from './references.ts';
import { editDistance, suggestion } from './suggest.ts';
import { EVENT_FIELDS } from './trigger-types.ts';

const RUN_FIELDS = ['workflowId', 'playbook', 'now'];

/** Reports one mistake of a name, at the name. */
export type Report = (code: PlaybookErrorCode, message: string, hint?: string) => void;

/** Checks one name the expression reads; the steps it reads are added to `used`. */
export function checkRef(
  ref: ExpressionRef,
  place: ExpressionPlace,
  context: ReferenceContext,
  used: Set<string>,
  report: Report,
): void {
  const [first, second, third] = ref.path;
  switch (ref.root) {
    case 'inputs':
      if (first !== undefined && !context.inputs.includes(first)) {
        report(
          PlaybookErrorCode.unknownInput,
          `unknown input "${first}"`,
          suggestion(first, context.inputs, 'inputs') ?? declareHint(context.inputs),
        );
      }
      return;
    case 'steps':
      return checkStepRef(first, second, third, place, context, used, report);
    case 'run':
      if (first !== undefined && !RUN_FIELDS.includes(first)) {
        report(PlaybookErrorCode.unknownName, `unknown field "run.${first}"`, suggestion(first, RUN_FIELDS, 'fields'));
      }
      return;
    case 'event':
      if (!context.event)
        report(
          PlaybookErrorCode.unknownName,
          'unknown name "event"',
          'the event exists only in a playbook with triggers: (see "Triggers")',
        );
      else if (first !== undefined && !(EVENT_FIELDS as readonly string[]).includes(first)) {
        report(
          PlaybookErrorCode.unknownName,
          `unknown field "event.${first}"`,
          suggestion(first, EVENT_FIELDS, 'fields'),
        );
      }
      return;
    case 'result':
      if (!place.result)
        report(
          PlaybookErrorCode.useBeforeDefinition,
          '"result" exists only in a step\'s outputs',
          'read other steps through steps.<id>.outputs',
        );
      return;
    case 'index':
      if (!place.item)
        report(PlaybookErrorCode.useBeforeDefinition, '"index" exists only in a forEach step', place.itemNote);
      return;
    default:
      if (place.item === ref.root) return;
      if (ref.root === 'item' || place.itemNote) {
        report(
          PlaybookErrorCode.useBeforeDefinition,
          `"${ref.root}" is not defined here`,
          place.itemNote ?? 'the element exists only in a forEach step (forEach: ...)',
        );
        return;
      }
      report(
        PlaybookErrorCode.unknownName,
        `unknown name "${ref.root}"`,
        suggestion(ref.root, scopeNames(place), 'names'),
      );
  }
}

function checkStepRef(
  id: string | undefined,
  field: string | undefined,
  output: string | undefined,
  place: ExpressionPlace,
  context: ReferenceContext,
  used: Set<string>,
  report: Report,
): void {
  if (id === undefined) return;
  const step = context.steps.get(id);
  if (!step) {
    report(PlaybookErrorCode.unknownStep, `unknown step "${id}"`, suggestion(id, [...context.steps.keys()], 'steps'));
    return;
  }
  if (id === place.step) {
    report(
      PlaybookErrorCode.useBeforeDefinition,
      `step "${id}" cannot read its own outputs`,
      place.result ? 'use "result" for what the action returned' : undefined,
    );
    return;
  }
  used.add(id);
  if (field === undefined) return;
  if (field !== 'outputs') {
    report(PlaybookErrorCode.unknownName, `steps.${id} has no field "${field}"`, `write steps.${id}.outputs.<name>`);
    return;
  }
  if (output === undefined) return;
  if (step.forEach) {
    report(
      PlaybookErrorCode.unknownOutput,
      `step "${id}" runs forEach: its outputs are a list, one entry per element`,
      `e.g. steps.${id}.outputs.map(o, o.${output})`,
    );
  } else if (step.outputs && !step.outputs.has(output)) {
    const names = [...step.outputs];
    report(PlaybookErrorCode.unknownOutput, `step "${id}" has no output "${output}"`, outputsHint(id, output, names));
  }
}

/**
 * The step's outputs, after a "did you mean" only for a slip of a letter or two: a looser
 * guess misleads (`tourId` is not `orgId` when the output is `id`).
 */
function outputsHint(id: string, output: string, names: readonly string[]): string {
  if (names.length === 0) return `step "${id}" has no outputs`;
  const near = names.find((name) => editDistance(name, output) <= Math.max(1, Math.floor(output.length / 4)));
  return `${near ? `did you mean "${near}"? ` : ''}its outputs are: ${names.join(', ')}`;
}

function declareHint(inputs: readonly string[]): string {
  return inputs.length === 0 ? 'declare it under "inputs:"' : `declared inputs: ${inputs.join(', ')}`;
}

function scopeNames(place: ExpressionPlace): string[] {
  return ['inputs', 'steps', 'run', ...(place.item ? [place.item, 'index'] : []), ...(place.result ? ['result'] : [])];
}
