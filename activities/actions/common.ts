/** Helpers shared by the action modules. */
import { ApplicationFailure } from '@temporalio/activity';
import type { z } from 'zod';
import { ApiError } from '../../api/client/index.ts';
import { FailureType } from '../../definitions/failure-types.ts';
import { isRetry } from './attempts.ts';

/** Parses a call's evaluated arguments with the catalogue's schema; a mismatch is the playbook's mistake. */
export function parseArgs<S extends z.ZodType>(action: string, schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
  throw ApplicationFailure.nonRetryable(
    `${action}: invalid arguments at run time: ${problems.join('; ')}`,
    FailureType.INVALID_ARGUMENTS,
  );
}

/** A step that cannot go on for a reason in the playbook's data (unknown name, empty selection). */
export function stepError(message: string, type: FailureType = FailureType.INVALID_ARGUMENTS): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, type);
}

/** True for a 404: the record is gone already, which is what an undo wants. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Runs a forward delete. A 404 after an earlier try whose answer was lost (`isRetry`: the
 * client sent the request before, or an earlier attempt of the activity ran) is that try's
 * delete: done too. Returns the answer, if any.
 */
export async function deleteOnce<T>(body: () => Promise<T>): Promise<T | undefined> {
  try {
    return await body();
  } catch (error) {
    if (!isGone(error) || !isRetry(error)) throw error;
    return undefined;
  }
}

/** Runs an undo call, treating "already gone" as done. */
export async function ignoreGone(body: () => Promise<unknown>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}
