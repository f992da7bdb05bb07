/** Tours and their days. */
import type { JsonObject } from '../../definitions/plan-types.ts';
import { tourCreateArgs, type TourCreateArgs } from '../../definitions/actions/tours.ts';
import { listOrganizations } from '../api/organizations.ts';
import { createTour, deleteTour, listTours } from '../api/tours.ts';
import type { ActionContext, ActionModule } from '../action.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { ignoreGone, parseArgs, stepError } from './common.ts';

/** The organization a tour goes into: by ID or name, or the caller's only one. */
export async function resolveOrganization(ctx: ActionContext, named: string | undefined): Promise<string> {
  const orgs = await ctx.client.call(listOrganizations, { signal: ctx.signal });
  const wanted = named ?? ctx.defaultOrg;
  if (wanted) {
    const match = orgs.find((org) => org.id === wanted || org.name.toLowerCase() === wanted.toLowerCase());
    if (match) return match.id;
    throw stepError(`No organization "${wanted}"; yours are: ${orgs.map((org) => org.name).join(', ')}.`, 'UNKNOWN_NAME');
  }
  const only = orgs[0];
  if (orgs.length === 1 && only) return only.id;
  throw stepError(
    `You belong to ${orgs.length} organizations; name one with "org" in the playbook or TOURFLOW_ORG: ${orgs.map((o) => o.name).join(', ')}.`,
  );
}

async function createTourBody(ctx: ActionContext, args: TourCreateArgs, orgId: string) {
  const dates = args.days.map((day) => day.date).sort();
  const days = [];
  for (const day of args.days) {
    days.push({
      day_type_id: await ctx.client.lookups.resolve('dayTypes', day.dayType),
      name: day.name ?? day.city ?? day.address ?? day.date,
      formatted_address: day.address ?? day.city ?? '',
      date: day.date,
      timeZone: day.timeZone ?? args.timeZone,
    });
  }
  return {
    name: args.name,
    org_id: orgId,
    start_date: dates[0]!,
    end_date: dates[dates.length - 1]!,
    timeZone: args.timeZone,
    days,
    ...(args.avatarColor !== undefined ? { avatarColorId: await ctx.client.lookups.resolve('avatarColors', args.avatarColor) } : {}),
  };
}

/** The created tour's days, as the API numbered them. */
async function readDays(ctx: ActionContext, orgId: string, tourId: string, args: TourCreateArgs): Promise<JsonObject[]> {
  const tours = await ctx.client.call(listTours, { query: { org_id: orgId }, signal: ctx.signal });
  const tour = tours.find((membership) => membership.tour.id === tourId)?.tour;
  const typeByDate = new Map(args.days.map((day) => [day.date, String(day.dayType)]));
  return (tour?.tourDays ?? [])
    .map((entry) => {
      const date = (entry.day?.date ?? '').slice(0, 10);
      return {
        id: entry.day?.id ?? entry.id,
        date,
        name: entry.day?.name ?? null,
        dayType: typeByDate.get(date) ?? null,
        timeZone: entry.day?.time_zone ?? args.timeZone,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

async function tourCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tourCreateArgs, call.args);
  const orgId = await resolveOrganization(ctx, args.org);
  const body = await createTourBody(ctx, args, orgId);
  const { id } = await ctx.client.call(createTour, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  const days = await readDays(ctx, orgId, id, args);
  return {
    output: { id, name: args.name, orgId, startDate: body.start_date, endDate: body.end_date, timeZone: args.timeZone, days },
    undo: [{ activity: 'tourDelete', args: { tourId: id }, describe: `delete tour ${args.name}`, record: { resource: 'tour', id, label: args.name } }],
    tourId: id,
    describe: `created tour ${args.name} with ${days.length} days`,
  };
}

export const tourActions: ActionModule = {
  actions: {
    'tour.create': { run: tourCreate },
  },
  undo: {
    tourDelete: (args, ctx) =>
      ignoreGone(() => ctx.client.call(deleteTour, { params: { tourId: String(args.tourId) }, signal: ctx.signal })),
  },
};
