/** The read actions that list the tour, its organization and their details. */
import type { ActionModule } from '../action.ts';
import { placeListHandlers } from './list-places.ts';
import { scheduleListHandlers } from './list-schedule.ts';

export const listActions = {
  actions: { ...scheduleListHandlers, ...placeListHandlers },
  undo: {},
} satisfies ActionModule;
