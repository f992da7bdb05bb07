/**
 * The sandbox's whole state: one table per record kind, ID counters and a seeded random source.
 * Everything here is plain data so that `--state` can write it and read it back unchanged.
 */
import type {
  AccessTokenRecord,
  AuthCodeRecord,
  CredentialRecord,
  IdempotentResultRecord,
  RefreshTokenRecord,
} from './auth-records.ts';
import type {
  AttachmentRecord,
  BulletinRecord,
  DayConfigRecord,
  DayRecord,
  GeneralContactRecord,
  GuestRecord,
  InviteRecord,
  KeyContactRecord,
  OrgMemberRecord,
  OrgRecord,
  PassTypeRecord,
  ReminderRecord,
  RoomRecord,
  ScheduleItemRecord,
  StayRecord,
  StoredObjectRecord,
  TagRecord,
  TemplateItemRecord,
  TemplateRecord,
  TourInviteRecord,
  TourMemberRecord,
  TourRecord,
  UploadTicketRecord,
  UserRecord,
  VenueRecord,
} from './records.ts';
import { toUnit, xorshift32 } from '../random.ts';
import { Table } from './table.ts';

/** First ID of each integer sequence; distinct ranges make a mixed-up ID fail loudly. */
export const ID_START = {
  day: 1001,
  scheduleItem: 20001,
  reminder: 25001,
  template: 30001,
  templateItem: 35001,
  tag: 40001,
  venue: 45001,
  stay: 50001,
  room: 55001,
  keyContact: 60001,
  generalContact: 65001,
  guest: 70001,
  passType: 75001,
  attachment: 80001,
  customField: 85001,
  invite: 90001,
  bulletin: 1,
} as const;
export type Sequence = keyof typeof ID_START;

/** Table names in a fixed order (snapshot and state file order). */
export const TABLES = [
  'users',
  'orgs',
  'orgMembers',
  'invites',
  'tours',
  'tourMembers',
  'tourInvites',
  'days',
  'scheduleItems',
  'reminders',
  'templates',
  'templateItems',
  'tags',
  'venues',
  'stays',
  'rooms',
  'keyContacts',
  'generalContacts',
  'guests',
  'dayConfigs',
  'passTypes',
  'bulletins',
  'attachments',
  'objects',
  'uploadTickets',
  'credentials',
  'accessTokens',
  'refreshTokens',
  'authCodes',
  'idempotency',
] as const;
export type TableName = (typeof TABLES)[number];

/** Serialised form of a store (the `--state` file, and the raw snapshot). */
export interface StoreState {
  version: 1;
  counters: Record<string, number>;
  random: number;
  signingKey: string;
  meta: SeedMeta | null;
  tables: Partial<Record<TableName, unknown[]>>;
}

/** Which seeded records play which part; kept with the state so a restart knows them again. */
export interface SeedMeta {
  mainUserId: string;
  fullApiKey: string;
  limitedApiKey: string;
  orgs: { subscribed: string; noSubscription: string; freeLimitReached: string; trial: string; unlimitedFree: string };
}

/** Every table of the sandbox, plus ID counters and the seeded random source. */
export class Store {
  readonly users = new Table<UserRecord>();
  readonly orgs = new Table<OrgRecord>();
  readonly orgMembers = new Table<OrgMemberRecord>();
  readonly invites = new Table<InviteRecord>();
  readonly tours = new Table<TourRecord>();
  readonly tourMembers = new Table<TourMemberRecord>();
  readonly tourInvites = new Table<TourInviteRecord>();
  readonly days = new Table<DayRecord>();
  readonly scheduleItems = new Table<ScheduleItemRecord>();
  readonly reminders = new Table<ReminderRecord>();
  readonly templates = new Table<TemplateRecord>();
  readonly templateItems = new Table<TemplateItemRecord>();
  readonly tags = new Table<TagRecord>();
  readonly venues = new Table<VenueRecord>();
  readonly stays = new Table<StayRecord>();
  readonly rooms = new Table<RoomRecord>();
  readonly keyContacts = new Table<KeyContactRecord>();
  readonly generalContacts = new Table<GeneralContactRecord>();
  readonly guests = new Table<GuestRecord>();
  /** Keyed by day ID. */
  readonly dayConfigs = new Table<DayConfigRecord>();
  readonly passTypes = new Table<PassTypeRecord>();
  readonly bulletins = new Table<BulletinRecord>();
  readonly attachments = new Table<AttachmentRecord>();
  /** Keyed by storage key. */
  readonly objects = new Table<StoredObjectRecord>();
  readonly uploadTickets = new Table<UploadTicketRecord>();
  /** Keyed by API key. */
  readonly credentials = new Table<CredentialRecord>();
  readonly accessTokens = new Table<AccessTokenRecord>();
  readonly refreshTokens = new Table<RefreshTokenRecord>();
  readonly authCodes = new Table<AuthCodeRecord>();
  readonly idempotency = new Table<IdempotentResultRecord>();

  private counters: Record<string, number> = {};
  private random: number;
  /** HMAC key that signs access tokens and short-lived URLs. */
  signingKey: string;
  meta: SeedMeta | null = null;

  constructor(seed: number, signingKey: string) {
    this.random = seed >>> 0 || 1;
    this.signingKey = signingKey;
  }

  /** The next integer ID of a sequence. */
  nextId(sequence: Sequence): number {
    const next = this.counters[sequence] ?? ID_START[sequence];
    this.counters[sequence] = next + 1;
    return next;
  }

  /** A deterministic number in [0, 1) (xorshift32), so a seed reproduces IDs and fault draws. */
  nextRandom(): number {
    this.random = xorshift32(this.random);
    return toUnit(this.random);
  }

  /** A version-4-shaped UUID from the seeded source. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.nextRandom() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Math.floor(this.nextRandom() * 4) + 8) as number).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  table(name: TableName): Table<{ id: string | number }> {
    return this[name] as unknown as Table<{ id: string | number }>;
  }

  toState(): StoreState {
    const tables: StoreState['tables'] = {};
    for (const name of TABLES) tables[name] = this.table(name).toJSON();
    return {
      version: 1,
      counters: { ...this.counters },
      random: this.random,
      signingKey: this.signingKey,
      meta: this.meta,
      tables,
    };
  }

  /** Rebuilds a store from `toState()` output. */
  static fromState(state: StoreState): Store {
    const store = new Store(state.random, state.signingKey);
    store.counters = { ...state.counters };
    store.meta = state.meta;
    for (const name of TABLES) {
      const table = store.table(name);
      for (const row of (state.tables[name] ?? []) as Array<{ id: string | number }>) table.put(row);
    }
    return store;
  }
}
