/**
 * Every decision the Tour API contract leaves open ("not shown"), in one place.
 *
 * The contract (`shared/spec/tour-api.md`) fixes most paths and fields; where it is silent the
 * choice made here is what both the sandbox and the API client follow. Each choice is explained
 * in `docs/api-assumptions.md`; change both together. Paths use `:name` placeholders. The
 * decided request bodies and response shapes are in `bodies.ts`.
 */

/** Prefix of every data endpoint on `{base_url}`. */
export const API_PREFIX = '/v1';

/** OAuth portal paths on `{auth_url}` (shown in the contract). */
export const OAuthPath = { authorize: '/authorize', token: '/api/oauth/token' } as const;

/** Prefix of the requestable OAuth scope names; endpoint checks use the names without it. */
export const SCOPE_PREFIX = 'service-api/';

/** The 14 partner scopes, as the endpoint scope checks name them. */
export const ApiScope = {
  accommodationRead: 'accommodation.read',
  accommodationWrite: 'accommodation.write',
  bulletinsRead: 'bulletins.read',
  bulletinsWrite: 'bulletins.write',
  guestlistRead: 'guestlist.read',
  guestlistWrite: 'guestlist.write',
  organizationRead: 'organization.read',
  scheduleRead: 'schedule.read',
  scheduleWrite: 'schedule.write',
  toursRead: 'tours.read',
  toursWrite: 'tours.write',
  usersRead: 'users.read',
  venuesRead: 'venues.read',
  venuesWrite: 'venues.write',
} as const;
export type ApiScope = (typeof ApiScope)[keyof typeof ApiScope];

/** All 14 scopes. */
export const API_SCOPES: readonly ApiScope[] = Object.values(ApiScope);
/** The read-only subset (a credential without write scopes). */
export const READ_SCOPES: readonly ApiScope[] = API_SCOPES.filter((scope) => scope.endsWith('.read'));

/** `openid`/`email` are requestable besides the API scopes. */
export const OIDC_SCOPES = ['openid', 'email'] as const;

const S = ApiScope;
/** Scopes of the whole-tour read and the day sheet (shown). */
const TOUR_WIDE_READ = [
  S.toursRead,
  S.scheduleRead,
  S.venuesRead,
  S.accommodationRead,
  S.guestlistRead,
  S.bulletinsRead,
] as const;
/** Scopes of the file listing and download (shown). */
const FILE_READ = [S.toursRead, S.scheduleRead, S.venuesRead, S.accommodationRead, S.guestlistRead] as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One endpoint: method, path template, required scopes, and whether the read is paged. */
export interface EndpointSpec<P extends string = string> {
  readonly method: HttpMethod;
  /** Path with `:name` placeholders, `/v1/...`; its literal type names the path parameters. */
  readonly path: P;
  readonly scopes: readonly ApiScope[];
  /** Paged list read: takes `limit`/`offset` and may carry a `pagination` object. */
  readonly paged?: boolean;
}

const ep = <P extends string>(
  method: HttpMethod,
  path: P,
  scopes: readonly ApiScope[],
  paged = false,
): EndpointSpec<`${typeof API_PREFIX}${P}`> => ({
  method,
  path: `${API_PREFIX}${path}`,
  scopes,
  ...(paged ? { paged } : {}),
});

/**
 * Every endpoint. Paths, methods and scopes the contract shows are copied; the rest are decisions
 * (marked "decided" in `docs/api-assumptions.md`): the guest list approved total, day configuration,
 * restore scope, pass-type scopes.
 */
