/**
 * The worker's handlers of the bulletin actions (catalogue in `catalogue.ts`): `bulletin.create`
 * (undo: delete; the API finds the tour from the day), `bulletin.update` (undo: write back; no write
 * when the bulletin is already as asked), `bulletin.delete` (for good: the API has no bulletin
 * restore) and `bulletin.list`.
 */
import {
  bulletinCreateArgs,
  bulletinDeleteArgs,
  bulletinListArgs,
  bulletinUpdateArgs,
  type BulletinDeleteArgs,
  type BulletinUpdateArgs,
} from './catalogue.ts';
import { createBulletin, deleteBulletin, updateBulletin, type Bulletin } from '../../api/contract/bulletins.ts';
import { FailureType } from '../../definitions/failure-types.ts';
import { plural } from '../../definitions/plural.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { bulletinIdOf, foldName, goneOnRetry, readBulletins } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { lookupTour, resolveDay, selectDays } from '../../activities/actions/tour-days.ts';
import { writeUnlessAlreadySo } from '../../activities/actions/step-support.ts';
import { updatePlan, type CallPlan } from '../../activities/plan-call.ts';

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
  const { bulletin_id: id } = await ctx.client.call(createBulletin, {
    body,
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
  // Deleting the bulletin cannot call back a notification the members already received.
  const recall = args.notify ? ' (its notification stays sent)' : '';
  return {
    output: { id },
    undo: [
      {
        activity: 'bulletinDelete',
        args: { bulletinId: id },
        describe: `delete bulletin "${args.title}" on ${day.date}${recall}`,
        record: { resource: 'bulletin', id, label: args.title },
      },
    ],
    tourId: args.tourId,
    describe: `posted bulletin "${args.title}" on ${day.date}${args.pinned ? ', pinned' : ''}${args.notify ? ', members notified' : ''}`,
  };
}

/** The days of a tour by ID, to tell bulletins of the same title apart. */
const dayDates = (ctx: ActionContext, tourId: string) => async () =>
  new Map((await lookupTour(ctx, tourId)).days.map((day) => [day.id, day.date]));

/** The ID of the bulletin a step names (title or ID); undefined when a name matches nothing on a retry of a delete. */
function bulletinOf(ctx: ActionContext, args: BulletinUpdateArgs | BulletinDeleteArgs): Promise<string> {
  return bulletinIdOf(ctx, args, args.tourId === undefined ? async () => new Map() : dayDates(ctx, args.tourId));
}

/**
 * The bulletin as it is before an edit: read by the undo preparation and handed to the call's
 * first attempt (`ctx.prepared`), which compares it with what it asks; a later attempt reads afresh.
 */
async function bulletinBefore(ctx: ActionContext, args: BulletinUpdateArgs): Promise<Bulletin> {
  return ctx.prepared('bulletin', async () => {
    const id = await bulletinOf(ctx, args);
    const bulletin = (await readBulletins(ctx, args.tourId)).find((row) => row.id === id);
    if (!bulletin) throw stepError(`No bulletin with ID ${id} on tour ${args.tourId}.`, FailureType.UNKNOWN_NAME);
    return bulletin;
  });
}

/** The bulletin's title, text and pin under the update's names: what its undo writes back. */
function writeBackBody(bulletin: Bulletin) {
  return { title: bulletin.title, body: bulletin.body ?? '', isPinned: bulletin.is_pinned ?? false };
}

/** The update's body and the bulletin's values under the same names: what its run and its plan compare. */
async function bulletinAsked(ctx: ActionContext, args: BulletinUpdateArgs) {
  const bulletin = await bulletinBefore(ctx, args);
  const body = {
    ...(args.title !== undefined ? { title: args.title } : {}),
    ...(args.body !== undefined ? { body: args.body } : {}),
    ...(args.pinned !== undefined ? { isPinned: args.pinned } : {}),
  };
  return { bulletin, body, held: writeBackBody(bulletin) };
}

async function bulletinUpdateRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, bulletinUpdateArgs, call.args);
  const { bulletin, body, held } = await bulletinAsked(ctx, args);
  const written = await writeUnlessAlreadySo({ body, held, label: `bulletin ${bulletin.id}`, verb: 'edited' }, () =>
    ctx.client.call(updateBulletin, {
      params: { bulletinId: bulletin.id },
      body,
      idempotencyKey: ctx.key(),
      signal: ctx.signal,
    }),
  );
  return { output: { id: bulletin.id }, undo: [], tourId: args.tourId, ...written };
}

