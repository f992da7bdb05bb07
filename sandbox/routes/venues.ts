/** Venues: tour-scoped, linked to a day; visibility like schedule items. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { canSee, requireDay, requireTour, requireVisible, resolveAudience, setDeleted } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { paginate, readPaging } from '../pipeline/pagination.ts';
import { defineRoute } from '../pipeline/route.ts';
import { fields, locationSchema, parseWith } from '../pipeline/validate.ts';
import type { TourRecord, VenueRecord } from '../store/records.ts';
import { AGE_RESTRICTIONS } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';
import { venueDetailView, venueView } from '../views/venues.ts';
import { checkAudienceMembers } from './schedule/item-write.ts';
import { checkAttachments, replaceAttachments } from './shared/attachments.ts';
import { checkKeyContacts, replaceInlineContacts } from './shared/contacts.ts';
import { inlineCustomFields } from './shared/custom-fields.ts';
import { attachmentSchema, inlineContactsShape, inlineCustomFieldsSchema, lookupId, nowIso } from './shared/schemas.ts';

const venueShape = {
  title: z.string().trim().min(1).max(500),
  venueCategoryId: lookupId('venueCategories'),
  status: z.boolean().optional(),
  statusTypeId: lookupId('statusTypes').nullable().optional(),
  capacity: z.number().int().nonnegative().nullable().optional(),
  venueTypeId: lookupId('venueTypes').nullable().optional(),
  ageRestrictionId: fields.id
    .refine((id) => AGE_RESTRICTIONS.some((entry) => entry.id === id), 'unknown age restriction')
    .nullable()
    .optional(),
  location: locationSchema.nullable().optional(),
  notes: z.string().max(100_000).nullable().optional(),
  image: z.string().max(2048).nullable().optional(),
  attachments: z.array(attachmentSchema).max(100).optional(),
  isEveryone: z.boolean().optional(),
  isAdminsOnly: z.boolean().optional(),
  explicitVisibility: z.boolean().optional(),
  visibility_list: z.array(fields.uuid).max(1000).optional(),
  customFields: inlineCustomFieldsSchema.optional(),
  ...inlineContactsShape,
};
const createVenueSchema = z.object({ ...venueShape, tour_id: fields.uuid, day_id: fields.id });
const updateVenueSchema = z.object(venueShape).partial();
type VenueInput = z.infer<typeof updateVenueSchema>;

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

  defineRoute(app, ctx, 'createVenue', ({ store, caller, body }) => {
    const input = parseWith(createVenueSchema, body);
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

  defineRoute(app, ctx, 'updateVenue', ({ store, caller, params, body }) => {
    const venue = visibleVenue(store, params.venueId as number, caller.userId);
    const input = parseWith(updateVenueSchema, body);
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
