/*
 * Every table of the database in one file (about 760 lines, above the 300 of a production file, issue 39): drizzle-kit
 * reads this file to write the migrations, and it holds declarations only – one `pgTable` each, commented, no logic.
 * Split into one file per area, the tables' shared column shapes and the builder imports repeat across the files
 * (`duplicates` counted seven new pairs for five files) while nothing reads easier: a table is found by its name, and
 * the areas reference each other's tables (users, routes) throughout. Decision 0058.
 */
/* eslint-disable max-lines -- every table in one file, read by drizzle-kit: the reason is the comment above. */
import { sql } from 'drizzle-orm';
import type { RoutePath } from '@streckenpass/contract/route-paths';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  jsonb,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname'),
    lastname: text('lastname'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['ROLE_USER']::text[]`),
    mailVerified: boolean('mail_verified').notNull().default(false),
    receiveWeeklyReports: boolean('receive_weekly_reports').notNull().default(true),
    bccMailWeeklyReports: boolean('bcc_mail_weekly_reports').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Validity rules (docs/decisions/0020): days a drive keeps a route known unless the route says otherwise. */
    validityDays: integer('validity_days').notNull().default(364),
    /** Days a drive keeps a vehicle known unless the vehicle says otherwise; null = no expiry. */
    vehicleValidityDays: integer('vehicle_validity_days'),
    /** The ways of a drive that keep route knowledge valid (issue 41, contract drive-ways.ts). */
    keepingWays: text('keeping_ways')
      .array()
      .notNull()
      .default(sql`ARRAY['driven', 'escorted']::text[]`),
    /** Reminder thresholds in days before expiry (0 = on the day) and channels (docs/decisions/0021). */
    reminderThresholds: integer('reminder_thresholds')
      .array()
      .notNull()
      .default(sql`ARRAY[30, 7]::integer[]`),
    reminderMail: boolean('reminder_mail').notNull().default(true),
    reminderPush: boolean('reminder_push').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const routes = pgTable(
  'routes',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    companyRoute: text('company_route'),
    startPoint: text('start_point').notNull(),
    endPoint: text('end_point').notNull(),
    /**
     * DS100/RIL100 code of the station chosen for the start / end (db-stations data, held in memory, see
     * modules/stations); null = the typed text only. No foreign key: the station list is not a table.
     */
    startStation: text('start_station'),
    endStation: text('end_station'),
    /**
     * The route's current validity, kept by database triggers in the same transaction as every write of its
     * activities (see migration 0001): the latest acquired_at and acquired_until among them, null = never driven.
     * Read by the expiring list, the exports and the reports instead of aggregating all activities.
     */
    lastDriven: date('last_driven', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** The route's own validity rule in days; null = the account's default (users.validity_days). */
    validityDays: integer('validity_days'),
    /** The ways of a drive that keep this route's knowledge valid; null = the account's (users.keeping_ways). */
    keepingWays: text('keeping_ways').array(),
    /**
     * The first acquisition the route asks before it counts as known (issue 41 item 3, contract first-acquisition.ts):
     * `{ drives, dark, days }` per direction; null = none.
     */
    firstAcquisition: jsonb('first_acquisition').$type<FirstAcquisition>(),
    /** The day that first acquisition was met (kept by the triggers of migration 0019); null = not (yet), or none asked. */
    acquiredOn: date('acquired_on', { mode: 'string' }),
    /**
     * The route's path on the rail network: `{ km, sections: [{ line, fromKm, toKm }], via }` (contract route-paths.ts,
     * docs/decisions/0051); null = none (no network imported, a place off the network, free text).
     */
    path: jsonb('path').$type<RoutePath>(),
  },
  (t) => [
    index('routes_owner_idx').on(t.ownerId),
    index('routes_owner_valid_until_idx').on(t.ownerId, t.validUntil),
    // The Betrieb's "Wer kann fahren?" and coverage (issue 28): routes by station pair in either direction and by Kürzel.
    index('routes_station_pair_idx').on(
      sql`least(${t.startStation}, ${t.endStation})`,
      sql`greatest(${t.startStation}, ${t.endStation})`,
    ),
    index('routes_company_route_idx').on(sql`lower(${t.companyRoute})`),
    // Requirements naming a line section (issue 29 item 3): the routes whose path runs on a line, by containment.
    index('routes_path_idx').using('gin', sql`${t.path} jsonb_path_ops`),
  ],
);

export const tours = pgTable(
  'tours',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('tours_owner_idx').on(t.ownerId)],
);

export const tourRoutes = pgTable(
  'tour_routes',
  {
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.routeId] }), index('tour_routes_route_idx').on(t.routeId)],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The vehicle's own validity rule in days; null = the account's default (users.vehicle_validity_days). */
    validityDays: integer('validity_days'),
  },
  (t) => [index('vehicles_owner_idx').on(t.ownerId)],
);

export const routeActivities = pgTable(
  'route_activities',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acquiredAt: date('acquired_at', { mode: 'string' }).notNull(),
    acquiredUntil: date('acquired_until', { mode: 'string' }).notNull(),
    /**
     * When the drive was recorded ("erfasst am", issue 27); null for drives recorded before history began. A signed
     * backup's restore keeps the original.
     */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).defaultNow(),
    /** Whether the drive came from a (signed) backup of another account or instance rather than being recorded here. */
    imported: boolean('imported').notNull().default(false),
    /** How the drive was made (issue 41, contract drive-ways.ts): driven, escorted, cab_ride, route_film, … */
    way: text('way').notNull().default('driven'),
    /** Time of day ("05:40") on the app's wall clock; null = not given. */
    driveTime: text('drive_time'),
    /** forward (route start → end) or reverse; null = not given. */
    direction: text('direction'),
    /** Whether it was dark at that time where the route lies (computed by the server at each write); null = unknown. */
    dark: boolean('dark'),
  },
  (t) => [index('route_activities_owner_idx').on(t.ownerId)],
);

export const routeActivityRoutes = pgTable(
  'route_activity_routes',
  {
    routeActivityId: integer('route_activity_id')
      .notNull()
      .references(() => routeActivities.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.routeActivityId, t.routeId] }),
    index('route_activity_routes_route_idx').on(t.routeId),
  ],
);

export const vehicleActivities = pgTable(
  'vehicle_activities',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    routeActivityId: integer('route_activity_id')
      .notNull()
      .references(() => routeActivities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('vehicle_activities_owner_idx').on(t.ownerId),
    index('vehicle_activities_route_activity_idx').on(t.routeActivityId),
  ],
);

export const vehicleActivityVehicles = pgTable(
  'vehicle_activity_vehicles',
  {
    vehicleActivityId: integer('vehicle_activity_id')
      .notNull()
      .references(() => vehicleActivities.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleActivityId, t.vehicleId] }),
    index('vehicle_activity_vehicles_vehicle_idx').on(t.vehicleId),
  ],
);

/** One-time tokens (mail verification, password reset); only the SHA-256 of the token is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verification', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

/** Every issued JWT by its jti: logout and password changes revoke rows here. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_expires_idx').on(t.expiresAt)],
);

export const weeklyReportLog = pgTable(
  'weekly_report_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isoWeek: text('iso_week').notNull(),
    status: text('status', { enum: ['claimed', 'sent'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('weekly_report_log_user_week_idx').on(t.userId, t.isoWeek)],
);

/**
 * A counter per user, bumped in the same transaction as every write of that user's records: the ETag of the
 * user's list and record answers (docs/decisions/0015-request-path-auth-cache-and-etags.md).
 */
export const dataVersions = pgTable('data_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Answers of POSTs sent with an Idempotency-Key, replayed for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Web Push subscriptions of a user's browsers and installed apps; deleted when the push service answers 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the user sees in the list ("Chrome auf Android"), from the browser's user agent. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_owner_idx').on(t.ownerId),
  ],
);

/** A user's personal calendar feed: only the SHA-256 of its secret token is stored. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hash of the last feed served and when it last differed: the feed's ETag and Last-Modified. */
    contentHash: text('content_hash'),
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);

/**
 * One row per reminder of one route's expiry (valid_until) at one threshold on one channel: the claim that makes
 * it go out once (docs/decisions/0021-reminders-exactly-once.md, extending 0002 and 0012).
 */
export const reminderLog = pgTable(
  'reminder_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    threshold: integer('threshold').notNull(),
    channel: text('channel', { enum: ['mail', 'push'] }).notNull(),
    status: text('status', { enum: ['claimed', 'sent'] }).notNull(),
    /** Sent after its day (the run of that day was missed). */
    late: boolean('late').notNull().default(false),
    /** The run holding a 'claimed' row; only it may settle the row (a stale claim taken over gets a new token). */
    claimToken: uuid('claim_token').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reminder_log_once_idx').on(t.routeId, t.validUntil, t.threshold, t.channel),
    index('reminder_log_user_idx').on(t.userId),
  ],
);

/**
 * Read-only links for a supervisor (issue 18): only the SHA-256 of the token is stored. `all_records` = the whole
 * proof; otherwise the chosen routes and tours (share_link_routes / share_link_tours) at the time it is opened.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    allRecords: boolean('all_records').notNull(),
    /** Last calendar day (application time zone) on which the link opens; null = until revoked. */
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('share_links_token_hash_idx').on(t.tokenHash), index('share_links_owner_idx').on(t.ownerId)],
);

export const shareLinkRoutes = pgTable(
  'share_link_routes',
  {
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shareLinkId, t.routeId] }), index('share_link_routes_route_idx').on(t.routeId)],
);

export const shareLinkTours = pgTable(
  'share_link_tours',
  {
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shareLinkId, t.tourId] }), index('share_link_tours_tour_idx').on(t.tourId)],
);

/**
 * The heavy operation (import, preview, restore, backup, export) an account has running, if any: one at a time per
 * account across every instance (plugins/heavy-operations.ts). A row left by a crashed process counts until
 * `expires_at`.
 */
export const heavyOperations = pgTable('heavy_operations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  /** Names this run of the operation: only it releases the lease. */
  token: text('token').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The append-only history of every write to a user's records (issue 27): one row per created, changed or deleted
 * record, written in the write's own transaction, with the record's API shape before and after. A trigger refuses
 * every UPDATE and every DELETE except the cascade of the owner's account deletion (migration 0006).
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The record kind (`RecordKind`: routes, tours, vehicles, route_activities, vehicle_activities). */
    kind: text('kind').notNull(),
    recordId: integer('record_id').notNull(),
    /** create | update | delete */
    action: text('action').notNull(),
    /** api | quick | outbox | import | restore: how the write came in. */
    channel: text('channel').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('record_history_record_idx').on(t.ownerId, t.kind, t.recordId, t.id)],
);

/**
 * The Ed25519 keys that sign issued documents (issue 27). Generated once and kept like the JWT secret; a rotation
 * adds a key and retires the old one, which stays for verifying what it signed.
 */
export const signingKeys = pgTable('signing_keys', {
  /** Key id: the first 16 hex digits of the SHA-256 of the public key (SPKI DER). */
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * Documents issued from a user's record (a PDF, a supervisor page, the transfer proof, a signed backup): the content
 * as issued in canonical form, its hash and the server's signature. Kept until the holder revokes it or deletes the
 * account; verified publicly by its code at /pruefen/{code}.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    /** The short verification code printed on the document (unique, not guessable). */
    code: text('code').notNull(),
    /**
     * The holder (or a matrix's issuer); null once their account is deleted: the document stays as a tombstone —
     * code, kind, times, hashes and signature, no content — so that it still verifies as issued (GDPR Art. 17).
     */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** pdf | share | transfer | backup | matrix */
    kind: text('kind').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The content as issued (canonical JSON, docs/decisions); null once erased with the holder's account. */
    content: jsonb('content'),
    /** When the content was erased with the holder's account; null while it is kept. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** SHA-256 (hex) of the canonical content. */
    contentHash: text('content_hash').notNull(),
    /** SHA-256 (hex) of the issued file where there is one (the PDF's bytes before its signature trailer). */
    fileHash: text('file_hash'),
    /** Base64 Ed25519 signature. */
    signature: text('signature').notNull(),
    keyId: text('key_id')
      .notNull()
      .references(() => signingKeys.id),
    shareLinkId: integer('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('issued_documents_code_idx').on(t.code),
    index('issued_documents_owner_idx').on(t.ownerId),
    index('issued_documents_share_link_idx').on(t.shareLinkId),
  ],
);

/**
 * A Betrieb (issue 28): an organisation whose members see what its drivers share (docs/decisions/0046). The account
 * that founded it is kept for the record; deleting that account leaves the Betrieb to its other members.
 */
export const betriebe = pgTable(
  'betriebe',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('betriebe_created_by_idx').on(t.createdBy)],
);

/** The depots (or teams) of a Betrieb; a member may be assigned to one. */
export const betriebDepots = pgTable(
  'betrieb_depots',
  {
    id: serial('id').primaryKey(),
    betriebId: integer('betrieb_id')
      .notNull()
      .references(() => betriebe.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * The first acquisition the Betrieb asks for the requirements of this depot that ask none of their own (issue 41
     * item 3, migration 0023); null = none.
     */
    firstAcquisition: jsonb('first_acquisition').$type<FirstAcquisition>(),
  },
  (t) => [uniqueIndex('betrieb_depots_name_idx').on(t.betriebId, t.name)],
);

/**
 * A user's membership of a Betrieb with its role there (admin | disponent | driver) — not the account's roles — and
 * the consent it was made under (its version and time). Deleted when the member leaves, is removed or deletes the
 * account: access ends with the row. A Betrieb whose last membership goes is deleted by trigger (migration 0007).
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    betriebId: integer('betrieb_id')
      .notNull()
      .references(() => betriebe.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'disponent', 'examiner', 'driver'] }).notNull(),
    depotId: integer('depot_id').references(() => betriebDepots.id, { onDelete: 'set null' }),
    consentVersion: integer('consent_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /**
     * The Disponent's weekly coverage mail (issue 28 item 5): null = none; otherwise the number of valid drivers a
     * requirement needs within the next 30 days before the mail names it.
     */
    coverageAlertMin: integer('coverage_alert_min'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_betrieb_user_idx').on(t.betriebId, t.userId),
    index('memberships_user_idx').on(t.userId),
    index('memberships_depot_idx').on(t.depotId),
  ],
);

/**
 * What changed in a Betrieb's membership (issue 40): who joined, left or was removed, and when – the membership row
 * itself is deleted on leaving, so the Betrieb's home reads the changes from here. Written in the membership's
 * transaction; deleted with the Betrieb and with the person's account (erasure).
 */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: serial('id').primaryKey(),
    betriebId: integer('betrieb_id')
      .notNull()
      .references(() => betriebe.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ['joined', 'left', 'removed'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('membership_events_betrieb_at_idx').on(t.betriebId, t.at),
    index('membership_events_user_idx').on(t.userId),
  ],
);

/**
 * A Betrieb's attestation about a driver (issue 41 item 5, docs/decisions/0064): a first acquisition confirmed or a
 * periodic check of the route knowledge passed (TfV Anlage 11 Nr. 3 b). The signed statement itself is the issued
 * document (kind 'attestation', owner = the driver); this row indexes it for the Betrieb's and the driver's lists and
 * the register (TfV § 10 (4), Anlage 10 field 31.2). It stays with the driver when the membership or the Betrieb goes
 * (TfV § 13: proofs are the driver's), so the Betrieb is nullable and its name kept; it goes with the driver's account
 * (the issued document stays as an erased tombstone, migration 0015). Withdrawing revokes the document; nothing here
 * is ever altered but `hidden`, the driver's choice to hide it from later Betriebe.
 */
export const attestations = pgTable(
  'attestations',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => issuedDocuments.id, { onDelete: 'cascade' }),
    /** The driver the statement is about, who holds it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The issuing Betrieb; null once it is deleted (the statement stays valid and verifiable). */
    betriebId: integer('betrieb_id').references(() => betriebe.id, { onDelete: 'set null' }),
    /** The issuing Betrieb's name at issue time (also in the signed content). */
    betriebName: text('betrieb_name').notNull(),
    kind: text('kind', { enum: ['first_acquisition', 'periodic_check'] }).notNull(),
    /** The day of the check or of the confirmed acquisition. */
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    /** The issuing Betrieb's requirements it covers (ids of that Betrieb; the signed content has their labels). */
    requirementIds: integer('requirement_ids').array().notNull().default([]),
    /** Lines or sections covered in the examiner's words, e.g. "3601 Frankfurt–Mannheim". */
    lines: text('lines').array().notNull().default([]),
    examinerName: text('examiner_name').notNull(),
    /** The account that issued it; null once that account is deleted. */
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** The driver hid it from Betriebe other than the issuing one. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attestations_document_idx').on(t.documentId),
    index('attestations_user_idx').on(t.userId, t.checkedOn),
    index('attestations_betrieb_idx').on(t.betriebId),
    index('attestations_issued_by_idx').on(t.issuedBy),
  ],
);

/**
 * An invitation to a Betrieb: a link (256-bit token) and a short code, of both only the SHA-256 stored. Expires,
 * can be revoked; a driver invitation serves any number of drivers until then, an admin or Disponent one only one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    betriebId: integer('betrieb_id')
      .notNull()
      .references(() => betriebe.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    role: text('role', { enum: ['admin', 'disponent', 'examiner', 'driver'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** How many accounts joined through it. */
    acceptedCount: integer('accepted_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_idx').on(t.tokenHash),
    uniqueIndex('invitations_code_hash_idx').on(t.codeHash),
    index('invitations_betrieb_idx').on(t.betriebId),
    index('invitations_created_by_idx').on(t.createdBy),
  ],
);

/**
 * Route knowledge a Betrieb requires (issue 28 item 2, docs/decisions/0046 addendum): a station pair by DS100 code,
 * either direction, optionally with the Betrieb's own code (Kürzel); for the whole Betrieb (depot null) or one depot.
 * A depot's requirements go with the depot. One pair and code once per depot (in either direction).
 */
export const betriebRequirements = pgTable(
  'betrieb_requirements',
  {
    id: serial('id').primaryKey(),
    betriebId: integer('betrieb_id')
      .notNull()
      .references(() => betriebe.id, { onDelete: 'cascade' }),
    depotId: integer('depot_id').references(() => betriebDepots.id, { onDelete: 'cascade' }),
    startStation: text('start_station').notNull(),
    endStation: text('end_station').notNull(),
    companyRoute: text('company_route'),
    /**
     * A line section the requirement names (issue 29 item 3): line number and km as DB counts them; all three or
     * none. A route whose path covers it meets the requirement (migration 0013).
     */
    line: integer('line'),
    fromKm: doublePrecision('from_km'),
    toKm: doublePrecision('to_km'),
    /**
     * How many drivers should know it beyond the coming 30 days (issue 40); null: as the reader chose in their coverage
     * alert (else 1). The Betrieb's home and the weekly coverage mail count by it.
     */
    minDrivers: integer('min_drivers'),
    /**
     * The Betrieb's own rule of which ways of a drive keep this requirement's knowledge valid (issue 41 item 2); null =
     * each driver's (their route's, else their account's).
     */
    keepingWays: text('keeping_ways').array(),
    /**
     * The first acquisition the Betrieb asks before a driver's route counts for this requirement (issue 41 item 3,
     * contract first-acquisition.ts); null = the route's own, if any.
     */
    firstAcquisition: jsonb('first_acquisition').$type<FirstAcquisition>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('betrieb_requirements_min_drivers_check', sql`${t.minDrivers} between 1 and 1000`),
    check(
      'betrieb_requirements_section_check',
      sql`(${t.line} is null and ${t.fromKm} is null and ${t.toKm} is null) or (${t.line} is not null and ${t.fromKm} is not null and ${t.toKm} is not null and ${t.fromKm} <> ${t.toKm})`,
    ),
    uniqueIndex('betrieb_requirements_key_idx').on(
      t.betriebId,
      sql`coalesce(${t.depotId}, 0)`,
      sql`least(${t.startStation}, ${t.endStation})`,
      sql`greatest(${t.startStation}, ${t.endStation})`,
      sql`coalesce(lower(${t.companyRoute}), '')`,
    ),
    index('betrieb_requirements_depot_idx').on(t.depotId),
  ],
);

/**
 * A vehicle type a Betrieb requires its drivers to know (issue 28 item 2), for the whole Betrieb or one depot; met by a
 * driver's vehicle of that name (case and blanks ignored). One type once per depot.
 */
export const betriebVehicleRequirements = pgTable(
  'betrieb_vehicle_requirements',
  {
    id: serial('id').primaryKey(),
    betriebId: integer('betrieb_id')
      .notNull()
      .references(() => betriebe.id, { onDelete: 'cascade' }),
    depotId: integer('depot_id').references(() => betriebDepots.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('betrieb_vehicle_requirements_key_idx').on(
      t.betriebId,
      sql`coalesce(${t.depotId}, 0)`,
      sql`lower(regexp_replace(${t.vehicleType}, '[[:space:]]+', '', 'g'))`,
    ),
    index('betrieb_vehicle_requirements_depot_idx').on(t.depotId),
  ],
);

/**
 * A driver's own route linked by hand to a requirement that neither its station pair nor its Kürzel meets: one route
 * per requirement and membership. Hangs on the membership, so leaving the Betrieb (or deleting the account) removes it.
 */
export const requirementLinks = pgTable(
  'requirement_links',
  {
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => betriebRequirements.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requirementId, t.membershipId] }),
    index('requirement_links_membership_idx').on(t.membershipId),
    index('requirement_links_route_idx').on(t.routeId),
  ],
);

/**
 * Which route of a member meets a requirement of their Betrieb, and until when it is valid: the best match of the one
 * matching rule (modules/betriebe/requirement-matching.ts — pair either way, Kürzel, manual link; the longest valid
 * wins), one row per requirement and membership that has a match (none: the cell is "fehlt"). Kept by triggers in the
 * transaction of every write that can change it — a member's routes (and through them their drives), the Betrieb's
 * requirements, the links, a new membership (migration 0011, `refresh_requirement_coverage`) — so the matrix, its
 * totals and "Wer kann fahren?" read it instead of every driver's routes. The state (gültig, bald, abgelaufen)
 * follows from `valid_until` and the day asked; the row does not age.
 */
export const requirementCoverage = pgTable(
  'requirement_coverage',
  {
    betriebId: integer('betrieb_id')
      .notNull()
      .references(() => betriebe.id, { onDelete: 'cascade' }),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => betriebRequirements.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    validUntil: date('valid_until', { mode: 'string' }),
    kind: text('kind', { enum: ['pair', 'section', 'code', 'manual'] }).notNull(),
    /**
     * Whether the matched route is still in a first acquisition (the requirement's, else the route's own): no valid
     * day yet, "in Ausbildung" rather than "nie gefahren" (issue 41 item 3).
     */
    training: boolean('training').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.requirementId, t.membershipId] }),
    index('requirement_coverage_membership_idx').on(t.membershipId),
    index('requirement_coverage_betrieb_idx').on(t.betriebId, t.requirementId, t.validUntil),
    index('requirement_coverage_route_idx').on(t.routeId),
  ],
);

/**
 * The Disponent's weekly coverage mail, one row per membership and ISO week: the claim that makes it go out exactly
 * once across instances (the weekly report's lease, docs/decisions/0002).
 */
export const coverageAlertLog = pgTable(
  'coverage_alert_log',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    isoWeek: text('iso_week').notNull(),
    status: text('status', { enum: ['claimed', 'sent'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('coverage_alert_log_membership_week_idx').on(t.membershipId, t.isoWeek)],
);

/** Binary column (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The imported rail network (issue 29, docs/decisions/0049): the compact network as gzipped JSON, one row per
 * import, named by the content hash of its data. The newest row is the one served; an import replaces the others.
 */
export const railNetwork = pgTable('rail_network', {
  id: serial('id').primaryKey(),
  version: text('version').notNull().unique(),
  attribution: text('attribution').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
