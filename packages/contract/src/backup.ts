import { z } from 'zod';
import { dateSchema, isStorableDate, requiredText, text } from './common.js';
import { reminderThresholdsSchema, validityDaysSchema } from './notifications.js';
import { stationCodeSchema } from './stations.js';
import { LIMITS } from './limits.js';
import { backupAttestationSchema } from './attestations.js';
import { betriebRoleSchema } from './betriebe.js';
import { routePathInputSchema } from './route-paths.js';
import { driveDateViolations } from './route-activities.js';
import { driveDirectionSchema, driveTimeSchema, driveWaySchema, keepingWaysSchema } from './drive-ways.js';
import { firstAcquisitionSchema } from './first-acquisition.js';
import { RECORD_KINDS, recordKindNames, type RecordKind, type RecordSectionName } from './record-kinds.js';

/**
 * The account backup (GDPR Art. 20): one versioned JSON document. Records refer to each other by `ref`, a number
 * that is unique within its section of the document (the database id at the time of the backup); a restore merges
 * every section by its natural key (see the server's `modules/backup/backup.repository.ts`), so restoring the same
 * document twice changes nothing. A section or field a newer version adds is optional here, so older documents stay
 * valid (validity rules, DS100 station links and reminder settings came that way, still version 1).
 *
 * Not in the backup, on purpose: Web Push subscriptions (bound to one browser on one device, and their keys are
 * secrets of that browser), the calendar feed token and share links (secret addresses; a restored copy would make
 * an old address work again). They are created anew in the account they are wanted in.
 */
export const BACKUP_FORMAT = 'streckenpass-backup';
export const BACKUP_VERSION = 1;

const ref = z.number().int().positive().max(2_147_483_647).describe('Nummer des Eintrags innerhalb dieses Dokuments');
const refs = (max: number, message: string) => z.array(ref).max(max, message);
const code = text().trim().max(64, 'Das Kürzel darf höchstens 64 Zeichen lang sein.');

export const backupRouteSchema = z.strictObject({
  ref,
  name: requiredText('Der Name der Strecke'),
  companyRoute: code.nullable().transform((value) => (value ? value : null)),
  startPoint: requiredText('Der Start der Strecke', 64),
  endPoint: requiredText('Das Ende der Strecke', 64),
  /** The route's own validity rule in days; null = it follows the account's rule. Absent in older documents. */
  validityDays: validityDaysSchema.nullable().optional(),
  /** The ways that keep the route's knowledge valid; null = the account's rule. Absent in older documents. */
  keepingWays: keepingWaysSchema.nullable().optional(),
  /** The first acquisition the route asks (issue 41); null or absent = none. */
  firstAcquisition: firstAcquisitionSchema.nullable().optional(),
  /** DS100 codes of the linked stations; null = free text only. A code the server does not know is dropped. */
  startStation: stationCodeSchema.optional(),
  endStation: stationCodeSchema.optional(),
  /** The route's path as line sections (issue 29); null or absent = none (found anew where the network allows). */
  path: routePathInputSchema.nullable().optional(),
});
export const backupTourSchema = z.strictObject({
  ref,
  name: requiredText('Der Name der Tour'),
  routes: refs(LIMITS.routesPerTour, `Eine Tour umfasst höchstens ${LIMITS.routesPerTour} Strecken.`),
});
export const backupVehicleSchema = z.strictObject({
  ref,
  name: requiredText('Der Name des Fahrzeugs'),
  /** The vehicle's own validity rule in days; null = it follows the account's vehicle rule. */
  validityDays: validityDaysSchema.nullable().optional(),
});
export const backupRouteActivitySchema = z
  // A trip whose routes were all deleted since is kept as it is (it has no routes left).
  .strictObject({
    ref,
    acquiredAt: dateSchema,
    acquiredUntil: dateSchema,
    /**
     * When the drive was first recorded ("erfasst am", ISO 8601); null = unknown. Kept by a restore only when the
     * document's signature checks out (issue 27); otherwise the drive counts as recorded at the restore.
     */
    recordedAt: z.iso.datetime({ offset: true }).nullable().optional(),
    routes: refs(LIMITS.routesPerDrive, `Eine Fahrt umfasst höchstens ${LIMITS.routesPerDrive} Strecken.`),
    /** How the drive was made, its time of day and direction (issue 41); absent in older documents = driven, none. */
    way: driveWaySchema.optional(),
    time: driveTimeSchema.nullable().optional(),
    direction: driveDirectionSchema.nullable().optional(),
  })
  // The API's rule of a drive's dates (route-activities.ts); "not after today" needs the server's day and is judged
  // by the restore (the server's backup.validation.ts) with the same function.
  .superRefine((value, context) => {
    // An impossible date is refused by its own field already (zod runs this check after that continuable issue).
    if (!isStorableDate(value.acquiredAt) || !isStorableDate(value.acquiredUntil)) return;
    for (const violation of driveDateViolations(value)) {
      context.addIssue({ code: 'custom', path: [violation.propertyPath], message: violation.message });
    }
  });
