/**
 * The worker's handlers of the tour actions (catalogue in `catalogue.ts`): `tour.create` (undo:
 * delete), `tour.update` (`activities/actions/tour-update.ts`), `tour.find`, `tour.days`,
 * `tour.delete` (for good: the API has no tour restore) and `tour.members` (members and invites).
 */
import {
  tourCreateArgs,
  tourDaysArgs,
  tourDeleteArgs,
  tourFindArgs,
  tourMembersArgs,
  type TourCreateArgs,
} from './catalogue.ts';
import { foldName, matchPerson, readTourPeople } from '../../activities/names/index.ts';
import { plural } from '../../definitions/plural.ts';
import { listOrganizations } from '../../api/contract/organizations.ts';
import { createTour, deleteTour, listTours, type TourMembership } from '../../api/contract/tours.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import {
  dayOutput,
  fillFromMembership,
  readTour,
  selectDays,
  sharedDateWarnings,
} from '../../activities/actions/tour-days.ts';
import { newDayEntry, tourUpdateHandler, tourWriteBack } from '../../activities/actions/tour-update.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** The organization a tour goes into: by ID or name, or the caller's only one. */
export async function resolveOrganization(ctx: ActionContext, named: string | undefined): Promise<string> {
  const orgs = await ctx.client.call(listOrganizations, { signal: ctx.signal });
  const wanted = named ?? ctx.defaultOrg;
  if (wanted) {
    const match = orgs.find((org) => org.id === wanted || org.name.toLowerCase() === wanted.toLowerCase());
    if (match) return match.id;
    throw stepError(
      `No organization "${wanted}"; yours are: ${orgs.map((org) => org.name).join(', ')}.`,
      FailureType.UNKNOWN_NAME,
    );
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
  for (const day of args.days) days.push(await newDayEntry(ctx, day, args.timeZone));
  return {
    name: args.name,
    org_id: orgId,
    start_date: dates[0]!,
    end_date: dates[dates.length - 1]!,
    timeZone: args.timeZone,
    days,
    ...(args.avatarColor !== undefined
      ? { avatarColorId: await ctx.client.lookups.resolve('avatarColors', args.avatarColor) }
      : {}),
  };
}

async function tourCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tourCreateArgs, call.args);
  const orgId = await resolveOrganization(ctx, args.org);
  const body = await createTourBody(ctx, args, orgId);
  const { id } = await ctx.client.call(createTour, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  const tour = await readTour(ctx, id);
  const days = tour.days.map((day) => dayOutput(tour, day));
  const shared = sharedDateWarnings(
    { ...tour, name: args.name },
    args.days.map((day) => day.date),
  );
  return {
    output: {
      id,
      name: args.name,
      orgId,
      startDate: body.start_date,
      endDate: body.end_date,
      timeZone: args.timeZone,
      days,
    },
    undo: [
      {
        activity: 'tourDelete',
        args: { tourId: id },
        describe: `delete tour ${args.name}`,
        record: { resource: 'tour', id, label: args.name },
      },
    ],
    tourId: id,
    describe: `created tour ${args.name} with ${days.length} days`,
    ...(shared.length > 0 ? { warnings: shared } : {}),
  };
}

type FoundTour = { orgId: string; tour: TourMembership['tour'] };

/** The one live tour named `name` (case-insensitive) or with ID `tourId` in the given organizations. */
async function findTour(
  ctx: ActionContext,
  orgIds: string[],
  wanted: { name?: string | undefined; tourId?: string | undefined },
): Promise<FoundTour> {
  const found: FoundTour[] = [];
  const seen: string[] = [];
  for (const orgId of orgIds) {
    const tours = await ctx.client.call(listTours, { query: { org_id: orgId }, signal: ctx.signal });
    for (const { tour } of tours) {
      if (tour.is_deleted) continue;
      seen.push(tour.name);
      const hit =
        wanted.tourId !== undefined
          ? tour.id === wanted.tourId
          : tour.name.toLowerCase() === wanted.name?.toLowerCase();
      if (hit) found.push({ orgId, tour });
    }
  }
  const what = wanted.tourId !== undefined ? `with ID ${wanted.tourId}` : `named "${wanted.name}"`;
  if (found.length === 0) {
    const some = seen.slice(0, 20).join(', ') || 'none';
    throw stepError(
      `No tour ${what}; tours you can see: ${some}${seen.length > 20 ? ', ...' : ''}.`,
      FailureType.UNKNOWN_NAME,
    );
  }
  if (found.length > 1) {
    const ids = found.map((match) => `${match.tour.id} (organization ${match.orgId})`).join(', ');
    throw stepError(
      `${found.length} tours are ${what}: ${ids}; name the organization with "org" or use the tour ID.`,
      FailureType.AMBIGUOUS_NAME,
    );
  }
  return found[0]!;
}

