/**
 * The worker's handlers of the venue actions (catalogue in `catalogue.ts`): `venue.create` (undo:
 * delete), `venue.update` (undo: write back), `venue.delete` (for good: the API has no venue
 * restore) and `venue.list`.
 */
import type { JsonObject } from '../../definitions/plan-types.ts';
import { venueCreateArgs, venueDelete, venueListArgs, venueUpdateArgs, type VenueUpdateArgs } from './catalogue.ts';
import {
  createVenue,
  deleteVenue,
  getVenue,
  updateVenue,
  type UpdateVenueBody,
  type Venue,
} from '../../api/contract/venues.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { foldName, readVenues, venueIdOf } from '../../activities/names/index.ts';
import { byIdHandler } from '../../activities/actions/by-id.ts';
import { plural } from '../../definitions/plural.ts';
import { updatePlan, Would, WOULD_CREATE, type CallPlan } from '../../activities/plan-call.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs } from '../../activities/actions/common.ts';
import { lookupTour, resolveDay, selectDays, type DaySelection } from '../../activities/actions/tour-days.ts';
import { locationFromRead, locationObject, toLocation } from '../../activities/actions/places.ts';
import { alreadySo, asBody, lostNote, nothingWritten, writeBackOf } from '../../activities/actions/step-support.ts';
import { visibilityBody } from '../../activities/actions/tour-people.ts';

type VenueFields = Omit<VenueUpdateArgs, 'venueId' | 'venue' | 'tourId'>;

/** The API fields for the venue fields a call gives; names resolved, the place in the venue's zone. */
async function venueFields(
  ctx: ActionContext,
  args: VenueFields,
  timeZone: string | null | undefined,
): Promise<UpdateVenueBody> {
  const { lookups } = ctx.client;
  return {
    ...(args.title !== undefined ? { title: args.title } : {}),
    ...(args.category !== undefined
      ? { venueCategoryId: await lookups.resolve('venueCategories', args.category) }
      : {}),
    ...(args.type !== undefined ? { venueTypeId: await lookups.resolve('venueTypes', args.type) } : {}),
    ...(args.capacity !== undefined ? { capacity: args.capacity } : {}),
    ...(args.location !== undefined
      ? { location: toLocation(args.location, timeZone, args.title) as UpdateVenueBody['location'] }
      : {}),
    ...(args.notes !== undefined ? { notes: args.notes } : {}),
    ...(args.confirmed !== undefined ? { status: args.confirmed } : {}),
  };
}

async function venueCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, venueCreateArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const visibility = await visibilityBody(ctx, 'venue', args.tourId, args.visibility);
  const fields = await venueFields(ctx, args, day.timeZone);
  const body = {
    ...fields,
    ...visibility.fields,
    title: args.title,
    venueCategoryId: fields.venueCategoryId!,
    tour_id: args.tourId,
    day_id: day.id,
  };
  const { id } = await ctx.client.call(createVenue, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  const undo: UndoRecord = {
    activity: 'venueDelete',
    args: { venueId: id },
    describe: `delete venue ${args.title} (${id}) on ${day.date}`,
    record: { resource: 'venue', id, label: args.title },
  };
  return {
    output: { id, dayId: day.id },
    undo: [undo],
    tourId: args.tourId,
    describe: `created venue ${args.title} on ${day.date}`,
    ...(visibility.warnings.length > 0 ? { warnings: visibility.warnings } : {}),
  };
}

/** What venue.create would make: its day and names resolved as the run resolves them, nothing written (`plan --live`). */
async function venueCreatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const args = parseArgs(call.action, venueCreateArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  await visibilityBody(ctx, 'venue', args.tourId, args.visibility);
  const fields = await venueFields(ctx, args, day.timeZone);
  return {
    would: Would.create,
    describe: `create venue ${args.title} on ${day.date} (${Object.keys(fields).join(', ')})`,
    output: { id: WOULD_CREATE, dayId: day.id },
  };
}

/** The venue's Location object as read (the single read carries it), else one rebuilt from its address. */
function previousLocation(venue: Venue): JsonObject | undefined {
  return (
    locationObject((venue as { location?: unknown }).location) ??
    locationFromRead(
      { address: venue.formatted_address, coordinates: venue.coordinates, timeZone: venue.timezone },
      venue.title,
    )
  );
}

/** The previous values of the fields an update changes. */
function venueWriteBack(venue: Venue, args: VenueUpdateArgs) {
  const given = (key: keyof VenueUpdateArgs) => args[key] !== undefined;
  return writeBackOf([
    { given: given('title'), field: 'title', value: venue.title, label: 'title' },
    { given: given('category'), field: 'venueCategoryId', value: venue.venue_category?.id, label: 'category' },
    { given: given('type'), field: 'venueTypeId', value: venue.venue_type?.id, label: 'type', clearable: true },
    { given: given('capacity'), field: 'capacity', value: venue.capacity, label: 'capacity', clearable: true },
    { given: given('location'), field: 'location', value: previousLocation(venue), label: 'location', clearable: true },
    { given: given('notes'), field: 'notes', value: venue.notes, label: 'notes', clearable: true },
    { given: given('confirmed'), field: 'status', value: venue.status ?? false, label: 'confirmed' },
  ]);
}

