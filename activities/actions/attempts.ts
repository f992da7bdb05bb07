/** Which attempt of its activity a call is. */
import { Context } from '@temporalio/activity';

/**
 * Whether an earlier attempt of this activity ran, and so may have done the work already: a
 * record it deleted being gone is then success, not a mistake in the playbook.
 */
export function isRetry(): boolean {
  try {
    return Context.current().info.attempt > 1;
  } catch {
    return false; // called outside an activity (scripts, tests)
  }
}
