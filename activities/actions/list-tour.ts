/** Read actions of the tour's content: `file.list`. */
import { fileListArgs, FileOwner } from '../../definitions/actions/lists-tour.ts';
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import { FileEntityType } from '../../api/contract/bodies.ts';
import { listFiles } from '../../api/contract/files.ts';
import type { ActionContext, ActionHandler } from '../action.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { plural } from '../../definitions/plural.ts';
import { parseArgs } from './common.ts';
import { lookupTour, resolveDay } from './tour-days.ts';


/** The playbook's kinds of record and the API's entity types, both ways. */
export const ENTITY_OF: Record<FileOwner, FileEntityType> = {
  [FileOwner.scheduleItem]: FileEntityType.scheduleItem,
  [FileOwner.venue]: FileEntityType.venue,
  [FileOwner.stay]: FileEntityType.accommodation,
  [FileOwner.passType]: FileEntityType.passType,
};
export const OWNER_OF = new Map(Object.entries(ENTITY_OF).map(([owner, entity]) => [entity as string, owner]));

async function fileList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, fileListArgs, call.args);
  const tour = await lookupTour(ctx, args.tourId);
  const day = args.day === undefined ? undefined : resolveDay(tour, args.day);
  const dates = new Map(tour.days.map((d) => [d.id, d.date]));
  const query = {
    ...(day ? { dayId: day.id } : {}),
    ...(args.on ? { entityTypes: args.on.map((owner) => ENTITY_OF[owner]) } : {}),
    ...(args.search ? { search: args.search } : {}),
  };
  const files: JsonObject[] = [];
  for await (const file of ctx.client.paginate(listFiles, { params: { tourId: args.tourId }, query, signal: ctx.signal })) {
    const raw = file as Record<string, unknown>;
    files.push({
      id: file.fileId,
      name: file.name ?? null,
      fileName: file.fileName ?? null,
      size: file.fileSizeBytes ?? null,
      on: OWNER_OF.get(file.entityType ?? '') ?? file.entityType ?? null,
      recordId: file.entityId ?? null,
      recordName: typeof raw.entityName === 'string' ? raw.entityName : null,
      dayId: file.dayId ?? null,
      date: file.dayId != null ? (dates.get(file.dayId) ?? null) : null,
    });
  }
  return { output: { files, ids: files.map((f) => f.id as JsonValue), count: files.length }, undo: [], tourId: args.tourId, describe: `read ${plural(files.length, 'file')}` };
}

export const tourListHandlers: Record<string, ActionHandler> = {
  'file.list': { run: fileList },
};