export const Endpoints = {
  listOrganizations: ep('GET', '/organizations', [S.organizationRead]),
  listOrganizationUsers: ep('GET', '/organizations/:orgId/users', [S.organizationRead]),
  listOrganizationKeyContacts: ep('GET', '/organizations/:orgId/key-contacts', [S.organizationRead]),

  listTours: ep('GET', '/tours', [S.toursRead]),
  createTour: ep('POST', '/tours', [S.toursWrite]),
  updateTour: ep('PUT', '/tours/:tourId', [S.toursWrite]),
  deleteTour: ep('DELETE', '/tours/:tourId', [S.toursWrite]),
  listTourUsers: ep('GET', '/tours/:tourId/users', [S.usersRead]),
  listDayTypes: ep('GET', '/day-types', [S.toursRead]),
  getTourData: ep('GET', '/tours/:tourId/data', TOUR_WIDE_READ),

  listScheduleItems: ep('GET', '/tours/:tourId/days/:dayId/schedule', [S.scheduleRead], true),
  createScheduleItem: ep('POST', '/schedule/items', [S.scheduleWrite]),
  batchCreateScheduleItems: ep('POST', '/schedule/items/batch', [S.scheduleWrite]),
  updateScheduleItem: ep('PUT', '/schedule/items/:itemId', [S.scheduleWrite]),
  deleteScheduleItem: ep('DELETE', '/schedule/items/:itemId', [S.scheduleWrite]),
  restoreScheduleItem: ep('POST', '/schedule/items/:itemId/restore', [S.scheduleWrite]),
  confirmAllScheduleItems: ep('POST', '/tours/:tourId/days/:dayId/confirm-all', [S.scheduleWrite]),

  listScheduleTemplates: ep('GET', '/tours/:tourId/schedule-templates', [S.scheduleRead]),
  listScheduleTemplateItems: ep('GET', '/schedule-templates/:templateId/items', [S.scheduleRead]),
  createScheduleTemplate: ep('POST', '/schedule-templates', [S.scheduleWrite]),
  renameScheduleTemplate: ep('PUT', '/schedule-templates/:templateId', [S.scheduleWrite]),
  deleteScheduleTemplate: ep('DELETE', '/schedule-templates/:templateId', [S.scheduleWrite]),
  restoreScheduleTemplate: ep('POST', '/schedule-templates/:templateId/restore', [S.scheduleWrite]),
  applyScheduleTemplate: ep('POST', '/schedule-templates/:templateId/apply', [S.scheduleWrite]),
  undoApplyScheduleTemplate: ep('POST', '/schedule-templates/:templateId/undo-apply', [S.scheduleWrite]),

  listTags: ep('GET', '/tours/:tourId/tags', [S.scheduleRead]),
  createTag: ep('POST', '/tours/:tourId/tags', [S.scheduleWrite]),
  updateTag: ep('PUT', '/tours/:tourId/tags/:tagId', [S.scheduleWrite]),
  deleteTag: ep('DELETE', '/tours/:tourId/tags/:tagId', [S.scheduleWrite]),
  getTagUsage: ep('GET', '/tours/:tourId/tags/:tagId/usage', [S.scheduleRead]),
  setScheduleItemTags: ep('PUT', '/schedule/items/:itemId/tags', [S.scheduleWrite]),

  listScheduleItemCustomFields: ep('GET', '/schedule/items/:itemId/custom-fields', [S.scheduleRead]),
  updateScheduleItemCustomFields: ep('PUT', '/schedule/items/:itemId/custom-fields', [S.scheduleWrite]),
  listVenueCustomFields: ep('GET', '/venues/:venueId/custom-fields', [S.venuesRead]),
  updateVenueCustomFields: ep('PUT', '/venues/:venueId/custom-fields', [S.venuesWrite]),
  listAccommodationCustomFields: ep('GET', '/accommodation/:accommodationId/custom-fields', [S.accommodationRead]),
  updateAccommodationCustomFields: ep('PUT', '/accommodation/:accommodationId/custom-fields', [S.accommodationWrite]),

  listVenues: ep('GET', '/tours/:tourId/venues', [S.venuesRead], true),
  getVenue: ep('GET', '/venues/:venueId', [S.venuesRead]),
  createVenue: ep('POST', '/venues', [S.venuesWrite]),
  updateVenue: ep('PUT', '/venues/:venueId', [S.venuesWrite]),
  deleteVenue: ep('DELETE', '/venues/:venueId', [S.venuesWrite]),

  listAccommodation: ep('GET', '/tours/:tourId/accommodation', [S.accommodationRead], true),
  getAccommodation: ep('GET', '/accommodation/:accommodationId', [S.accommodationRead]),
  createAccommodation: ep('POST', '/accommodation', [S.accommodationWrite]),
  updateAccommodation: ep('PUT', '/accommodation/:accommodationId', [S.accommodationWrite]),
  deleteAccommodation: ep('DELETE', '/accommodation/:accommodationId', [S.accommodationWrite]),

  listRooms: ep('GET', '/accommodation/:accommodationId/rooms', [S.accommodationRead]),
  createRoom: ep('POST', '/accommodation/:accommodationId/rooms', [S.accommodationWrite]),
  updateRoom: ep('PUT', '/rooms/:roomAssignmentId', [S.accommodationWrite]),
  deleteRoom: ep('DELETE', '/rooms/:roomAssignmentId', [S.accommodationWrite]),
  restoreRoom: ep('POST', '/rooms/:roomAssignmentId/restore', [S.accommodationWrite]),

  createKeyContact: ep('POST', '/key-contacts', [S.accommodationWrite]),
  updateKeyContact: ep('PUT', '/key-contacts/:keyContactId', [S.accommodationWrite]),
  listVenueKeyContacts: ep('GET', '/venues/:venueId/key-contacts', [S.venuesRead]),
  updateVenueKeyContacts: ep('PUT', '/venues/:venueId/key-contacts', [S.venuesWrite]),
  listAccommodationKeyContacts: ep('GET', '/accommodation/:accommodationId/key-contacts', [S.accommodationRead]),
  updateAccommodationKeyContacts: ep('PUT', '/accommodation/:accommodationId/key-contacts', [S.accommodationWrite]),
  listVenueContacts: ep('GET', '/venues/:venueId/contacts', [S.venuesRead]),
  updateVenueContacts: ep('PUT', '/venues/:venueId/contacts', [S.venuesWrite]),
  listAccommodationContacts: ep('GET', '/accommodation/:accommodationId/contacts', [S.accommodationRead]),
  updateAccommodationContacts: ep('PUT', '/accommodation/:accommodationId/contacts', [S.accommodationWrite]),

  listGuestlist: ep('GET', '/tours/:tourId/days/:dayId/guestlist', [S.guestlistRead], true),
  createGuest: ep('POST', '/guestlist', [S.guestlistWrite]),
  updateGuest: ep('PUT', '/guestlist/:guestListId', [S.guestlistWrite]),
  deleteGuest: ep('DELETE', '/guestlist/:guestListId', [S.guestlistWrite]),
  restoreGuest: ep('POST', '/guestlist/:guestListId/restore', [S.guestlistWrite]),
  listRequesters: ep('GET', '/tours/:tourId/requesters', [S.guestlistRead]),
  getGuestlistApprovedTotal: ep('GET', '/tours/:tourId/days/:dayId/guestlist/approved-total', [S.guestlistRead]),
  getGuestlistDayConfig: ep('GET', '/tours/:tourId/days/:dayId/guestlist/config', [S.guestlistRead]),
  updateGuestlistDayConfig: ep('PUT', '/tours/:tourId/days/:dayId/guestlist/config', [S.guestlistWrite]),
  updateGuestlistStatuses: ep('PUT', '/tours/:tourId/guestlist/status', [S.guestlistWrite]),

  listPassTypes: ep('GET', '/tours/:tourId/passTypes', [S.guestlistRead], true),
  createPassType: ep('POST', '/tours/:tourId/passTypes', [S.guestlistWrite]),
  updatePassType: ep('PUT', '/passTypes/:passTypeId', [S.guestlistWrite]),
  deletePassType: ep('DELETE', '/passTypes/:passTypeId', [S.guestlistWrite]),
  restorePassType: ep('POST', '/passTypes/:passTypeId/restore', [S.guestlistWrite]),

  listBulletins: ep('GET', '/tours/:tourId/bulletins', [S.bulletinsRead], true),
  createBulletin: ep('POST', '/bulletins', [S.bulletinsWrite]),
  updateBulletin: ep('PUT', '/bulletins/:bulletinId', [S.bulletinsWrite]),
  deleteBulletin: ep('DELETE', '/bulletins/:bulletinId', [S.bulletinsWrite]),

  getReferenceTypes: ep('GET', '/reference/types', [S.toursRead]),
  listAgeRestrictions: ep('GET', '/reference/age-restrictions', [S.venuesRead]),
  listVenueFieldTemplates: ep('GET', '/reference/venue-field-templates', [S.venuesRead]),
  listStayFieldTemplates: ep('GET', '/reference/stay-field-templates', [S.accommodationRead]),

  createAttachmentFromUrl: ep('POST', '/attachments', [S.scheduleWrite]),
  uploadFileContent: ep('POST', '/tours/:tourId/files/content', [S.scheduleWrite]),
  createUploadTicket: ep('POST', '/tours/:tourId/files/upload-ticket', [S.scheduleWrite]),
  attachFile: ep('POST', '/tours/:tourId/files/attach', [S.scheduleWrite]),
  listFiles: ep('GET', '/tours/:tourId/files', FILE_READ),
  getFileDownload: ep('GET', '/tours/:tourId/files/:fileId/download', FILE_READ),

  getDaySheetData: ep('GET', '/tours/:tourId/days/:dayId/day-sheet/data', TOUR_WIDE_READ),
  renderDaySheet: ep('POST', '/tours/:tourId/days/:dayId/day-sheet', TOUR_WIDE_READ),
} as const satisfies Record<string, EndpointSpec>;
export type EndpointName = keyof typeof Endpoints;

