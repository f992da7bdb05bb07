/** The activities of the tour watcher (`workflows/watcher.ts`), registered by the worker beside the playbooks'. */
import type { ActivityDeps } from '../deps.ts';
import { currentActivity } from '../current.ts';
import type { SnapshotRequest, TourSnapshot } from '../../definitions/trigger-types.ts';
import { readTourSnapshot } from '../../api/tour-snapshot/read.ts';

export function createTriggerActivities(deps: Pick<ActivityDeps, 'client'>) {
  return {
    /** One read of a tour for its watcher. */
    watchTourRead: (request: SnapshotRequest): Promise<TourSnapshot> =>
      readTourSnapshot(deps.client, request, currentActivity()?.cancellationSignal),
  };
}
