/** Read actions of the tour's content: `file.list`, `daySheet.data`. */
import { daySheetDataArgs, fileListArgs, FileOwner } from '../../definitions/actions/lists-tour.ts';
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import { FileEntityType } from '../../api/contract/bodies.ts';
import { getDaySheetData } from '../../api/contract/day-sheet.ts';
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

/** Only the numbers of the guest list section: entries there would carry guests' names. */
function guestTotals(section: unknown): JsonObject {
  const totals: JsonObject = {};
  if (section && typeof section === 'object') {
    for (const [key, value] of Object.entries(section)) {
      if (typeof value === 'number') totals[key] = value;
      else if (Array.isArray(value)) totals[key] = value.length;
    }
  }
  return totals;
}

async function daySheetData(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, daySheetDataArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const sheet = (await ctx.client.call(getDaySheetData, { params: { tourId: args.tourId, dayId: day.id }, signal: ctx.signal })) as Record<string, JsonValue>;
  const section = (name: string): JsonValue => sheet[name] ?? null;
  return {
    output: {
      dayId: day.id,
      date: day.date,
      header: section('header'),
      runningOrder: section('runningOrder'),
      venues: section('venues'),
      stays: section('stays'),
      keyContacts: section('keyContacts'),
      guestList: guestTotals(sheet.guestList),
      bulletins: section('bulletins'),
      nextDays: section('nextDays'),
    },
    undo: [],
    tourId: args.tourId,
    describe: `read the day sheet data of ${day.date}`,
  };
}

export const tourListHandlers: Record<string, ActionHandler> = {
  'file.list': { run: fileList },
  'daySheet.data': { run: daySheetData },
};
