/** The read actions that list the tour, its organization and their details. */
import type { ActionModule } from '../action.ts';
import { placeListHandlers } from './list-places.ts';

export const listActions = {
  actions: { ...placeListHandlers },
  undo: {},
} satisfies ActionModule;
