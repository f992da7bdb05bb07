/** Records of people, organizations, tours and days, and the value types records share. */

export interface LatLng {
  lat: number;
  lng: number;
}
export interface Viewport {
  northeast: LatLng;
  southwest: LatLng;
}
/** A place as the API accepts it (Location object, origin/destination). Kept as sent. */
export type Place = Record<string, unknown>;

export interface UserRecord {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string | null;
  image: string | null;
  createdAt: string;
}

export interface OrgRecord {
  id: string;
  name: string;
  fileName: string | null;
  typeId: number;
  avatarColorId: number;
  isDeactivated: boolean;
  isBeta: boolean;
  fromBeta: boolean;
  isUnlimitedFree: boolean;
  isTrial: boolean;
  hasSubscription: boolean;
  /** Maximum active tours for a non-subscribed exempt organization; null: no limit. */
  freeTourLimit: number | null;
  createdBy: string;
  createdAt: string;
}

export interface OrgMemberRecord {
  id: string;
  orgId: string;
  userId: string;
  roleId: number;
  isOwner: boolean;
  isDeactivated: boolean;
  joinedAt: string;
  lastActive: string;
}

export interface InviteRecord {
  id: number;
  orgId: string;
  email: string;
  roleId: number;
  invitedBy: string;
  sentAt: string;
}

export interface TourRecord {
  id: string;
  orgId: string;
  name: string;
  image: string | null;
  fileName: string | null;
  startDate: string;
  endDate: string;
  timeZone: string;
  avatarColorId: number | null;
  isDemo: boolean;
  isArchived: boolean;
  isDeleted: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface TourMemberRecord {
  id: string;
  tourId: string;
  userId: string;
  roleId: number;
}

export interface TourInviteRecord {
  id: string;
  tourId: string;
  inviteId: number;
  email: string;
}

export interface DayRecord {
  id: number;
  tourId: string;
  dayTypeId: number;
  name: string;
  date: string;
  formattedAddress: string;
  placeId: string | null;
  timeZone: string | null;
  viewport: Viewport | null;
  createdAt: string;
  updatedAt: string;
}

/** Who may see a schedule item, venue or stay (the creator always can). */
export interface Audience {
  everyone: boolean;
  adminsOnly: boolean;
  userIds: string[];
  inviteIds: number[];
}

export interface CustomFieldRecord {
  id: number;
  templateKey: string | null;
  title: string;
  description: string | null;
  sortOrder: number;
}
