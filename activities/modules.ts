/** Every action module the worker serves. */
import type { ActionModule } from './action.ts';
import { tourActions } from './actions/tours.ts';

export const actionModules: ActionModule[] = [tourActions];
