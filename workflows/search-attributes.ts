/** The custom search attributes tourflow sets on every run (registered by `tourflow dev`). */
import type { SearchAttributes } from '@temporalio/workflow';

export const PLAYBOOK_NAME = 'PlaybookName';
export const TOUR_ID = 'TourId';

/** Search attributes of a run of `playbook` on `tourId`. */
export function playbookSearchAttributes(playbook: string, tourId?: string): SearchAttributes {
  return { [PLAYBOOK_NAME]: [playbook], ...(tourId ? { [TOUR_ID]: [tourId] } : {}) };
}