/** Fills `:name` placeholders of an endpoint path; values are URI-encoded. */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`endpointPath: missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The idempotency header and its limit (shown). */
export const IDEMPOTENCY_HEADER = 'x-idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/**
 * Statuses of an error the API answers (its error code in the body) after which the write was
 * not done (decided): 429 turns the request away, 500 INTERNAL_ERROR is the API's own failure,
 * and a failed attempt commits nothing. Not among them: no answer (timeout, reset connection),
 * 502 EMPTY_RESPONSE (the service behind may have written and returned no data), a gateway's
 * bare answer without the API's code: the write may have been done.
 */
export const NOTHING_WRITTEN_STATUSES: readonly number[] = [429, 500];

/** Paging defaults and caps. */
export const Paging = {
  /** Rows per page when `limit` is absent, and the cap a larger `limit` is clamped to (decided). */
  maxRows: 1000,
  /** Approximate response ceiling that truncates a page (shown: "about 6 MB"). */
  maxResponseBytes: 6 * 1024 * 1024,
} as const;

/** Per-resource limit parameters of the whole-tour read (decided names), default and clamp. */
export const TourDataLimitParam = {
  schedule: 'scheduleLimit',
  venues: 'venuesLimit',
  accommodation: 'accommodationLimit',
  guestlist: 'guestlistLimit',
  bulletins: 'bulletinsLimit',
} as const;
export const TOUR_DATA_LIMIT = { default: 100, max: 500 } as const;

/** Wrapper field of the schedule batch body (decided): `{ items: [...] }`. */
export const SCHEDULE_BATCH_FIELD = 'items';
