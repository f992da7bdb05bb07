/**
 * The worker's handlers of the tag actions (catalogue in `catalogue.ts`): `tag.list`, `tag.create`
 * (undo: delete), `tag.delete` (for good: nothing to undo) and `tag.update` (undo: write the name
 * and color read first back; a tag with the name and color given already gets no write).
 */
import { tagCreateArgs, tagDeleteArgs, tagListArgs, tagUpdateArgs } from './catalogue.ts';
import { createTag, deleteTag, getTagUsage, updateTag } from '../../api/contract/tags.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { foldName, readTagList } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { recordUndo } from '../../activities/actions/by-id.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import { resolveTagIds, tourCache } from '../../activities/actions/schedule-items.ts';
import { writeUnlessAlreadySo } from '../../activities/actions/step-support.ts';
import { updatePlan, type CallPlan } from '../../activities/plan-call.ts';
import { plural } from '../../definitions/plural.ts';
import { FailureType } from '../../definitions/failure-types.ts';

async function tagList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tagListArgs, call.args);
  const all = await readTagList(ctx, args.tourId);
  const chosen = args.name === undefined ? all : all.filter((tag) => foldName(tag.name) === foldName(args.name!));
  const tags = await mapLimited(chosen, DAY_READS_IN_FLIGHT, async (tag) => ({
    id: tag.id,
    name: tag.name,
    color: tag.color?.type ?? null,
    usageCount: args.usage
      ? (await ctx.client.call(getTagUsage, { params: { tourId: args.tourId, tagId: tag.id }, signal: ctx.signal }))
          .usageCount
      : null,
  }));
  return {
    output: { tags, ids: tags.map((tag) => tag.id), names: tags.map((tag) => tag.name), count: tags.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(tags.length, 'tag')}`,
  };
}

async function tagCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tagCreateArgs, call.args);
  const colorId = await ctx.client.lookups.resolve('avatarColors', args.color);
  const tag = await ctx.client.call(createTag, {
    params: { tourId: args.tourId },
    body: { name: args.name, colorId },
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
  return {
    output: { id: tag.id, name: tag.name },
    undo: [
      {
        activity: 'tagRemove',
        args: { tourId: args.tourId, tagId: tag.id },
        describe: `delete tag ${tag.name}`,
        record: { resource: 'tag', id: tag.id, label: tag.name },
      },
    ],
    tourId: args.tourId,
    describe: `created tag ${tag.name} (${tag.id})`,
  };
}

async function tagDelete(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tagDeleteArgs, call.args);
  let tagId: number;
  try {
    [tagId] = (await resolveTagIds(tourCache(ctx, args.tourId), [args.tag])) as [number];
  } catch (error) {
    // An earlier attempt deleted it and its answer was lost: the step's work is done.
    if (!isRetry()) throw error;
    return {
      output: { id: typeof args.tag === 'number' ? args.tag : null, usageCount: null },
      undo: [],
      tourId: args.tourId,
      describe: `tag ${args.tag} was deleted by an earlier attempt`,
    };
  }
  const params = { tourId: args.tourId, tagId };
  const { usageCount } = await ctx.client.call(getTagUsage, { params, signal: ctx.signal });
  await deleteOnce(() => ctx.client.call(deleteTag, { params, signal: ctx.signal }));
  return {
    output: { id: tagId, usageCount },
    undo: [],
    tourId: args.tourId,
    describe: `deleted tag ${args.tag} for good`,
    ...(usageCount > 0
      ? { warnings: [`Tag ${args.tag} was removed from ${usageCount} schedule item(s); this cannot be undone.`] }
      : {}),
  };
}

/** The tag as it is before the update; one already carrying the new name is taken as renamed (a lost answer). */
async function tagBefore(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, tagUpdateArgs, call.args);
  const cache = tourCache(ctx, args.tourId);
  const find = async (ref: string | number) => {
    const [tagId] = (await resolveTagIds(cache, [ref])) as [number];
    const tag = (await cache.tags()).find((row) => row.id === tagId);
    if (!tag) throw stepError(`Tag ${String(ref)} is not on tour ${args.tourId}.`, FailureType.UNKNOWN_NAME);
    return tag;
  };
  try {
    return { args, tag: await find(args.tag) };
  } catch (error) {
    if (args.name === undefined || typeof args.tag === 'number') throw error;
    return { args, tag: await find(args.name) };
  }
}

/** The update's body and the tag's values under the same names: what its run and its plan compare. */
async function tagAsked(call: StepCall, ctx: ActionContext) {
  const { args, tag } = await tagBefore(call, ctx);
  const body = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.color !== undefined ? { colorId: await ctx.client.lookups.resolve('avatarColors', args.color) } : {}),
  };
  return { args, tag, body, held: { name: tag.name, colorId: tag.color?.id } };
}

async function tagUpdateRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, tag, body, held } = await tagAsked(call, ctx);
  // A name differing in case or spacing is written.
  let name = tag.name;
  const params = { tourId: args.tourId, tagId: tag.id };
  const written = await writeUnlessAlreadySo({ body, held, label: `tag ${tag.name}`, verb: 'updated' }, async () => {
    ({ name } = await ctx.client.call(updateTag, { params, body, idempotencyKey: ctx.key(), signal: ctx.signal }));
  });
  return { output: { id: tag.id, name }, undo: [], tourId: args.tourId, ...written };
}

/** What tag.update would change, field by field, or nothing when the tag is so (`plan --live`). */
async function tagUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const { args, tag, body, held } = await tagAsked(call, ctx);
  return updatePlan(`tag ${tag.name}`, body, held, { id: tag.id, name: args.name ?? tag.name });
}

async function tagUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, tag } = await tagBefore(call, ctx);
  const saved = { tourId: args.tourId, name: tag.name, ...(tag.color ? { colorId: tag.color.id } : {}) };
  return [
    recordUndo(
      'tagWriteBack',
      'tag',
      'tagId',
      tag.id,
      call.idempotencyKey,
      `put tag ${tag.name} back as it was`,
      saved,
    ),
  ];
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const tagUndo = {
  tagRemove: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(deleteTag, {
        params: { tourId: String(args.tourId), tagId: Number(args.tagId) },
        signal: ctx.signal,
      }),
    ),
  tagWriteBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateTag, {
        params: { tourId: String(undo.tourId), tagId: Number(undo.tagId) },
        body: { name: String(undo.name), ...(typeof undo.colorId === 'number' ? { colorId: undo.colorId } : {}) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const tagActions = {
  actions: {
    'tag.list': { run: tagList },
    'tag.create': { run: tagCreate },
    // Deleting a tag is final (the catalogue marks it destructive): there is nothing to prepare.
    'tag.delete': { run: tagDelete, prepare: async () => [] },
    'tag.update': { run: tagUpdateRun, prepare: tagUpdatePrepare, plan: tagUpdatePlan },
  },
  undo: tagUndo,
} satisfies ActionModule;
