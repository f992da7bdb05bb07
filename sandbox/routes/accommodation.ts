/**
 * Accommodation (stays): tour-scoped, may span several days. Writes take epoch milliseconds:
 * `checkInTime`/`checkOutTime` are the instants; `checkInDate`/`checkOutDate` only group by date.
 */
import type { FastifyInstance } from 'fastify';
import { canSee, requireTour, requireVisible, resolveAudience, setDeleted } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { validationError } from '../errors.ts';
import { paginate, readPaging } from '../pipeline/pagination.ts';
import { defineRoute, type BodyInput } from '../pipeline/route.ts';
import type { StayRecord, TourRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { stayDetailView, stayView } from '../views/venues.ts';
import { checkAudienceMembers } from './schedule/item-write.ts';
import { checkAttachments, replaceAttachments } from './shared/attachments.ts';
import { checkKeyContacts, replaceInlineContacts } from './shared/contacts.ts';
import { inlineCustomFields } from './shared/custom-fields.ts';
import { fetchIntoStorage } from './shared/remote-fetch.ts';
import { nowIso } from './shared/schemas.ts';

type EditInput = BodyInput<'updateAccommodation'>;

const iso = (ms: number): string => new Date(ms).toISOString();

/** `image_url` is fetched and re-hosted before anything else changes; an unfetchable URL is 400 "400". */
function rehost(store: Store, tourId: string, imageUrl: string | null | undefined): string | null | undefined {
  if (!imageUrl) return imageUrl;
  return `https://storage.sandbox.tourflow.invalid/${fetchIntoStorage(store, tourId, imageUrl).key}`;
}

function checkTimes(checkIn: number, checkOut: number): void {
  if (checkOut < checkIn) throw validationError('checkOutTime: must not be before checkInTime');
}

/** Days named by `dayId`/`daysList` must be days of the tour. */
function stayDays(
  store: Store,
  tour: TourRecord,
  dayId: number | undefined,
  daysList: number[] | undefined,
): { dayId: number | null; dayIdList: number[] } {
  const ids = [...new Set([...(dayId === undefined ? [] : [dayId]), ...(daysList ?? [])])];
  for (const id of ids)
    if (store.days.get(id)?.tourId !== tour.id) throw validationError(`daysList: ${id} is not a day of this tour`);
  return { dayId: dayId ?? ids[0] ?? null, dayIdList: daysList ?? ids };
}

/** Applies an edit-shaped input (shared by create and edit); everything was checked before. */
function assign(
  store: Store,
  stay: StayRecord,
  input: EditInput,
  image: string | null | undefined,
  userId: string,
): void {
  if (input.title !== undefined) stay.title = input.title;
  if (input.formatted_address !== undefined) stay.location = input.formatted_address;
  if (input.checkInTime !== undefined) stay.checkIn = iso(input.checkInTime);
  if (input.checkOutTime !== undefined) stay.checkOut = iso(input.checkOutTime);
  if (input.checkInDate !== undefined) stay.checkInDate = iso(input.checkInDate);
  if (input.checkOutDate !== undefined) stay.checkOutDate = iso(input.checkOutDate);
  if (input.confirmationNumber !== undefined) stay.bookingNumber = input.confirmationNumber;
  if (input.reservationStatus !== undefined) stay.isConfirmed = input.reservationStatus;
  if (input.generalNotes !== undefined) stay.notes = input.generalNotes;
  if (input.type !== undefined) stay.type = input.type;
  if (image !== undefined) stay.image = image;
  const attachments =
    input.attachment || input.attachments
      ? [...(input.attachment ? [input.attachment] : []), ...(input.attachments ?? [])]
      : undefined;
  if (attachments)
    replaceAttachments(
      store,
      { tourId: stay.tourId, entityType: 'ACCOMMODATION', entityId: stay.id, userId },
      attachments,
    );
  stay.updatedAt = nowIso();
}

function checkEdit(store: Store, stay: StayRecord, input: EditInput): StayRecord['audience'] {
  checkTimes(input.checkInTime ?? Date.parse(stay.checkIn), input.checkOutTime ?? Date.parse(stay.checkOut));
  const audience = resolveAudience(store, stay.tourId, input, stay.audience);
  checkAudienceMembers(store, stay.tourId, audience);
  const attachments = [...(input.attachment ? [input.attachment] : []), ...(input.attachments ?? [])];
  checkAttachments(store, 'ACCOMMODATION', stay.id, attachments);
  return audience;
}

function createStay(store: Store, userId: string, input: BodyInput<'createAccommodation'>): StayRecord {
  const tour = requireTour(store, input.tourId, userId);
  checkTimes(input.checkInTime, input.checkOutTime);
  const days = stayDays(store, tour, input.dayId, input.daysList);
  const audience = resolveAudience(store, tour.id, input);
  checkAudienceMembers(store, tour.id, audience);
  checkAttachments(store, 'ACCOMMODATION', null, [
    ...(input.attachment ? [input.attachment] : []),
    ...(input.attachments ?? []),
  ]);
  const keyContactIds = checkKeyContacts(store, tour.orgId, input.keyContactIds ?? []);
  const image = rehost(store, tour.id, input.image_url);
  const now = nowIso();
  const place = input.formatted_address;
  const stay = store.stays.put({
    id: store.nextId('stay'),
    tourId: tour.id,
    ...days,
    title: String(place.placeName ?? place.formatted_address ?? 'Accommodation'),
    subtitle: input.subtitle ?? null,
    isConfirmed: input.reservationStatus,
    notes: null,
    image: null,
    type: input.type,
    location: place,
    checkIn: iso(input.checkInTime),
    checkOut: iso(input.checkOutTime),
    checkInDate: iso(input.checkInDate),
    checkOutDate: iso(input.checkOutDate),
    bookingNumber: null,
    audience,
    keyContactIds,
    customFields: inlineCustomFields(store, input.customFields ?? []),
    createdBy: userId,
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
  });
  assign(store, stay, input, image, userId);
  replaceInlineContacts(store, { type: 'stay', id: stay.id }, input);
  return stay;
}

/** A visible live stay. */
export function visibleStay(store: Store, id: number, userId: string): StayRecord {
  return requireVisible(store, store.stays.get(id), userId, 'Accommodation');
}

/** Registers the accommodation endpoints. */
export function registerAccommodationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listAccommodation', ({ store, caller, params, query }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const rows = store.stays
      .filter((stay) => stay.tourId === tour.id && !stay.isDeleted)
      .sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.id - b.id);
    return paginate(
      rows,
      readPaging(query),
      (stay) => canSee(stay, caller.userId),
      (stay) => stayView(store, stay),
      ctx.options.responseCeilingBytes,
    );
  });

  defineRoute(app, ctx, 'getAccommodation', ({ store, caller, params }) => ({
    data: stayDetailView(store, visibleStay(store, params.accommodationId as number, caller.userId)),
  }));

  defineRoute(app, ctx, 'createAccommodation', ({ store, caller, input }) => {
    const stay = createStay(store, caller.userId, input());
    return { data: { id: stay.id, name: stay.title }, message: 'Accommodation created' };
  });

  defineRoute(app, ctx, 'updateAccommodation', ({ store, caller, params, input: read }) => {
    const stay = visibleStay(store, params.accommodationId as number, caller.userId);
    const input = read();
    const audience = checkEdit(store, stay, input);
    const image = rehost(store, stay.tourId, input.image_url);
    stay.audience = audience;
    assign(store, stay, input, image, caller.userId);
    return { data: { id: stay.id, name: stay.title }, message: 'Accommodation updated' };
  });

  defineRoute(app, ctx, 'deleteAccommodation', ({ store, caller, params }) => {
    const stay = visibleStay(store, params.accommodationId as number, caller.userId);
    setDeleted(stay, true);
    return { message: 'Accommodation deleted' };
  });
}
