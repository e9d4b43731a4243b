/**
 * Validity rules, reminders, Web Push subscriptions and the calendar feed (issue 16): schemas and German labels
 * shared by server and web. See docs/decisions/0020–0022.
 */
import { z } from 'zod';
import { text } from './common.js';
import { VALIDITY_DAYS_HALF_YEAR, VALIDITY_DAYS_YEAR } from './constants.js';
import { plural, pluralWord } from './plural.js';
import { driveWaySchema, keepingWaysSchema } from './drive-ways.js';

/** Longest validity a rule may give (ten years). */
export const VALIDITY_DAYS_MAX = 3650;
/** The thresholds a user may pick, in days before the expiry date; 0 = on the day itself. */
export const REMINDER_THRESHOLDS = [60, 30, 14, 7, 3, 1, 0] as const;
export const DEFAULT_REMINDER_THRESHOLDS = [30, 7] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];
export const REMINDER_CHANNELS = ['mail', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = {
  mail: 'E-Mail',
  push: 'Push-Benachrichtigung',
};

/** 'am Ablauftag', '1 Tag vorher', '30 Tage vorher'. */
export function thresholdLabel(days: number): string {
  if (days === 0) return 'am Ablauftag';
  return `${plural(days, 'Tag', 'Tage')} vorher`;
}

/** How a validity rule reads: '1 Jahr (364 Tage)', '½ Jahr (182 Tage)', '90 Tage', 'unbegrenzt'. */
export function validityRuleLabel(days: number | null | undefined): string {
  if (days === null || days === undefined) return 'unbegrenzt';
  if (days === VALIDITY_DAYS_YEAR) return `1 Jahr (${days} Tage)`;
  if (days === VALIDITY_DAYS_HALF_YEAR) return `½ Jahr (${days} Tage)`;
  // Digits without grouping: the CSV export prints this label and `parseValidityRule` reads it back.
  return `${days} ${pluralWord(days, 'Tag', 'Tage')}`;
}

/**
 * A rule as `validityRuleLabel` writes it (and as people type it), read back: '1 Jahr (364 Tage)' → 364,
 * '½ Jahr (182 Tage)' → 182, '90 Tage' → 90, '1 Tag' → 1, 'unbegrenzt' → null. Case and blanks do not matter; a
 * year label counts by the days in its parentheses. Anything else, or days outside 1 to VALIDITY_DAYS_MAX, gives a
 * German reason.
 */
export function parseValidityRule(label: string): { days: number | null } | { error: string } {
  const value = label.trim().replace(/\s+/g, ' ').toLowerCase();
  if (value === 'unbegrenzt') return { days: null };
  const match = /^(?:(?:1|½|1\/2) jahr \((\d{1,6}) tage?\)|(\d{1,6}) tage?)$/.exec(value);
  if (!match) {
    return {
      error: `„${label.trim()}“ ist keine Gültigkeitsregel (erwartet z. B. „1 Jahr (364 Tage)“, „90 Tage“ oder „unbegrenzt“).`,
    };
  }
  const days = Number(match[1] ?? match[2]);
  if (days < 1 || days > VALIDITY_DAYS_MAX) {
    return { error: `Die Gültigkeit „${label.trim()}“ muss zwischen 1 und ${VALIDITY_DAYS_MAX} Tagen liegen.` };
  }
  return { days };
}

// Defined with the other route knowledge rules; exported here too for the callers that read it from this module.
export { effectiveValidityDays } from './knowledge.js';

export const validityDaysSchema = z
  .number({ error: 'Bitte eine Zahl von Tagen angeben.' })
  .int('Bitte ganze Tage angeben.')
  .min(1, 'Die Gültigkeit muss mindestens 1 Tag betragen.')
  .max(VALIDITY_DAYS_MAX, `Die Gültigkeit darf höchstens ${VALIDITY_DAYS_MAX} Tage betragen.`);

/** Reminder thresholds as a client sends them: allowed values only, stored without repeats, largest first. */
export const reminderThresholdsSchema = z
  .array(
    z
      .number()
      .int()
      .refine((value) => (REMINDER_THRESHOLDS as readonly number[]).includes(value), {
        message: 'Erlaubt sind 60, 30, 14, 7, 3 und 1 Tag vorher sowie der Ablauftag (0).',
      }),
  )
  .max(REMINDER_THRESHOLDS.length)
  .transform((values) => [...new Set(values)].sort((a, b) => b - a));

/** The account's rules and reminder choices (GET/PATCH /api/notifications/settings). */
export const notificationSettingsSchema = z.object({
  validityDays: z.number().int(),
  vehicleValidityDays: z.number().int().nullable(),
  /** The ways of a drive that keep route knowledge valid (issue 41); a route may have its own. */
  keepingWays: z.array(driveWaySchema),
  reminderThresholds: z.array(z.number().int()),
  reminderMail: z.boolean(),
  reminderPush: z.boolean(),
  /** Whether a calendar feed exists (its address is shown only when it is created). */
  calendarFeed: z.boolean(),
  /** The application time zone in which reminder days and feed dates are counted. */
  timezone: z.string(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsSchema = z.strictObject({
  validityDays: validityDaysSchema.optional(),
  vehicleValidityDays: validityDaysSchema.nullable().optional(),
  keepingWays: keepingWaysSchema.optional(),
  reminderThresholds: reminderThresholdsSchema.optional(),
  reminderMail: z.boolean().optional(),
  reminderPush: z.boolean().optional(),
});
export type UpdateNotificationSettingsInput = z.input<typeof updateNotificationSettingsSchema>;

export const ENDPOINT_NOT_PUBLIC =
  'Die Push-Adresse muss zu einem öffentlichen Push-Dienst gehören (https, kein lokales oder privates Netz).';
export const P256DH_INVALID = 'Der Schlüssel p256dh ist kein gültiger öffentlicher P-256-Schlüssel.';
export const AUTH_INVALID = 'Der Schlüssel auth muss genau 16 Byte lang sein.';

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it. The shapes are checked here (docs/decisions/0030):
 * `p256dh` is base64url of 65 bytes starting with 0x04 (an uncompressed P-256 point; the server also checks that it
 * lies on the curve), `auth` of exactly 16 bytes; the endpoint is https (the server also resolves its host and
 * refuses every address that is not public).
 */
export const createPushSubscriptionSchema = z.strictObject({
  endpoint: text()
    .max(2000, 'Die Push-Adresse ist zu lang.')
    .refine((value) => /^https:\/\/[^\s]+$/.test(value), 'Die Push-Adresse muss mit https:// beginnen.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // 0x04 makes the first two characters "B" and A–P; 65 bytes are 87 characters, the last holding 4 bits.
    p256dh: text().regex(/^B[A-P][A-Za-z0-9_-]{84}[AEIMQUYcgkosw048]=?$/, P256DH_INVALID),
    // 16 bytes are 22 characters, the last holding 2 bits.
    auth: text().regex(/^[A-Za-z0-9_-]{21}[AQgw](?:==)?$/, AUTH_INVALID),
  }),
  label: text().trim().max(100).optional(),
});
export type CreatePushSubscriptionInput = z.input<typeof createPushSubscriptionSchema>;

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, …). */
  service: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

export const vapidKeySchema = z.object({ publicKey: z.string() });

export const testNotificationSchema = z.strictObject({ channel: z.enum(REMINDER_CHANNELS) });
export const testNotificationResultSchema = z.object({ delivered: z.number().int(), message: z.string() });

/** The feed's address; the only time the secret token is shown. */
export const calendarFeedSchema = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** What a reminder (mail, push, calendar alarm) says about one route. */
export function reminderLine(name: string, days: number): string {
  if (days <= 0) return `${name}: Streckenkunde läuft heute ab`;
  if (days === 1) return `${name}: Streckenkunde läuft morgen ab`;
  return `${name}: Streckenkunde läuft in ${plural(days, 'Tag', 'Tagen')} ab`;
}
