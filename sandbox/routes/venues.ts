/** Venues: tour-scoped, linked to a day; visibility like schedule items. */
import type { FastifyInstance } from 'fastify';
import { canSee, requireDay, requireTour, requireVisible, resolveAudience, setDeleted } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { paginate, readPaging } from '../pipeline/pagination.ts';
import { defineRoute, type BodyInput } from '../pipeline/route.ts';
import type { TourRecord, VenueRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { venueDetailView, venueView } from '../views/venues.ts';
import { checkAudienceMembers } from './schedule/item-write.ts';
import { checkAttachments, replaceAttachments } from './shared/attachments.ts';
import { checkKeyContacts, replaceInlineContacts } from './shared/contacts.ts';
import { inlineCustomFields } from './shared/custom-fields.ts';
import { nowIso } from './shared/schemas.ts';

type VenueInput = BodyInput<'updateVenue'>;

/** `image` is not hosted: a generated storage path that points at nothing is stored (shown). */
const imagePath = (store: Store, tourId: string, image: string | null | undefined): string | null | undefined =>
  image ? `tours/${tourId}/venues/${store.uuid()}.jpg` : image;

function assign(store: Store, venue: VenueRecord, input: VenueInput, userId: string): void {
  const { title, venueCategoryId, status, statusTypeId, capacity, venueTypeId, ageRestrictionId, location, notes } =
    input;
  const plain = {
    title,
    venueCategoryId,
    status,
    statusTypeId,
    capacity,
    venueTypeId,
    ageRestrictionId,
    location,
    notes,
    image: imagePath(store, venue.tourId, input.image),
  };
  for (const [key, value] of Object.entries(plain))
    if (value !== undefined) (venue as unknown as Record<string, unknown>)[key] = value;
  if (input.customFields) venue.customFields = inlineCustomFields(store, input.customFields);
  replaceInlineContacts(store, { type: 'venue', id: venue.id }, input);
  if (input.attachments)
    replaceAttachments(
      store,
      { tourId: venue.tourId, entityType: 'VENUE', entityId: venue.id, userId },
      input.attachments,
    );
  venue.updatedAt = nowIso();
}

/** Everything a venue write refers to is checked before anything changes. */
function check(
  store: Store,
  tour: TourRecord,
  previous: VenueRecord | undefined,
  input: VenueInput,
): { audience: VenueRecord['audience']; keyContactIds?: number[] } {
  const audience = resolveAudience(
    store,
    tour.id,
    { ...input, visibilityList: input.visibility_list },
    previous?.audience,
  );
  checkAudienceMembers(store, tour.id, audience);
  if (input.attachments) checkAttachments(store, 'VENUE', previous?.id ?? null, input.attachments);
  const keyContactIds = input.keyContactIds ? checkKeyContacts(store, tour.orgId, input.keyContactIds) : undefined;
  return { audience, ...(keyContactIds ? { keyContactIds } : {}) };
}

/** Registers the venue endpoints. */
export function registerVenueRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const visibleVenue = (store: Store, id: number, userId: string): VenueRecord =>
    requireVisible(store, store.venues.get(id), userId, 'Venue');

  defineRoute(app, ctx, 'listVenues', ({ store, caller, params, query }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const rows = store.venues.filter((venue) => venue.tourId === tour.id && !venue.isDeleted);
    return paginate(
      rows,
      readPaging(query),
      (venue) => canSee(venue, caller.userId),
      (venue) => venueView(store, venue),
      ctx.options.responseCeilingBytes,
    );
  });

  defineRoute(app, ctx, 'getVenue', ({ store, caller, params }) => ({
    data: venueDetailView(store, visibleVenue(store, params.venueId as number, caller.userId)),
  }));

  defineRoute(app, ctx, 'createVenue', ({ store, caller, input: read }) => {
    const input = read();
    const tour = requireTour(store, input.tour_id, caller.userId);
    const day = requireDay(store, tour, input.day_id);
    const checked = check(store, tour, undefined, input);
    const now = nowIso();
    const venue = store.venues.put({
      id: store.nextId('venue'),
      tourId: input.tour_id,
      dayId: day.id,
      title: input.title,
      status: false,
      statusTypeId: null,
      capacity: null,
      venueTypeId: null,
      venueCategoryId: input.venueCategoryId,
      ageRestrictionId: null,
      location: null,
      notes: null,
      image: null,
      audience: checked.audience,
      keyContactIds: checked.keyContactIds ?? [],
      customFields: [],
      createdBy: caller.userId,
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
    });
    assign(store, venue, input, caller.userId);
    return { data: { id: venue.id }, message: 'Venue created' };
  });

  defineRoute(app, ctx, 'updateVenue', ({ store, caller, params, input: read }) => {
    const venue = visibleVenue(store, params.venueId as number, caller.userId);
    const input = read();
    const checked = check(store, requireTour(store, venue.tourId, caller.userId), venue, input);
    venue.audience = checked.audience;
    if (checked.keyContactIds) venue.keyContactIds = checked.keyContactIds;
    assign(store, venue, input, caller.userId);
    return { data: { id: venue.id }, message: 'Venue updated' };
  });

  defineRoute(app, ctx, 'deleteVenue', ({ store, caller, params }) => {
    const venue = visibleVenue(store, params.venueId as number, caller.userId);
    setDeleted(venue, true);
    return { message: 'Venue deleted' };
  });
}
