import { CHANGELOG_ENTRIES_SHOWN } from '@streckenpass/contract/constants';
import type { ChangelogEntry } from '@streckenpass/contract/version';

/** "Neu für Sie": the first entries of the (newest first) changelog that are not prereleases (seed section 5). */
export function latestReleases(entries: readonly ChangelogEntry[], count = CHANGELOG_ENTRIES_SHOWN): ChangelogEntry[] {
  return entries.filter((entry) => !entry.prerelease).slice(0, count);
}

/** Markdown a driver should not see as characters: emphasis, code spans, links (their text stays). */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .trim();
}

/**
 * A change as a driver reads it at a glance: its headline, i.e. the text before the first colon or the end of the
 * first sentence ("**Freigabe-Links** für Vorgesetzte: der aktuelle …" → "Freigabe-Links für Vorgesetzte"). The
 * details (and what only developers need, such as endpoints) stay in the full list.
 */
export function changeHeadline(change: string): string {
  const text = plainText(change);
  const end = text.search(/:\s|\.\s|\.$|;\s/);
  return end > 0 ? text.slice(0, end) : text;
}
