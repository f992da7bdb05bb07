/** Which attempt of its activity a call is. */
import { currentActivity } from '../current.ts';

/**
 * Whether an earlier attempt of this activity ran, and so may have done the work already: a
 * record it deleted being gone is then success, not a mistake in the playbook.
 */
export function isRetry(): boolean {
  return (currentActivity()?.info.attempt ?? 1) > 1;
}
