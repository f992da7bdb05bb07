/**
 * The worker's handlers of the day sheet actions (catalogue in `catalogue.ts`). `daySheet.data`
 * reads one day's sheet model, the guest list as counts only. `daySheet.render`: render each selected day's sheet, download the PDF at once (its URL lives
 * minutes) and save it under the worker's output folder, marked as tourflow's; a file at the
 * same path is replaced only when it is such a sheet (day-sheet-save.ts). Reads only: nothing
 * to undo.
 */
import { daySheetDataArgs, daySheetRenderArgs, type DaySheetRenderArgs } from './catalogue.ts';
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import { tomorrowIn } from '../../definitions/translate.ts';
import { getDaySheetData, renderDaySheet } from '../../api/contract/day-sheet.ts';
import type { ActionContext, ActionModule } from '../../activities/action.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { parseArgs, stepError } from '../../activities/actions/common.ts';
import { mapLimited } from '../../activities/actions/concurrency.ts';
import { checkSheetFile, DownloadError, downloadPdf, sheetFile } from '../../activities/actions/day-sheet-files.ts';
import { markSheet, saveSheet } from '../../activities/actions/day-sheet-save.ts';
import {
  lookupTour,
  readTour,
  resolveDay,
  zoneOf,
  type TourDay,
  type TourView,
} from '../../activities/actions/tour-days.ts';

/** Day sheets rendered and downloaded at the same time. */
const SHEETS_AT_ONCE = 3;

/** The days to render, and a warning when a date range holds none. */
function selectSheetDays(tour: TourView, args: DaySheetRenderArgs, now: string): { days: TourDay[]; warning?: string } {
  if (args.days) {
    const days = args.days.map((ref) => resolveDay(tour, ref));
    return { days: days.filter((day, index) => days.findIndex((other) => other.id === day.id) === index) };
  }
  // "Tomorrow" as the people on tour see it: the day after the run's start, in the tour's zone.
  const from = args.from ?? tomorrowIn(zoneOf(tour), new Date(now));
  const to = args.to ?? from;
  const days = tour.days.filter((day) => day.date >= from && day.date <= to);
  if (days.length > 0) return { days };
  const span = from === to ? `on ${from}` : `from ${from} to ${to}`;
  const range =
    tour.days.length > 0 ? ` (the tour runs ${tour.days[0]!.date} to ${tour.days[tour.days.length - 1]!.date})` : '';
  return { days, warning: `Tour ${tour.name ?? tour.id} has no day ${span}${range}; no day sheet was rendered.` };
}

/** Renders one day and downloads its PDF; an expired URL is asked for again once, under a fresh key. */
async function fetchSheet(
  ctx: ActionContext,
  tourId: string,
  day: TourDay,
  key: string,
): Promise<{ bytes: Buffer; ignoredIdCount: number }> {
  const render = (idempotencyKey: string) =>
    ctx.client.call(renderDaySheet, {
      params: { tourId, dayId: day.id },
      body: {},
      idempotencyKey,
      signal: ctx.signal,
    });
  let sheet = await render(key);
  try {
    return { bytes: await downloadPdf(sheet.url, day.date, ctx.signal), ignoredIdCount: sheet.ignoredIdCount };
  } catch (error) {
    // A repeated attempt gets the first answer back for its key, and that URL may have expired.
    if (!(error instanceof DownloadError) || (error.status !== 403 && error.status !== 404 && error.status !== 410))
      throw error;
    sheet = await render(`${key}:${Date.now()}`);
    return { bytes: await downloadPdf(sheet.url, day.date, ctx.signal), ignoredIdCount: sheet.ignoredIdCount };
  }
}

async function plannedFiles(
  ctx: ActionContext,
  tour: TourView,
  args: DaySheetRenderArgs,
  days: TourDay[],
): Promise<string[]> {
  const files = days.map((day) =>
    sheetFile(ctx.outputDir, args.folder, args.path, {
      tour: tour.name ?? tour.id,
      date: day.date,
      day: day.name ?? day.date,
      dayId: day.id,
    }),
  );
  for (const file of files) await checkSheetFile(ctx.outputDir, args.folder, args.path, file);
  const clash = files.findIndex((file, index) => files.indexOf(file) !== index);
  if (clash >= 0) {
    throw stepError(
      `The path "${args.path}" gives the same file for two days (${days[files.indexOf(files[clash]!)]!.date} and ${days[clash]!.date}); add {date} or {dayId}.`,
    );
  }
  return files;
}

async function daySheetRender(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, daySheetRenderArgs, call.args);
  const tour = await readTour(ctx, args.tourId, { tourFields: true });
  const { days, warning } = selectSheetDays(tour, args, call.run.now);
  const files = await plannedFiles(ctx, tour, args, days);
  const saved: JsonObject[] = [];
  const ignored: number[] = [];
  const unmarked: string[] = [];
  // A few days at a time: each PDF is downloaded as soon as its URL arrives, and written at once.
  await mapLimited(days, SHEETS_AT_ONCE, async (day, index) => {
    const { bytes, ignoredIdCount } = await fetchSheet(ctx, args.tourId, day, ctx.key(index + 1));
    const marked = await markSheet(bytes);
    if (!marked) unmarked.push(day.date);
    await saveSheet(files[index]!, marked ?? bytes);
    saved[index] = { date: day.date, day: day.name ?? day.date, path: files[index]!, ignoredIdCount };
    ignored[index] = ignoredIdCount;
  });
  const warnings = [
    ...(warning ? [warning] : []),
    ...unmarked
      .sort()
      .map(
        (date) =>
          `Day sheet of ${date}: saved as the API sent it, without tourflow's mark (its PDF could not be read), so a later run will not replace it.`,
      ),
    ...days.flatMap((day, index) =>
      (ignored[index] ?? 0) > 0
        ? [`Day sheet of ${day.date}: ${ignored[index]} record(s) you cannot see were left out.`]
        : [],
    ),
  ];
  const span =
    days.length > 0 ? ` (${days[0]!.date}${days.length > 1 ? ` to ${days[days.length - 1]!.date}` : ''})` : '';
  return {
    output: { files: saved, count: saved.length, warnings },
    undo: [],
    tourId: args.tourId,
    describe: `saved ${saved.length} day sheet(s) of ${tour.name ?? args.tourId}${span}`,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
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
  const sheet = (await ctx.client.call(getDaySheetData, {
    params: { tourId: args.tourId, dayId: day.id },
    signal: ctx.signal,
  })) as Record<string, JsonValue>;
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

export const daySheetActions = {
  actions: { 'daySheet.data': { run: daySheetData }, 'daySheet.render': { run: daySheetRender } },
  undo: {},
} satisfies ActionModule;