async function bulletinUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const { bulletin, body, held } = await bulletinAsked(ctx, parseArgs(call.action, bulletinUpdateArgs, call.args));
  return updatePlan(`bulletin ${bulletin.id}`, body, held, { id: bulletin.id });
}

async function bulletinUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const bulletin = await bulletinBefore(ctx, parseArgs(call.action, bulletinUpdateArgs, call.args));
  return [
    {
      activity: 'bulletinWriteBack',
      args: { bulletinId: bulletin.id, body: writeBackBody(bulletin) },
      describe: `put bulletin "${bulletin.title}" back as it was`,
      record: { resource: 'bulletin', id: bulletin.id, label: bulletin.title },
    },
  ];
}

async function bulletinDeleteRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const bulletinId = await bulletinOf(ctx, parseArgs(call.action, bulletinDeleteArgs, call.args)).catch(
    (error: unknown) => {
      if (goneOnRetry(error)) return undefined;
      throw error;
    },
  );
  if (bulletinId === undefined)
    return { output: { id: null }, undo: [], describe: 'bulletin deleted by an earlier attempt' };
  await deleteOnce(() =>
    ctx.client.call(deleteBulletin, { params: { bulletinId }, idempotencyKey: ctx.key(), signal: ctx.signal }),
  );
  return { output: { id: bulletinId }, undo: [], describe: `deleted bulletin ${bulletinId} for good` };
}

async function bulletinList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, bulletinListArgs, call.args);
  const tour = await lookupTour(ctx, args.tourId);
  const days = new Map((await selectDays(ctx, tour, args)).map((day) => [day.id, day.date]));
  const bulletins = (await readBulletins(ctx, args.tourId))
    .filter(
      (bulletin) =>
        bulletin.day_id != null &&
        days.has(bulletin.day_id) &&
        (args.title === undefined || foldName(bulletin.title) === foldName(args.title)) &&
        (args.pinned === undefined || (bulletin.is_pinned === true) === args.pinned),
    )
    .map((bulletin) => ({
      id: bulletin.id,
      title: bulletin.title,
      body: bulletin.body ?? null,
      dayId: bulletin.day_id ?? null,
      date: days.get(bulletin.day_id!) ?? null,
      pinned: bulletin.is_pinned === true,
      postedAt: bulletin.posted_at ?? null,
    }));
  return {
    output: { bulletins, ids: bulletins.map((b) => b.id), count: bulletins.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(bulletins.length, 'bulletin')}`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const bulletinUndo = {
  bulletinDelete: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(deleteBulletin, { params: { bulletinId: String(args.bulletinId) }, signal: ctx.signal }),
    ),
  bulletinWriteBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateBulletin, {
        params: { bulletinId: String(undo.bulletinId) },
        body: undo.body as never,
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const bulletinActions = {
  actions: {
    'bulletin.create': { run: bulletinCreate },
    'bulletin.update': { run: bulletinUpdateRun, prepare: bulletinUpdatePrepare, plan: bulletinUpdatePlan },
    // A delete for good: nothing to prepare, nothing to undo.
    'bulletin.delete': { run: bulletinDeleteRun, prepare: async (): Promise<UndoRecord[]> => [] },
    'bulletin.list': { run: bulletinList },
  },
  undo: bulletinUndo,
} satisfies ActionModule;
