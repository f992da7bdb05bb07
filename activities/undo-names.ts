/**
 * The name of every undo handler the worker serves, taken from the action modules' undo objects
 * (types only: no module is loaded here). An undo record names its handler by one of these
 * (`UndoRecord.activity`), so a misspelt or missing name is a compile error, not a record left
 * behind at rollback. A new module's undo object is added to `UndoHandlers` below.
 */
import type { bulletinUndo } from '../actions/bulletin/handlers.ts';
import type { contactUndo } from '../actions/contact/handlers.ts';
import type { fieldListUndo } from './actions/field-lists.ts';
import type { fileUndo } from '../actions/file/handlers.ts';
import type { guestUndo } from '../actions/guest/handlers.ts';
import type { passTypeUndo } from '../actions/passType/handlers.ts';
import type { roomUndo } from '../actions/room/handlers.ts';
import type { scheduleItemUndo } from '../actions/scheduleItem/handlers.ts';
import type { stayUndo } from '../actions/stay/handlers.ts';
import type { tagUndo } from '../actions/tag/handlers.ts';
import type { templateUndo } from '../actions/scheduleTemplate/handlers.ts';
import type { tourUndo } from '../actions/tour/handlers.ts';
import type { venueUndo } from '../actions/venue/handlers.ts';

/** Every undo handler, by name. */
export type UndoHandlers = typeof bulletinUndo &
  typeof contactUndo &
  typeof fieldListUndo &
  typeof fileUndo &
  typeof guestUndo &
  typeof passTypeUndo &
  typeof roomUndo &
  typeof scheduleItemUndo &
  typeof stayUndo &
  typeof tagUndo &
  typeof templateUndo &
  typeof tourUndo &
  typeof venueUndo;

/** The name of an action module's undo handler. */
export type UndoHandlerName = keyof UndoHandlers & string;

/**
 * The name an undo record gives its handler; `replayAndUndo` is the undo of a create whose
 * outcome is unknown (`undoReplayAndUndo` in `activities/index.ts`): it replays the call and
 * undoes what comes back.
 */
export type UndoName = UndoHandlerName | 'replayAndUndo';
