/**
 * The activity the code runs in, or undefined outside one (the benchmark's scripts, tests).
 * Read from the SDK's context storage rather than by catching `Context.current()`'s error:
 * a thrown error per call is a stack trace per call.
 */
import { asyncLocalStorage, type Context } from '@temporalio/activity';

export function currentActivity(): Context | undefined {
  return asyncLocalStorage.getStore();
}
