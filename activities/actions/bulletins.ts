/** Bulletins: post one on a day of a tour (the API finds the tour from the day). */
import { bulletinCreateArgs } from '../../definitions/actions/bulletins.ts';
import { createBulletin, deleteBulletin } from '../../api/contract/bulletins.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { ignoreGone, parseArgs } from './common.ts';
import { lookupTour, resolveDay } from './tour-days.ts';

async function bulletinCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, bulletinCreateArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const body = {
    dayId: day.id,
    title: args.title,
    body: args.body,
    isPinned: args.pinned,
    hasNotification: args.notify,
    ...(args.scheduledFor !== undefined ? { scheduledFor: args.scheduledFor } : {}),
  };
  const { bulletin_id: id } = await ctx.client.call(createBulletin, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  // Deleting the bulletin cannot call back a notification the members already received.
  const recall = args.notify ? ' (its notification stays sent)' : '';
  return {
    output: { id },
    undo: [{ activity: 'bulletinDelete', args: { bulletinId: id }, describe: `delete bulletin "${args.title}" on ${day.date}${recall}`, record: { resource: 'bulletin', id, label: args.title } }],
    tourId: args.tourId,
    describe: `posted bulletin "${args.title}" on ${day.date}${args.pinned ? ', pinned' : ''}${args.notify ? ', members notified' : ''}`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const bulletinUndo = {
  bulletinDelete: (args, ctx) => ignoreGone(() => ctx.client.call(deleteBulletin, { params: { bulletinId: String(args.bulletinId) }, signal: ctx.signal })),
} satisfies Record<string, UndoHandler>;

export const bulletinActions = {
  actions: { 'bulletin.create': { run: bulletinCreate } },
  undo: bulletinUndo,
} satisfies ActionModule;
