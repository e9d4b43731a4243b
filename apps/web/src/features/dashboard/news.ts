import { CHANGELOG_ENTRIES_SHOWN } from '@streckenpass/contract/constants';
import type { ChangelogEntry } from '@streckenpass/contract/version';

/** "Neuigkeiten": the first entries of the (newest first) changelog that are not prereleases (seed section 5). */
export function latestReleases(entries: readonly ChangelogEntry[], count = CHANGELOG_ENTRIES_SHOWN): ChangelogEntry[] {
  return entries.filter((entry) => !entry.prerelease).slice(0, count);
}
