/**
 * A batch activity's input: what every call of the batch shares (its action, step and run, the
 * prefix of its idempotency keys) once, then each element's item key and arguments. A call of
 * a `forEach` element carries its step's parts and the run's context like any other; sent per
 * call they were more than half of a batch's bytes, which every batch pays for in the workflow
 * thread, in the server's history and in the worker that decodes it. Pure functions, no
 * imports but types: the workflow packs, the activity unpacks.
 */
import type { BatchCall, BatchItem, StepCall } from '../activities/types.ts';

/** A batch of `calls` (one step's, each with an item key), their shared parts sent once. */
export function packBatch(calls: StepCall[], options: Omit<BatchCall, 'shared' | 'calls'>): BatchCall {
  const first = calls[0];
  if (!first) throw new TypeError('a batch has at least one call');
  const { action, stepId, run } = first;
  const keyPrefix = prefixOf(first);
  const items = calls.map((call): BatchItem => {
    if (call.action !== action || call.stepId !== stepId || prefixOf(call) !== keyPrefix)
      throw new TypeError(`the calls of a batch belong to one step of one run (step ${stepId} and ${call.stepId})`);
    return { itemKey: call.itemKey!, args: call.args };
  });
  return { shared: { action, stepId, run, keyPrefix }, calls: items, ...options };
}

/** The calls of a batch, each as a step's call of its own (`StepCall`). */
export function unpackBatch(batch: BatchCall): StepCall[] {
  const { action, stepId, run, keyPrefix } = batch.shared;
  return batch.calls.map(({ itemKey, args }) => ({
    action,
    stepId,
    itemKey,
    args,
    idempotencyKey: `${keyPrefix}/${itemKey}`,
    run,
  }));
}

/** The part of a call's idempotency key before its item key (`RunKeys.of` in keys.ts). */
function prefixOf(call: StepCall): string {
  const suffix = `/${call.itemKey}`;
  if (call.itemKey === null || !call.idempotencyKey.endsWith(suffix))
    throw new TypeError(`a batch call's idempotency key ends with its item key (step ${call.stepId})`);
  return call.idempotencyKey.slice(0, -suffix.length);
}
