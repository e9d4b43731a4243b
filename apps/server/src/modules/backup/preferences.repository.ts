import { eq, sql } from 'drizzle-orm';
import { keepingWaysLabel, type DriveWay } from '@streckenpass/contract/drive-ways';
import type { Backup } from '@streckenpass/contract/backup';
import { thresholdLabel, validityRuleLabel } from '@streckenpass/contract/notifications';
import { users } from '../../db/schema.js';
import type { BackupSection, SectionItem } from '../../db/backup-section.js';

type PreferencesItem = NonNullable<Backup['preferences']> & SectionItem;

const onOff = (value: boolean) => (value ? 'an' : 'aus');

type Setting = Exclude<keyof PreferencesItem, 'ref'>;
/** Each setting of the preferences record: how it is compared and how the preview names its new value. */
const SETTINGS: { [K in Setting]: (value: NonNullable<PreferencesItem[K]> | null) => string } = {
  receiveWeeklyReports: (value) => `Wochenbericht ${onOff(value === true)}`,
  bccMailWeeklyReports: (value) => `Kopie an den Betreiber ${onOff(value === true)}`,
  validityDays: (value) => `Gültigkeitsregel der Strecken ${validityRuleLabel(value)}`,
  vehicleValidityDays: (value) => `Gültigkeitsregel der Fahrzeuge ${validityRuleLabel(value)}`,
  keepingWays: (value) => `Erhält die Streckenkunde: ${keepingWaysLabel(value ?? [])}`,
  reminderThresholds: (value) =>
    `Erinnerungen ${value && value.length > 0 ? value.map(thresholdLabel).join(', ') : 'keine'}`,
  reminderMail: (value) => `Erinnerung per E-Mail ${onOff(value === true)}`,
  reminderPush: (value) => `Erinnerung per Push ${onOff(value === true)}`,
};
const sameSetting = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The settings the document states (a field an older document lacks is left as it is) and that differ. */
function settingChanges(existing: PreferencesItem, incoming: PreferencesItem): Setting[] {
  return (Object.keys(SETTINGS) as Setting[]).filter(
    (setting) => incoming[setting] !== undefined && !sameSetting(incoming[setting], existing[setting]),
  );
}

/**
 * The account's settings (weekly report, validity rules, reminder thresholds and channels) as a section of exactly
 * one record, merged by overwriting each setting the document states.
 */
export const preferencesSection: BackupSection<PreferencesItem> = {
  name: 'preferences',
  // The settings columns of the account row; its address, name and password stay with the account.
  tables: [users],
  references: [],
  async read(ex, userId, page) {
    // One record (ref 1): the first page has it, any later one is empty.
    if (page.after >= 1) return [];
    const rows = await ex
      .select({
        receiveWeeklyReports: users.receiveWeeklyReports,
        bccMailWeeklyReports: users.bccMailWeeklyReports,
        validityDays: users.validityDays,
        vehicleValidityDays: users.vehicleValidityDays,
        keepingWays: sql<DriveWay[]>`${users.keepingWays}`,
        reminderThresholds: users.reminderThresholds,
        reminderMail: users.reminderMail,
        reminderPush: users.reminderPush,
      })
      .from(users)
      .where(eq(users.id, userId));
    return rows.map((row) => ({ ref: 1, ...row }));
  },
  naturalKey: () => 'preferences',
  describe: (prefs) =>
    (Object.keys(SETTINGS) as Setting[])
      .filter((setting) => prefs[setting] !== undefined)
      .map((setting) => SETTINGS[setting](prefs[setting] as never))
      .join(', '),
  // The account row always exists: there is never anything to insert.
  insert: async () => [],
  merge: {
    plan(existing, incoming) {
      const changed = settingChanges(existing, incoming);
      if (changed.length === 0) return null;
      return changed.map((setting) => SETTINGS[setting](incoming[setting] as never)).join(', ');
    },
    async apply(ex, userId, existing, incoming) {
      const changed = settingChanges(existing, incoming);
      if (changed.length === 0) return;
      await ex
        .update(users)
        .set(Object.fromEntries(changed.map((setting) => [setting, incoming[setting]])))
        .where(eq(users.id, userId));
    },
  },
};
