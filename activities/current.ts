/**
 * The activity the code runs in, or undefined outside one (the benchmark's scripts, tests).
 * Read from the SDK's context storage rather than by catching `Context.current()`'s error:
 * a thrown error per call is a stack trace per call. The storage is an SDK internal, checked
 * when this module loads (workflows/sdk-internals.ts).
 */
import * as activitySdk from '@temporalio/activity';
import type { Context } from '@temporalio/activity';
import { contextStorage } from '../workflows/sdk-internals.ts';

const storage = contextStorage<Context>(activitySdk);

export function currentActivity(): Context | undefined {
  return storage.getStore();
}
