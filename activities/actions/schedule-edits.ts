/**
 * Schedule items restored. The undo is prepared before the write: the restore's is a delete.
 */
import { scheduleItemRestore } from '../../definitions/actions/schedule-edits.ts';
import { restoreScheduleItem } from '../../api/contract/schedule.ts';
import type { ActionModule, UndoHandler } from '../action.ts';
import { byIdHandler } from './by-id.ts';

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const scheduleEditUndo = {} satisfies Record<string, UndoHandler>;

export const scheduleEditActions = {
  actions: {
    'schedule.item.restore': byIdHandler({
      action: scheduleItemRestore,
      idArg: 'itemId',
      describe: (id) => `restored schedule item ${id}`,
      write: (ctx, itemId, idempotencyKey) =>
        ctx.client.call(restoreScheduleItem, { params: { itemId }, idempotencyKey, signal: ctx.signal }),
      undo: (id) => ({
        activity: 'scheduleItemsDelete',
        args: { itemIds: [id] },
        describe: `delete schedule item ${id} again`,
        record: { resource: 'scheduleItem', id },
      }),
    }),
  },
  undo: scheduleEditUndo,
} satisfies ActionModule;
