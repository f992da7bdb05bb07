/** Venues of show days: `venue.create` (undo: delete) and `venue.update` (undo: write back). */
import type { JsonObject } from '../../definitions/plan-types.ts';
import { venueCreateArgs, venueUpdateArgs, type VenueUpdateArgs } from '../../definitions/actions/venues.ts';
import { createVenue, deleteVenue, getVenue, updateVenue, type UpdateVenueBody, type Venue } from '../../api/contract/venues.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import { venueIdOf } from '../names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { ignoreGone, parseArgs } from './common.ts';
import { lookupTour, resolveDay } from './tour-days.ts';
import { locationFromRead, locationObject, toLocation } from './places.ts';
import { asBody, lostNote, writeBackOf } from './step-support.ts';
import { visibilityBody } from './tour-people.ts';

type VenueFields = Omit<VenueUpdateArgs, 'venueId' | 'venue' | 'tourId'>;

/** The API fields for the venue fields a call gives; names resolved, the place in the venue's zone. */
async function venueFields(ctx: ActionContext, args: VenueFields, timeZone: string | null | undefined): Promise<UpdateVenueBody> {
  const { lookups } = ctx.client;
  return {
    ...(args.title !== undefined ? { title: args.title } : {}),
    ...(args.category !== undefined ? { venueCategoryId: await lookups.resolve('venueCategories', args.category) } : {}),
    ...(args.type !== undefined ? { venueTypeId: await lookups.resolve('venueTypes', args.type) } : {}),
    ...(args.capacity !== undefined ? { capacity: args.capacity } : {}),
    ...(args.location !== undefined ? { location: toLocation(args.location, timeZone, args.title) as UpdateVenueBody['location'] } : {}),
    ...(args.notes !== undefined ? { notes: args.notes } : {}),
    ...(args.confirmed !== undefined ? { status: args.confirmed } : {}),
  };
}

async function venueCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, venueCreateArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const visibility = await visibilityBody(ctx, 'venue', args.tourId, args.visibility);
  const fields = await venueFields(ctx, args, day.timeZone);
  const body = { ...fields, ...visibility.fields, title: args.title, venueCategoryId: fields.venueCategoryId!, tour_id: args.tourId, day_id: day.id };
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

/** The venue's Location object as read (the single read carries it), else one rebuilt from its address. */
function previousLocation(venue: Venue): JsonObject | undefined {
  return (
    locationObject((venue as { location?: unknown }).location) ??
    locationFromRead({ address: venue.formatted_address, coordinates: venue.coordinates, timeZone: venue.timezone }, venue.title)
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

async function venueUpdate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, venueUpdateArgs, call.args);
  const venueId = await venueIdOf(ctx, args);
  const venue = await readVenue(ctx, venueId);
  const body = await venueFields(ctx, args, venue.timezone);
  await ctx.client.call(updateVenue, { params: { venueId }, body, signal: ctx.signal });
  const title = args.title ?? venue.title;
  return {
    output: { id: venueId },
    undo: [],
    ...(venue.tour?.id ? { tourId: venue.tour.id } : {}),
    describe: `updated venue ${title} (${Object.keys(body).join(', ') || 'nothing to change'})`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const venueUndo = {
  venueDelete: (args, ctx) => ignoreGone(() => ctx.client.call(deleteVenue, { params: { venueId: Number(args.venueId) }, signal: ctx.signal })),
  venueWriteBack: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateVenue, { params: { venueId: Number(args.venueId) }, body: asBody<UpdateVenueBody>(args.body), signal: ctx.signal }),
    ),
} satisfies Record<string, UndoHandler>;

export const venueActions = {
  actions: {
    'venue.create': { run: venueCreate },
    'venue.update': { run: venueUpdate, prepare: venueUpdatePrepare },
  },
  undo: venueUndo,
} satisfies ActionModule;