export const backupVehicleActivitySchema = z.strictObject({
  ref,
  routeActivity: ref,
  vehicles: refs(LIMITS.vehiclesPerDrive, `Zu einer Fahrt gehören höchstens ${LIMITS.vehiclesPerDrive} Fahrzeuge.`),
});
export const backupPreferencesSchema = z.strictObject({
  receiveWeeklyReports: z.boolean(),
  bccMailWeeklyReports: z.boolean(),
  /** The account's validity rules: for routes, and for vehicles (null = no expiry). */
  validityDays: validityDaysSchema.optional(),
  vehicleValidityDays: validityDaysSchema.nullable().optional(),
  /** The ways of a drive that keep route knowledge valid (issue 41). */
  keepingWays: keepingWaysSchema.optional(),
  /** Reminder thresholds (days before expiry) and channels. */
  reminderThresholds: reminderThresholdsSchema.optional(),
  reminderMail: z.boolean().optional(),
  reminderPush: z.boolean().optional(),
});

/**
 * A membership of a Betrieb as the backup carries it (issue 28): read-only information for the holder — which Betrieb,
 * in which role, under which consent since when. A restore ignores it: only an invitation grants a Betrieb access.
 */
export const backupMembershipSchema = z.strictObject({
  betrieb: z.string(),
  role: betriebRoleSchema,
  depot: z.string().nullable(),
  consentVersion: z.number().int(),
  consentedAt: z.string(),
  joinedAt: z.string(),
});
export type BackupMembership = z.infer<typeof backupMembershipSchema>;

/**
 * The signature of a signed backup (issue 27, docs/decisions/0044): the backup is issued as a document of kind
 * `backup`; `contentSha256` is the SHA-256 of the RFC 8785 canonical JSON of the document without `signature`, and
 * `signature` the Ed25519 signature (base64) of the proof statement `{ type: "streckenpass-proof", v: 1, code, kind:
 * "backup", issuedAt, contentSha256, fileSha256: null }`, by the key `keyId` (published at
 * `/.well-known/streckenpass-proof-keys.json`).
 */
export const backupSignatureSchema = z.strictObject({
  code: z.string().max(20),
  kind: z.literal('backup'),
  issuedAt: z.string().max(40),
  keyId: z.string().max(40),
  contentSha256: z.string().max(64),
  signature: z.string().max(200),
});
export type BackupSignature = z.infer<typeof backupSignatureSchema>;

/** Each record kind's list in the document: the schema of one record, under the section its declaration names. */
const RECORD_SECTION_SCHEMAS = {
  routes: backupRouteSchema,
  tours: backupTourSchema,
  vehicles: backupVehicleSchema,
  routeActivities: backupRouteActivitySchema,
  vehicleActivities: backupVehicleActivitySchema,
} as const satisfies Record<RecordSectionName, z.ZodType>;
type RecordSectionSchemas = typeof RECORD_SECTION_SCHEMAS;

/**
 * The document's record lists as the kinds declare them (record-kinds.ts), in their order: the section's field, the
 * schema of one record, the account limit as the list's maximum, the preview's label and the noun of its messages.
 * The server's restore checks the records list by list from here (`backup.validation.ts`).
 */
