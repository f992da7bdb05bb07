/** Records of tour content: schedule, templates, tags, venues, stays, rooms, contacts, guests, files. */
import type { Audience, CustomFieldRecord, LatLng, Place } from './core.ts';

export interface ReminderRecord {
  id: number;
  itemId: number;
  duration: number;
  typeId: number;
  description: string;
  isSent: boolean;
}

export interface ScheduleItemRecord {
  id: number;
  tourId: string;
  dayId: number;
  name: string;
  notes: string | null;
  startTime: string;
  endTime: string | null;
  startTimeTypeId: number;
  endTimeTypeId: number | null;
  timezoneStart: string;
  timezoneEnd: string | null;
  allDay: boolean;
  status: boolean;
  statusTypeId: number | null;
  location: string | null;
  coordinates: LatLng | null;
  itemColorId: number | null;
  type: number;
  origin: Place | null;
  destination: Place | null;
  travelbreaks: Place[];
  travel: Record<string, string | number | boolean | null>;
  audience: Audience;
  tagIds: number[];
  customFields: CustomFieldRecord[];
  templateId: number | null;
  createdBy: string;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateRecord {
  id: number;
  tourId: string;
  orgId: string;
  userId: string;
  name: string;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateItemRecord {
  id: number;
  templateId: number;
  position: number;
  /** The copied item fields (what `apply` recreates). */
  item: Omit<
    ScheduleItemRecord,
    'id' | 'tourId' | 'dayId' | 'templateId' | 'createdBy' | 'isDeleted' | 'createdAt' | 'updatedAt'
  >;
  /** False when saved without visibility: applied items get the default audience. */
  copiedVisibility: boolean;
  reminders: Array<Pick<ReminderRecord, 'duration' | 'typeId' | 'description'>>;
  attachments: Array<Pick<AttachmentRecord, 'key' | 'name' | 'fileName' | 'fileSize' | 'description'>>;
  isDeleted: boolean;
}

export interface TagRecord {
  id: number;
  tourId: string;
  name: string;
  colorId: number;
  createdAt: string;
}

export interface VenueRecord {
  id: number;
  tourId: string;
  dayId: number;
  title: string;
  status: boolean;
  statusTypeId: number | null;
  capacity: number | null;
  venueTypeId: number | null;
  venueCategoryId: number;
  ageRestrictionId: number | null;
  location: Place | null;
  notes: string | null;
  image: string | null;
  audience: Audience;
  keyContactIds: number[];
  customFields: CustomFieldRecord[];
  createdBy: string;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Kinds of stay. */
export const StayType = { hotel: 'HOTEL', rental: 'RENTAL', residence: 'RESIDENCE' } as const;
export type StayType = (typeof StayType)[keyof typeof StayType];

export interface StayRecord {
  id: number;
  tourId: string;
  dayId: number | null;
  dayIdList: number[];
  title: string;
  subtitle: string | null;
  isConfirmed: boolean;
  notes: string | null;
  image: string | null;
  type: StayType;
  location: Place;
  checkIn: string;
  checkOut: string;
  checkInDate: string;
  checkOutDate: string;
  bookingNumber: string | null;
  audience: Audience;
  keyContactIds: number[];
  customFields: CustomFieldRecord[];
  createdBy: string;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface RoomRecord {
  id: number;
  stayId: number;
  name: string;
  roomTypeId: number;
  roomTypeText: string | null;
  roomNumber: number;
  checkIn: string;
  checkOut: string;
  smoking: boolean;
  notes: string;
  bookingNumber: string;
  isConfirmed: boolean;
  userIds: string[];
  inviteIds: number[];
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface KeyContactRecord {
  id: number;
  orgId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  number: string | null;
  country: string | null;
  role: string | null;
  company: string | null;
  city: string | null;
  url: string | null;
  avatarColorId: number | null;
  createdAt: string;
}

export type ContactOwner = 'venue' | 'stay';
export type ContactKind = 'email' | 'phone' | 'url';

export interface GeneralContactRecord {
  id: number;
  ownerType: ContactOwner;
  ownerId: number;
  kind: ContactKind;
  label: string | null;
  value: string;
  country: string | null;
  isGoogle: boolean;
}

export interface PassAllocation {
  passId: number;
  count: number;
}

export interface GuestRecord {
  id: number;
  tourId: string;
  dayId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  affiliation: string | null;
  numberOfGuests: number;
  notes: string | null;
  statusId: number;
  pickupMethodId: number;
  passes: PassAllocation[];
  requesterId: string | null;
  venueId: number | null;
  avatarColorId: number | null;
  createdBy: string;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface DayConfigRecord {
  id: number;
  tourId: string;
  dayCap: number | null;
  locked: boolean;
  cutoffAt: string | null;
  venueId: number | null;
  passCaps: Array<{ passId: number; cap: number }>;
  updatedAt: string;
}

export interface PassTypeRecord {
  id: number;
  tourId: string;
  name: string;
  description: string | null;
  quantity: number | null;
  passMaterialTypeId: number | null;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface BulletinRecord {
  id: string;
  tourId: string;
  dayId: number;
  title: string;
  body: string;
  isEdited: boolean;
  isPinned: boolean;
  hasNotification: boolean;
  notificationHasSent: boolean;
  scheduledFor: string | null;
  createdBy: string;
  isDeleted: boolean;
  postedAt: string;
  createdAt: string;
  updatedAt: string;
}

export type EntityType = 'SCHEDULE_ITEM' | 'VENUE' | 'ACCOMMODATION' | 'PASS_TYPE';

/** A file attached to an entity (the listing's `fileId` is this `id`). */
export interface AttachmentRecord {
  id: number;
  tourId: string;
  entityType: EntityType;
  entityId: number;
  key: string;
  name: string | null;
  fileName: string | null;
  fileSize: number | null;
  description: string | null;
  createdBy: string;
  createdAt: string;
}

/** Uploaded bytes under a storage key. */
export interface StoredObjectRecord {
  id: string;
  tourId: string;
  fileName: string;
  contentType: string;
  size: number;
  base64: string;
  createdAt: string;
}

export interface UploadTicketRecord {
  id: string;
  tourId: string;
  fileName: string;
  contentType: string;
  contentLength: number;
  expiresAt: string;
}
