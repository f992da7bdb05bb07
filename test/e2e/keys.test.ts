/**
 * Idempotency keys on the real dev server against the sandbox, which compares keys ignoring
 * case as the API does: guests whose last names differ only in case are two entries, the
 * shipped tour-setup adds two guests with one last name on one day, and a `forEach` whose key
 * gives two elements the same value is refused before it writes anything.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/guests-by-name.yaml');

type Row = Record<string, unknown>;
/** The guest list entries of a tour, as "first last", sorted. */
function guestNames(stack: TestStack, tourId: unknown): string[] {
  const guests = (stack.sandbox.snapshot() as { guests?: Row[] }).guests ?? [];
  return guests
    .filter((guest) => guest.tourId === tourId && !guest.isDeleted)
    .map((guest) => `${String(guest.firstName)} ${String(guest.lastName)}`)
    .sort();
}

describe('idempotency keys', () => {
  let stack: TestStack;
  let outputDir: string;
  beforeAll(async () => {
    outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-keys-'));
    stack = await startTestStack({ outputDir });
  });
  afterAll(async () => {
    await stack?.close();
    await rm(outputDir, { recursive: true, force: true });
  });

  it('creates two guests whose last names differ only in case', async () => {
    const guests = [
      { date: '2027-06-01', firstName: 'Anna', lastName: 'de Vries' },
      { date: '2027-06-01', firstName: 'Bram', lastName: 'De Vries' },
    ];
    const outcome = await stack.run(FIXTURE, { guests }, 'case');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const ids = outcome.result!.outputs.guestIds as unknown[];
    expect(new Set(ids).size).toBe(2);
    expect(guestNames(stack, outcome.result!.outputs.tourId)).toEqual(['Anna de Vries', 'Bram De Vries']);
  });

  it('tour-setup creates two guests with one last name on one day, and two whose names differ only in case', async () => {
    const guests = [
      { date: '2027-03-26', firstName: 'Ada', lastName: 'Lindholm', guests: 2, pickup: 'Will Call' },
      { date: '2027-03-26', firstName: 'Erik', lastName: 'Lindholm', guests: 1, pickup: 'Will Call' },
      { date: '2027-03-29', firstName: 'Anna', lastName: 'de Vries', guests: 1, pickup: 'Box Office' },
      { date: '2027-03-29', firstName: 'Bram', lastName: 'De Vries', guests: 1, pickup: 'Box Office' },
    ];
    const outcome = await stack.run('tour-setup.yaml', { name: 'Keys tour', guests, sheetsFolder: outputDir }, 'setup');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(guestNames(stack, outcome.result!.outputs.tourId)).toEqual([
      'Ada Lindholm',
      'Anna de Vries',
      'Bram De Vries',
      'Erik Lindholm',
    ]);
  }, 120_000);

  it('refuses a forEach whose key gives two elements one value, naming their positions, and writes nothing', async () => {
    const guests = [
      { date: '2027-06-01', firstName: 'Ada', lastName: 'Lindholm' },
      { date: '2027-06-01', firstName: 'Ben', lastName: 'Okafor' },
      { date: '2027-06-01', firstName: 'Erik', lastName: 'Lindholm' },
    ];
    const before = stack.sandbox.snapshot({ normalise: true });
    const outcome = await stack.run(FIXTURE, { guests }, 'collision');
    expect(outcome.result?.status).toBe('rolledBack');
    expect(outcome.result?.error).toEqual({
      stepId: 'guests',
      type: 'FOREACH_DUPLICATE_KEY',
      message:
        'step guests (guest.create) failed: forEach.key ${{ guest.date + " " + guest.lastName }}: element 1 (key ${{ guest.date + " " + guest.lastName }}) and ' +
        'element 3 (key ${{ guest.date + " " + guest.lastName }}) ' +
        "have the same value, so the API would answer the second element's call with the first one's record; give the step a key " +
        'that tells every element apart, such as the whole element: key: ${{ guest }}',
    });
    expect(outcome.message).not.toMatch(/Lindholm|Ada|Erik/);
    expect(outcome.result?.undone.map((u) => u.stepId)).toEqual(['tour']);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });
});
