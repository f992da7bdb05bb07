import { describe, expect, it } from 'vitest';
import type { Plan, PlanStep } from '../../definitions/plan-types.ts';
import { StepState, type CarriedState, type PlaybookInput } from '../../workflows/messages.ts';
import {
  compareElements,
  contentDigest,
  elementLabel,
  redoKey,
  retryRecord,
  retryStart,
} from '../../workflows/retry.ts';

const step = (id: string, needs: string[] = [], extra: Partial<PlanStep> = {}): PlanStep =>
  ({
    id,
    action: 'guest.create',
    kind: 'create',
    activity: 'guestCreate',
    args: {},
    needs,
    onFailure: 'rollback',
    outputs: {},
    allowDestroy: false,
    compensation: null,
    ...extra,
  }) as PlanStep;

const guests = step('guests', ['tour'], {
  forEach: { items: '${{ inputs.guests }}', as: 'guest', concurrency: 4, key: '${{ guest.email }}' },
});
const input = (steps: PlanStep[], extra: Partial<PlaybookInput> = {}): PlaybookInput => ({
  plan: { name: 'p', steps, inputs: {} } as unknown as Plan,
  inputs: {},
  keySeed: 'p--k',
  ...extra,
});
const state = (stepStates: CarriedState['stepStates'], extra: Partial<CarriedState> = {}): CarriedState => ({
  outputs: {},
  stepStates,
  itemOutputs: {},
  saga: [],
  done: [],
  warnings: [],
  continuedCount: 0,
  ...extra,
});

describe('what a run records for tourflow retry', () => {
  it('has nothing to retry when every step is done or skipped by its if', () => {
    const steps = [step('tour'), step('note', ['tour'])];
    expect(
      retryRecord(input(steps), state({ tour: StepState.done, note: StepState.skipped }), 'p--k', false, []),
    ).toBeUndefined();
  });

  it('keeps done steps whose needs are kept; a forEach with failed elements and what needs it run again', () => {
    const steps = [step('tour'), guests, step('sheets', ['guests'])];
    const carried = state(
      { tour: StepState.done, guests: StepState.done, sheets: StepState.done },
      { outputs: { tour: { id: 't1' } }, incomplete: ['guests'], itemOutputs: { guests: { a: { id: 1 } } } },
    );
    const record = retryRecord(input(steps), carried, 'p--k', false, [])!;
    expect(record.kept).toEqual(['tour']);
    expect(record.outputs).toEqual({ tour: { id: 't1' } });
    expect(retryStart(record, 'p--k', false).carried).toMatchObject({
      stepStates: { tour: StepState.done },
      itemOutputs: { guests: { a: { id: 1 } } },
      saga: [],
    });
  });

  it('keeps nothing of a run whose work was undone', () => {
    const record = retryRecord(
      input([step('tour')]),
      state({ tour: StepState.undone }, { itemOutputs: { tour: { a: null } } }),
      'p--k',
      true,
      [],
    )!;
    expect(record).toMatchObject({ undone: true, kept: [], itemOutputs: {} });
    expect(retryStart(record, 'p--k', false)).toEqual({});
  });
});

describe('an element as the user knows it', () => {
  it('is its CSV file and row, else its position from 1 and the key expression', () => {
    expect(elementLabel(input([guests], { sources: { guests: { file: 'guests.csv', first: 2 } } }), guests, 9)).toBe(
      'guests.csv row 11',
    );
    expect(
      elementLabel(input([guests], { sources: { guests: { file: 'guests.csv', first: 2, rows: [2, 4] } } }), guests, 1),
    ).toBe('guests.csv row 4');
    expect(elementLabel(input([guests]), guests, 9)).toBe('element 10 (key ${{ guest.email }})');
    expect(elementLabel(input([guests]), guests, 9, false)).toBe('element 10');
  });
});

describe("a retry's elements compared with what was sent", () => {
  const sent = { email: 'a@example.com', guests: 2 };
  const now = { email: 'a@example.com', guests: 3 };
  const previous = (redoChanged: boolean) => ({
    workflowId: 'p--k',
    itemDigests: { guests: { a: contentDigest(sent) } },
    redoChanged,
  });

  it('reports a changed element, without its content, and keeps it as it was sent', () => {
    const run = { input: input([guests], { previous: previous(false) }), state: state({}) };
    const keys = ['a'];
    const warnings = compareElements(run, guests, [now], keys, { a: { id: 1 } });
    expect(warnings).toEqual([
      'step guests: element 1 (key ${{ guest.email }}) changed since p--k; kept as it was sent (tourflow retry --redo-changed sends it again)',
    ]);
    expect(keys).toEqual(['a']);
    expect(run.state.itemDigests).toEqual({ guests: { a: contentDigest(sent) } });
  });

  it('gives a changed element a key of its own with --redo-changed, and leaves an unchanged one alone', () => {
    const run = { input: input([guests], { previous: previous(true) }), state: state({}) };
    const keys = ['a'];
    expect(compareElements(run, guests, [now], keys, { a: { id: 1 } })).toEqual([
      'step guests: element 1 (key ${{ guest.email }}) changed since p--k; sent again',
    ]);
    expect(keys).toEqual([redoKey('a', contentDigest(now))]);
    const same = { input: input([guests], { previous: previous(true) }), state: state({}) };
    expect(compareElements(same, guests, [sent], ['a'], { a: { id: 1 } })).toEqual([]);
  });
});