async function readVenue(ctx: ActionContext, venueId: number): Promise<Venue> {
  return ctx.client.call(getVenue, { params: { venueId }, signal: ctx.signal });
}

async function venueUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, venueUpdateArgs, call.args);
  const venue = await readVenue(ctx, await venueIdOf(ctx, args));
  const { body, lost } = venueWriteBack(venue, args);
  return [
    {
      activity: 'venueWriteBack',
      args: { venueId: venue.id, body },
      describe: `restore venue ${venue.title} (${venue.id})${lostNote(lost, 'they had no value before')}`,
      record: { resource: 'venue', id: venue.id, label: venue.title },
    },
  ];
}

/** What venue.update would change, field by field (`plan --live`). */
async function venueUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const args = parseArgs(call.action, venueUpdateArgs, call.args);
  const venue = await readVenue(ctx, await venueIdOf(ctx, args));
  const body = await venueFields(ctx, args, venue.timezone);
  return updatePlan(`venue ${venue.title} (${venue.id})`, body, venueWriteBack(venue, args).body, { id: venue.id });
}

async function venueUpdate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, venueUpdateArgs, call.args);
  const venueId = await venueIdOf(ctx, args);
  const venue = await readVenue(ctx, venueId);
  const body = await venueFields(ctx, args, venue.timezone);
  // The write-back's map of venue fields to body names gives the values the venue holds now.
  const same = alreadySo(body, venueWriteBack(venue, args).body);
  if (!same) await ctx.client.call(updateVenue, { params: { venueId }, body, signal: ctx.signal });
  const title = args.title ?? venue.title;
  const fields = Object.keys(body).join(', ');
  return {
    output: { id: venueId },
    undo: [],
    ...(same ? nothingWritten() : {}),
    ...(venue.tour?.id ? { tourId: venue.tour.id } : {}),
    describe: same
      ? `venue ${title} already so (${fields}): nothing written`
      : `updated venue ${title} (${fields || 'nothing to change'})`,
  };
}

/** True when any day filter is given. */
function filtersDays(selection: DaySelection): boolean {
  return [selection.from, selection.to, selection.dates, selection.dayTypes, selection.names].some(
    (value) => value !== undefined,
  );
}

function venueOutput(venue: Venue): JsonObject {
  return {
    id: venue.id,
    title: venue.title,
    dayId: venue.day?.id ?? null,
    date: venue.day?.date ? venue.day.date.slice(0, 10) : null,
    capacity: venue.capacity ?? null,
    category: venue.venue_category?.type ?? null,
    type: venue.venue_type?.type ?? null,
    city: venue.city ?? null,
    address: venue.formatted_address ?? null,
    confirmed: venue.status === true,
  };
}

async function venueList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, venueListArgs, call.args);
  const dayIds = filtersDays(args)
    ? new Set((await selectDays(ctx, await lookupTour(ctx, args.tourId), args)).map((day) => day.id))
    : undefined;
  const categoryId =
    args.category === undefined ? undefined : await ctx.client.lookups.resolve('venueCategories', args.category);
  const venues = (await readVenues(ctx, args.tourId))
    .filter(
      (venue) =>
        (dayIds === undefined || (venue.day != null && dayIds.has(venue.day.id))) &&
        (args.title === undefined || foldName(venue.title) === foldName(args.title)) &&
        (categoryId === undefined || venue.venue_category?.id === categoryId),
    )
    .map(venueOutput);
  return {
    output: { venues, ids: venues.map((venue) => venue.id as number), count: venues.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(venues.length, 'venue')}`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const venueUndo = {
  venueDelete: (args, ctx) =>
    ignoreGone(() => ctx.client.call(deleteVenue, { params: { venueId: Number(args.venueId) }, signal: ctx.signal })),
  venueWriteBack: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateVenue, {
        params: { venueId: Number(args.venueId) },
        body: asBody<UpdateVenueBody>(args.body),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const venueActions = {
  actions: {
    'venue.create': { run: venueCreate, plan: venueCreatePlan },
    'venue.update': { run: venueUpdate, prepare: venueUpdatePrepare, plan: venueUpdatePlan },
    'venue.delete': byIdHandler({
      action: venueDelete,
      idArg: 'venueId',
      resolve: (ctx, args) => venueIdOf(ctx, args),
      describe: (id) => `deleted venue ${id} for good`,
      write: (ctx, venueId, idempotencyKey) =>
        deleteOnce(() => ctx.client.call(deleteVenue, { params: { venueId }, idempotencyKey, signal: ctx.signal })),
    }),
    'venue.list': { run: venueList },
  },
  undo: venueUndo,
} satisfies ActionModule;