export const BACKUP_RECORD_LISTS = recordKindNames.map((kind) => {
  const { backup, quota } = RECORD_KINDS[kind];
  const section = backup.section as RecordSectionName;
  const { label, recordNoun } = backup;
  return { kind, section, schema: RECORD_SECTION_SCHEMAS[section] as z.ZodType, max: quota.limit, label, recordNoun };
}) satisfies { kind: RecordKind; section: RecordSectionName; max: number; label: string; recordNoun: string }[];

/** A record list of the document: at most the account's limit, empty when absent (older documents). */
export function backupListSchema<Schema extends z.ZodType>(schema: Schema, max: number) {
  return z.array(schema).max(max).default([]);
}

const recordLists = Object.fromEntries(
  BACKUP_RECORD_LISTS.map(({ section, max }) => [section, backupListSchema(RECORD_SECTION_SCHEMAS[section], max)]),
) as { [Section in RecordSectionName]: z.ZodDefault<z.ZodArray<RecordSectionSchemas[Section]>> };

export const backupSchema = z
  .strictObject({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    createdAt: z.string().describe('Zeitpunkt der Sicherung (ISO 8601)'),
    account: z
      .strictObject({ email: z.string(), firstname: z.string().nullable(), lastname: z.string().nullable() })
      .describe('Wessen Daten das sind (wird beim Wiederherstellen nicht übernommen)'),
    ...recordLists,
    preferences: backupPreferencesSchema.optional(),
    memberships: z
      .array(backupMembershipSchema)
      .max(1000)
      .optional()
      .describe('Mitgliedschaften in Betrieben, nur zur Information: eine Wiederherstellung übernimmt sie nicht'),
    attestations: z
      .array(backupAttestationSchema)
      .max(1000)
      .optional()
      .describe(
        'Bescheinigungen von Betrieben (issue 41), wie sie signiert wurden, nur zur Information: eine ' +
          'Wiederherstellung übernimmt sie nicht; jede bleibt unter ihrem Prüfcode prüfbar',
      ),
    signature: backupSignatureSchema
      .optional()
      .describe('Signatur über die kanonische Form des übrigen Dokuments (Nachweis der Art „Sicherung“)'),
  })
  .describe('Sicherung eines Kontos (Format streckenpass-backup, Version 1)');
export type Backup = z.output<typeof backupSchema>;
export type BackupInput = z.input<typeof backupSchema>;
export type BackupSectionName = RecordSectionName | 'preferences';

/** German names of the sections, as the preview shows them. */
export const BACKUP_SECTION_LABELS = {
  ...Object.fromEntries(BACKUP_RECORD_LISTS.map(({ section, label }) => [section, label])),
  preferences: 'Einstellungen',
} as Record<BackupSectionName, string>;

/** Whether a restored document's signature checks out: none, genuine, changed, or signed by a key unknown here. */
export const backupSignatureStates = ['unsigned', 'genuine', 'altered', 'unknown', 'revoked'] as const;
export const backupSignatureCheckSchema = z.object({
  state: z.enum(backupSignatureStates),
  /** German sentence for the preview and the result. */
  message: z.string(),
  /** Only when genuine: the original "erfasst am" of the drives is kept. */
  keepsRecordedAt: z.boolean(),
});
export type BackupSignatureCheck = z.infer<typeof backupSignatureCheckSchema>;

/** What a restore (or an import) would do, per section. */
export const mergePreviewSchema = z.object({
  sections: z.array(
    z.object({
      section: z.string(),
      label: z.string(),
      /** Records that will be added. */
      added: z.number().int(),
      /** Existing records that get something added (a tour's routes) or changed (settings). */
      changed: z.number().int(),
      /** Records already there (same natural key): left as they are. */
      unchanged: z.number().int(),
      /** Up to 50 descriptions of what will be added or changed. */
      examples: z.array(z.string()),
    }),
  ),
  /** Nothing would change. */
  nothingToDo: z.boolean(),
  /** A restored backup's signature (absent for the CSV import). */
  signature: backupSignatureCheckSchema.optional(),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;

export const restoreResultSchema = mergePreviewSchema.extend({ message: z.string() });
export type RestoreResult = z.infer<typeof restoreResultSchema>;
