/**
 * The custom search attributes tourflow sets on runs, registered wherever its Temporal server is
 * set up (`SEARCH_ATTRIBUTES` in `worker/dev-server.ts` for `tourflow dev` and the tests, the
 * `temporal-setup` service of `docker-compose.yml` for the production stack).
 */
import type { SearchAttributes } from '@temporalio/workflow';

export const PLAYBOOK_NAME = 'PlaybookName';
export const TOUR_ID = 'TourId';
/**
 * The triggers (`<playbook>/<trigger id>`) behind a run: on a run a watcher started, the one that
 * started it; on a tour's watcher, every trigger it serves. A keyword list: `TriggerId = '…'`
 * finds both.
 */
export const TRIGGER_ID = 'TriggerId';

/** Search attributes of a run of `playbook` on `tourId`. */
export function playbookSearchAttributes(playbook: string, tourId?: string): SearchAttributes {
  return { [PLAYBOOK_NAME]: [playbook], ...(tourId ? { [TOUR_ID]: [tourId] } : {}) };
}

/** Search attributes of the watcher of `tourId` serving `triggers` (`<playbook>/<trigger id>`). */
export function triggerSearchAttributes(tourId: string, triggers: string[]): SearchAttributes {
  return { [TOUR_ID]: [tourId], [TRIGGER_ID]: [...new Set(triggers)].sort() };
}
