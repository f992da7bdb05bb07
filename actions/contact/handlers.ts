/**
 * The worker's handlers of the contact actions (catalogue in `catalogue.ts`), served as one module:
 * `contact.list` (`list-handlers.ts`), `contact.create` and `contact.link` (`create-handlers.ts`;
 * undo of a link: unlink; a created key contact cannot be deleted and is reported left behind),
 * `contact.update` and `contact.ensure` (`update-handlers.ts`; undo of an update: the previous
 * values written back) and `contacts.set` (`set-handlers.ts`; undo: the rows written back).
 */
import type { ActionModule } from '../../activities/action.ts';
import { createHandlers, createUndo } from './create-handlers.ts';
import { listHandlers } from './list-handlers.ts';
import { contactsSetHandler, generalContactsUndo } from './set-handlers.ts';
import { updateHandlers, updateUndo } from './update-handlers.ts';

/** Every undo handler the contact's records name (`UndoName`). */
export const contactUndo = { ...createUndo, ...updateUndo, ...generalContactsUndo };

export const contactActions = {
  actions: {
    ...listHandlers,
    ...createHandlers,
    ...updateHandlers,
    'contacts.set': contactsSetHandler,
  },
  undo: contactUndo,
} satisfies ActionModule;
