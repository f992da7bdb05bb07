/** Tours: list, create (with days), edit (with the declarative `day_list`), delete, members. */
import type { FastifyInstance } from 'fastify';
import { createTourBody, listTours } from '../../api/contract/tours.ts';
import { memberKey, requireOrgMember, requireTour, requireTourAdmin } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { ApiProblem, ErrorCode, validationError } from '../errors.ts';
import { defineRoute, type BodyInput, type Call } from '../pipeline/route.ts';
import { parseWith } from '../pipeline/validate.ts';
import type { OrgRecord, TourRecord } from '../store/records.ts';
import { LOOKUPS, Role } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';
import { tourMembersView, tourMembershipView } from '../views/tours.ts';
import { applyDayList, insertDay } from './tour-days.ts';

const iso = (value: string): string => new Date(value).toISOString();

/** Subscription rule (402) and free-tour limit (400, code "400"), before input validation. */
function checkCreationAllowed(store: Store, org: OrgRecord): void {
  const exempt = org.isUnlimitedFree || org.isTrial || org.isBeta;
  if (!org.hasSubscription && !exempt) {
    throw new ApiProblem(
      402,
      ErrorCode.subscriptionRequired,
      'This organization needs an active subscription to create tours',
    );
  }
  if (!org.hasSubscription && org.freeTourLimit !== null) {
    const active = store.tours.filter((tour) => tour.orgId === org.id && !tour.isDeleted).length;
    if (active >= org.freeTourLimit) {
      throw new ApiProblem(
        400,
        ErrorCode.freeTourLimit,
        `Free tour limit reached (${org.freeTourLimit} tours); subscribe to create more`,
      );
    }
  }
}

/** The creator becomes admin; the organization's active members and pending invites join. */
function addInitialMembers(store: Store, tour: TourRecord): void {
  for (const member of store.orgMembers.filter((row) => row.orgId === tour.orgId && !row.isDeactivated)) {
    const roleId = member.userId === tour.createdBy ? Role.admin : Role.member;
    store.tourMembers.put({ id: memberKey(tour.id, member.userId), tourId: tour.id, userId: member.userId, roleId });
  }
  store.tourMembers.put({
    id: memberKey(tour.id, tour.createdBy),
    tourId: tour.id,
    userId: tour.createdBy,
    roleId: Role.admin,
  });
  for (const invite of store.invites.filter((row) => row.orgId === tour.orgId)) {
    store.tourInvites.put({ id: `${tour.id}:${invite.id}`, tourId: tour.id, inviteId: invite.id, email: invite.email });
  }
}

function createTour(store: Store, userId: string, call: Call<'createTour'>): string {
  // business rules on the organization come before the rest of the input is validated
  const org = requireOrgMember(store, parseWith(createTourBody.pick({ org_id: true }), call.body).org_id, userId);
  checkCreationAllowed(store, org);
  const input = call.input();
  if (Date.parse(input.end_date) < Date.parse(input.start_date))
    throw validationError('end_date: must not be before start_date');
  const now = new Date().toISOString();
  const tour: TourRecord = {
    id: store.uuid(),
    orgId: org.id,
    name: input.name,
    image: input.image ?? null,
    fileName: input.fileName ?? null,
    startDate: iso(input.start_date),
    endDate: iso(input.end_date),
    timeZone: input.timeZone,
    avatarColorId: input.avatarColorId ?? null,
    isDemo: input.is_demo ?? false,
    isArchived: false,
    isDeleted: false,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
  };
  store.tours.put(tour);
  for (const day of input.days) insertDay(store, tour.id, day);
  addInitialMembers(store, tour);
  return tour.id;
}

function editTour(store: Store, tour: TourRecord, input: BodyInput<'updateTour'>): void {
  const start = input.start_date ?? tour.startDate;
  const end = input.end_date ?? tour.endDate;
  if (Date.parse(end) < Date.parse(start)) throw validationError('end_date: must not be before start_date');
  if (input.day_list) applyDayList(store, tour, input.day_list);
  if (input.name !== undefined) tour.name = input.name;
  tour.startDate = iso(start);
  tour.endDate = iso(end);
  if (input.timeZone !== undefined) tour.timeZone = input.timeZone;
  if (input.image !== undefined) tour.image = input.image;
  if (input.fileName !== undefined) tour.fileName = input.fileName;
  if (input.avatarColorId !== undefined) tour.avatarColorId = input.avatarColorId;
  tour.updatedAt = new Date().toISOString();
}

/** Registers the tour endpoints. */
export function registerTourRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listTours', ({ store, caller, query }) => {
    const orgId = parseWith(listTours.query, query, 'query').org_id;
    requireOrgMember(store, orgId, caller.userId);
    const tours = store.tours.filter(
      (tour) => tour.orgId === orgId && !tour.isDeleted && store.tourMembers.has(memberKey(tour.id, caller.userId)),
    );
    return { data: tours.map((tour) => tourMembershipView(store, tour, caller.userId)) };
  });

  defineRoute(app, ctx, 'createTour', (call) => ({
    data: { id: createTour(call.store, call.caller.userId, call) },
    message: 'Tour created',
  }));

  defineRoute(app, ctx, 'updateTour', ({ store, caller, params, input }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    requireTourAdmin(store, tour.id, caller.userId);
    editTour(store, tour, input());
    return { message: 'Tour updated' };
  });

  defineRoute(app, ctx, 'deleteTour', ({ store, caller, params }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    requireTourAdmin(store, tour.id, caller.userId);
    tour.isDeleted = true;
    tour.updatedAt = new Date().toISOString();
    return { message: 'Tour deleted' };
  });

  defineRoute(app, ctx, 'listTourUsers', ({ store, caller, params }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    return { data: tourMembersView(store, tour.id) };
  });

  defineRoute(app, ctx, 'listDayTypes', () => ({ data: LOOKUPS.dayTypes }));
}