async function tourFind(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tourFindArgs, call.args);
  const orgIds = args.org
    ? [await resolveOrganization(ctx, args.org)]
    : (await ctx.client.call(listOrganizations, { signal: ctx.signal })).map((org) => org.id);
  const { orgId, tour: membership } = await findTour(ctx, orgIds, args);
  const tour = await readTour(ctx, membership.id);
  fillFromMembership(tour, membership);
  return {
    output: {
      id: membership.id,
      name: membership.name,
      orgId,
      startDate: tour.startDate ?? tour.days[0]?.date ?? null,
      endDate: tour.endDate ?? tour.days[tour.days.length - 1]?.date ?? null,
      timeZone: tour.timeZone ?? tour.days[0]?.timeZone ?? null,
      days: tour.days.map((day) => dayOutput(tour, day)),
    },
    undo: [],
    tourId: membership.id,
    describe: `found tour ${membership.name} (${tour.days.length} days)`,
  };
}

async function tourDays(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tourDaysArgs, call.args);
  const tour = await readTour(ctx, args.tourId);
  const days = await selectDays(ctx, tour, args);
  return {
    output: {
      days: days.map((day) => dayOutput(tour, day)),
      ids: days.map((day) => day.id),
      dates: days.map((day) => day.date),
      count: days.length,
    },
    undo: [],
    tourId: args.tourId,
    describe: `selected ${days.length} of ${tour.days.length} days of tour ${tour.name ?? args.tourId}`,
  };
}

async function tourDeleteRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { tourId } = parseArgs(call.action, tourDeleteArgs, call.args);
  await deleteOnce(() =>
    ctx.client.call(deleteTour, { params: { tourId }, idempotencyKey: ctx.key(), signal: ctx.signal }),
  );
  return { output: { id: tourId }, undo: [], tourId, describe: `deleted tour ${tourId} for good` };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const tourUndo = {
  tourWriteBack,
  tourDelete: (args, ctx) =>
    ignoreGone(() => ctx.client.call(deleteTour, { params: { tourId: String(args.tourId) }, signal: ctx.signal })),
} satisfies Record<string, UndoHandler>;

async function tourMembers(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tourMembersArgs, call.args);
  const all = await readTourPeople(ctx, args.tourId);
  const people = args.person === undefined ? all : matchPerson(all, args.person);
  const members = people
    .filter(
      (person) =>
        person.kind === 'member' && (args.role === undefined || foldName(person.role ?? '') === foldName(args.role)),
    )
    .map(({ id, name, firstName, lastName, email, role }) => ({ id, name, firstName, lastName, email, role }));
  const invites = args.invites
    ? people
        .filter((person) => person.kind === 'invite' && args.role === undefined)
        .map(({ id, email }) => ({ id, email }))
    : [];
  const emails = [...members, ...invites].flatMap((person) => (person.email ? [person.email] : []));
  return {
    output: {
      members,
      invites,
      names: members.flatMap((member) => (member.name ? [member.name] : [])),
      emails,
      count: members.length + invites.length,
    },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(members.length, 'member')} and ${plural(invites.length, 'pending invite')}`,
  };
}

export const tourActions = {
  actions: {
    'tour.members': { run: tourMembers },
    'tour.create': { run: tourCreate },
    'tour.update': tourUpdateHandler,
    'tour.find': { run: tourFind },
    'tour.days': { run: tourDays },
    // A delete for good: nothing to prepare, nothing to undo.
    'tour.delete': { run: tourDeleteRun, prepare: async () => [] },
  },
  undo: tourUndo,
} satisfies ActionModule;
