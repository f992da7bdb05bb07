/**
 * The lookup tables the sandbox serves. The contract does not show the real numeric values
 * ("read them live"), so these IDs are the sandbox's own; tourflow resolves names to IDs at run
 * time and never hard-codes them.
 */

export interface LookupEntry {
  id: number;
  type: string;
  description: string;
}

const table = (...rows: Array<[string, string?]>): LookupEntry[] =>
  rows.map(([type, description], index) => ({ id: index + 1, type, description: description ?? type }));

/** Guest list status IDs the rules need (Pending, Approved, Declined). */
export const GuestStatus = { pending: 1, approved: 2, declined: 3 } as const;
/** Status types (Confirmed/Unconfirmed). */
export const StatusType = { confirmed: 1, unconfirmed: 2 } as const;
/** User role types: on organizations and on tours. */
export const Role = { owner: 1, admin: 2, member: 3 } as const;
/** Schedule item `type`: 1 regular, 2-6 travel (shown). */
export const ItemType = { regular: 1, firstTravel: 2, lastTravel: 6 } as const;
/** The hotel room type whose free text goes into `room_type_text_field`. */
export const OTHER_ROOM_TYPE = 5;

/** Every lookup group, in the order the bundle lists them. */
export const LOOKUPS = {
  statusTypes: table(['Confirmed'], ['Unconfirmed']),
  scheduleItemTypes: table(['Regular'], ['Flight'], ['Drive'], ['Train'], ['Bus'], ['Ferry']),
  itemTypes: table(['Meeting'], ['Soundcheck'], ['Show'], ['Meal'], ['Press'], ['Travel'], ['Other']),
  scheduleItemTimeTypes: table(
    ['Exact', 'Exact time'],
    ['Approximate', 'Approximate time'],
    ['TBC', 'To be confirmed'],
  ),
  scheduleItemTravelTypes: table(['Flight'], ['Car'], ['Train'], ['Bus'], ['Ferry'], ['Walk']),
  reminderTypes: table(['Push', 'Push notification'], ['Email', 'E-mail']),
  avatarColors: table(
    ['Red', '#E53935'],
    ['Orange', '#FB8C00'],
    ['Yellow', '#FDD835'],
    ['Green', '#43A047'],
    ['Teal', '#00897B'],
    ['Blue', '#1E88E5'],
    ['Purple', '#8E24AA'],
    ['Pink', '#D81B60'],
    ['Grey', '#757575'],
  ),
  dayTypes: table(
    ['Show', 'Show day'],
    ['Travel', 'Travel day'],
    ['Off', 'Day off'],
    ['Rehearsal', 'Rehearsal day'],
    ['Press', 'Press day'],
    ['Promo', 'Promo day'],
    ['Production', 'Production day'],
  ),
  guestlistStatuses: table(['Pending'], ['Approved'], ['Declined']),
  pickupMethods: table(['Will Call'], ['Box Office'], ['Artist Entrance'], ['Digital']),
  passMaterialTypes: table(['Laminate'], ['Sticker'], ['Wristband'], ['Paper'], ['Digital']),
  venueTypes: table(['Indoor'], ['Outdoor'], ['Mixed']),
  venueCategories: table(['Arena'], ['Theatre'], ['Club'], ['Stadium'], ['Festival'], ['Amphitheatre'], ['Other']),
  hotelRoomTypes: table(['Single'], ['Double'], ['Twin'], ['Suite'], ['Other']),
  orgTypes: table(['Artist'], ['Management'], ['Agency'], ['Label'], ['Promoter'], ['Other']),
  userRoleTypes: table(['Owner', 'Organization owner'], ['Admin', 'Administrator'], ['Member', 'Member']),
  userStatuses: table(['Active'], ['Invited'], ['Deactivated']),
  operationTypes: table(['ADD'], ['UPDATE'], ['REMOVE']),
  featureTypes: table(['Schedule'], ['Guest list'], ['Day sheet']),
  enquiryTypes: table(['Sales'], ['Support']),
  feedbackCategories: table(['Bug'], ['Idea']),
  supportCategories: table(['Account'], ['Billing'], ['Technical']),
  accDeleteReasons: table(['No longer needed'], ['Other']),
  dataReqReasons: table(['Export'], ['Other']),
} as const satisfies Record<string, LookupEntry[]>;
export type LookupGroup = keyof typeof LOOKUPS;

/** The entry of `group` with this ID, if any. */
export function lookup(group: LookupGroup, id: number | null | undefined): LookupEntry | undefined {
  if (id === null || id === undefined) return undefined;
  return LOOKUPS[group].find((entry) => entry.id === id);
}

/** `{ id, type }` of an entry, or null (the shape most item fields use). */
export function idType(group: LookupGroup, id: number | null | undefined): { id: number; type: string } | null {
  const entry = lookup(group, id);
  return entry ? { id: entry.id, type: entry.type } : null;
}

/** `GET /v1/reference/age-restrictions` (uses `label`, not `type`). */
export const AGE_RESTRICTIONS = [
  { id: 1, label: 'All ages' },
  { id: 2, label: '16+' },
  { id: 3, label: '18+' },
  { id: 4, label: '21+' },
] as const;

/** Premade venue fields; `field_type: enum` takes its value from another lookup. */
export const VENUE_FIELD_TEMPLATES = [
  {
    id: 1,
    key: 'load_in',
    icon: 'truck',
    label: 'Load-in',
    subtitle: 'Dock and load-in notes',
    field_type: 'text',
    sort_order: 1,
  },
  {
    id: 2,
    key: 'parking',
    icon: 'parking',
    label: 'Parking',
    subtitle: 'Bus and truck parking',
    field_type: 'text',
    sort_order: 2,
  },
  {
    id: 3,
    key: 'wifi',
    icon: 'wifi',
    label: 'Wi-Fi',
    subtitle: 'Network and password',
    field_type: 'text',
    sort_order: 3,
  },
  {
    id: 4,
    key: 'age_restriction',
    icon: 'id-card',
    label: 'Age restriction',
    subtitle: 'Door policy',
    field_type: 'enum',
    sort_order: 4,
  },
] as const;

/** Premade stay fields. */
export const STAY_FIELD_TEMPLATES = [
  {
    id: 1,
    key: 'confirmation_number',
    icon: 'ticket',
    label: 'Confirmation number',
    subtitle: 'Booking reference',
    sort_order: 1,
  },
  { id: 2, key: 'wifi', icon: 'wifi', label: 'Wi-Fi', subtitle: 'Network and password', sort_order: 2 },
  { id: 3, key: 'parking', icon: 'parking', label: 'Parking', subtitle: 'Parking details', sort_order: 3 },
  { id: 4, key: 'breakfast', icon: 'coffee', label: 'Breakfast', subtitle: 'Hours and location', sort_order: 4 },
] as const;

/** Premade stay field that writes the stay's `booking_number` instead of a custom-field row. */
export const CONFIRMATION_NUMBER_KEY = 'confirmation_number';
