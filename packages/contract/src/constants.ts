/** Business constants of the seed (section 9). */
export const VALIDITY_DAYS_YEAR = 364;
export const VALIDITY_DAYS_HALF_YEAR = 182;
export const DEFAULT_DASHBOARD_WINDOW_DAYS = 90;
export const DASHBOARD_WINDOW_OPTIONS = [30, 60, 90, 180, 365] as const;
export const CHANGELOG_ENTRIES_SHOWN = 3;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const WEEKLY_REPORT_WINDOW_DAYS = 30;
/** "läuft bald ab" on the dashboard: at most this many days left. */
export const EXPIRING_SOON_DAYS = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 255;
export const PRODUCT_NAME = 'Streckenpass';
/** A drive recorded more than this many days after the day it was driven is marked "nachgetragen" (issue 27). */
export const BACKDATED_AFTER_DAYS = 7;
/** The zone in which "today" and the day of a recording are read unless the server is configured otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';
