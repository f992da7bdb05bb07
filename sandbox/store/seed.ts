/**
 * The data a fresh sandbox starts with: the caller and a crew, the organizations that trigger
 * the subscription and free-tour rules, and two partner credentials (all scopes; read only).
 */
import { API_SCOPES, READ_SCOPES } from '../../api/contract/assumptions.ts';
import { memberKey } from '../access.ts';
import { createCredential, type IssuedCredential } from '../auth/credentials.ts';
import type { OrgRecord, TourRecord } from './records.ts';
import { Role } from './reference-data.ts';
import type { SeedMeta, Store } from './store.ts';

/** Redirect URIs registered for both seeded credentials (loopback: any port matches). */
export const SEEDED_REDIRECT_URIS = ['http://127.0.0.1/callback', 'http://localhost/callback'] as const;

/** Tours a free (trial or beta) organization may hold without a subscription. */
export const FREE_TOUR_LIMIT = 3;

const MAIN_USER = { firstname: 'Jordan', lastname: 'Avery', email: 'jordan.avery@example.com' };
const CREW = [
  { firstname: 'Sam', lastname: 'Rivera', email: 'sam.rivera@example.com' },
  { firstname: 'Priya', lastname: 'Natarajan', email: 'priya.natarajan@example.com' },
  { firstname: 'Marcus', lastname: 'Chen', email: 'marcus.chen@example.com' },
  { firstname: 'Elena', lastname: 'Kowalski', email: 'elena.kowalski@example.com' },
  { firstname: 'Tomas', lastname: 'Lindqvist', email: 'tomas.lindqvist@example.com' },
  { firstname: 'Aisha', lastname: 'Bello', email: 'aisha.bello@example.com' },
];
const INVITED = ['casey.nguyen@example.com', 'morgan.blake@example.com'];

type OrgFlags = Pick<
  OrgRecord,
  'name' | 'hasSubscription' | 'isTrial' | 'isBeta' | 'isUnlimitedFree' | 'freeTourLimit'
>;
const ORGS: Record<keyof SeedMeta['orgs'], OrgFlags> = {
  subscribed: {
    name: 'Northern Lights Touring',
    hasSubscription: true,
    isTrial: false,
    isBeta: false,
    isUnlimitedFree: false,
    freeTourLimit: null,
  },
  noSubscription: {
    name: 'Basement Sessions',
    hasSubscription: false,
    isTrial: false,
    isBeta: false,
    isUnlimitedFree: false,
    freeTourLimit: null,
  },
  freeLimitReached: {
    name: 'Garage Demo Co',
    hasSubscription: false,
    isTrial: true,
    isBeta: false,
    isUnlimitedFree: false,
    freeTourLimit: FREE_TOUR_LIMIT,
  },
  trial: {
    name: 'First Steps Trial',
    hasSubscription: false,
    isTrial: true,
    isBeta: false,
    isUnlimitedFree: false,
    freeTourLimit: FREE_TOUR_LIMIT,
  },
  unlimitedFree: {
    name: 'Community Stage',
    hasSubscription: false,
    isTrial: false,
    isBeta: false,
    isUnlimitedFree: true,
    freeTourLimit: null,
  },
};

/** The two seeded credentials, with their secrets as shown once. */
export interface SeededCredentials {
  full: IssuedCredential;
  limited: IssuedCredential;
}

function addUser(store: Store, person: { firstname: string; lastname: string; email: string }, now: string): string {
  const id = store.uuid();
  store.users.put({ id, ...person, phoneNumber: null, image: null, createdAt: now });
  return id;
}

function addOrg(store: Store, flags: OrgFlags, ownerId: string, now: string): string {
  const id = store.uuid();
  store.orgs.put({
    id,
    ...flags,
    fileName: null,
    typeId: 1,
    avatarColorId: 6,
    isDeactivated: false,
    fromBeta: false,
    createdBy: ownerId,
    createdAt: now,
  });
  return id;
}

function addMember(store: Store, orgId: string, userId: string, roleId: number, now: string): void {
  store.orgMembers.put({
    id: memberKey(orgId, userId),
    orgId,
    userId,
    roleId,
    isOwner: roleId === Role.owner,
    isDeactivated: false,
    joinedAt: now,
    lastActive: now,
  });
}

/** Tours that bring an organization to its free-tour limit. */
function fillFreeLimit(store: Store, orgId: string, ownerId: string, now: string): void {
  for (let n = 1; n <= FREE_TOUR_LIMIT; n += 1) {
    const tour: TourRecord = {
      id: store.uuid(),
      orgId,
      name: `Demo tour ${n}`,
      image: null,
      fileName: null,
      startDate: '2025-01-01T00:00:00.000Z',
      endDate: '2025-01-02T00:00:00.000Z',
      timeZone: 'UTC',
      avatarColorId: null,
      isDemo: true,
      isArchived: false,
      isDeleted: false,
      createdBy: ownerId,
      createdAt: now,
      updatedAt: now,
    };
    store.tours.put(tour);
    store.tourMembers.put({ id: memberKey(tour.id, ownerId), tourId: tour.id, userId: ownerId, roleId: Role.admin });
  }
}

/** Fills an empty store; returns the seeded credentials' secrets (the store keeps only hashes). */
export function seedStore(store: Store, bcryptCost: number): SeededCredentials {
  const now = new Date().toISOString();
  const mainUserId = addUser(store, MAIN_USER, now);
  const crewIds = CREW.map((person) => addUser(store, person, now));
  const orgs = {} as SeedMeta['orgs'];
  for (const [key, flags] of Object.entries(ORGS) as Array<[keyof SeedMeta['orgs'], OrgFlags]>) {
    orgs[key] = addOrg(store, flags, mainUserId, now);
    addMember(store, orgs[key], mainUserId, Role.owner, now);
  }
  for (const userId of crewIds) addMember(store, orgs.subscribed, userId, Role.member, now);
  for (const email of INVITED) {
    store.invites.put({
      id: store.nextId('invite'),
      orgId: orgs.subscribed,
      email,
      roleId: Role.member,
      invitedBy: mainUserId,
      sentAt: now,
    });
  }
  fillFreeLimit(store, orgs.freeLimitReached, mainUserId, now);
  const full = createCredential(
    store,
    { label: 'sandbox (all scopes)', scopes: API_SCOPES, redirectUris: SEEDED_REDIRECT_URIS },
    bcryptCost,
  );
  const limited = createCredential(
    store,
    { label: 'sandbox (read only)', scopes: READ_SCOPES, redirectUris: SEEDED_REDIRECT_URIS },
    bcryptCost,
  );
  store.meta = { mainUserId, fullApiKey: full.apiKey, limitedApiKey: limited.apiKey, orgs };
  return { full, limited };
}
