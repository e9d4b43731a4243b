import fs from 'node:fs/promises';
import type { ChangelogEntry } from '@streckenpass/contract/version';

/**
 * Release headings of Keep a Changelog (https://keepachangelog.com/en/1.1.0/):
 * `## [1.2.0] - 2026-11-22`, `## [Unreleased]`, also without brackets, with an en dash or a `[YANKED]` mark.
 */
const HEADING = /^##\s+\[?([^\]\s]+)\]?(?:\s+[-–—]\s+(\d{4}-\d{2}-\d{2}))?(?:\s+.*)?$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * The entries of a changelog, newest first: `Unreleased` (date null, prerelease), then by semantic version,
 * highest first. A version with a pre-release suffix (1.0.0-beta.1) is a prerelease. The changes are the bullet
 * lines of all subsections (Added, Changed, …) in file order; continuation lines join their bullet.
 */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let current: ChangelogEntry | null = null;
  let inFence = false;
  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trimEnd();
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = /^##(?!#)/.test(line) ? HEADING.exec(line) : null;
    const version = heading?.[1] ?? '';
    const unreleased = version.toLowerCase() === 'unreleased';
    if (heading && (unreleased || /^v?\d/.test(version))) {
      current = {
        version: unreleased ? 'Unreleased' : version.replace(/^v(?=\d)/, ''),
        date: unreleased ? null : (heading[2] ?? null),
        prerelease: unreleased || isPrerelease(version),
        changes: [],
      };
      entries.push(current);
      continue;
    }
    if (/^#{1,2}\s/.test(line)) {
      // A level-1 title or a level-2 heading that is no release ends the current entry.
      current = null;
      continue;
    }
    if (!current || line === '' || /^#{3,}\s/.test(line)) continue;
    if (/^\[[^\]]+\]:\s*\S/.test(line)) continue; // link reference definitions at the end of the file
    const bullet = BULLET.exec(line);
    if (bullet) {
      current.changes.push((bullet[2] as string).trim());
    } else if (/^\s+\S/.test(line) && current.changes.length > 0) {
      const last = current.changes.length - 1;
      current.changes[last] = `${current.changes[last]} ${line.trim()}`;
    }
  }
  return entries.sort(compareEntries);
}

export function isPrerelease(version: string): boolean {
  const match = SEMVER.exec(version);
  return match ? match[4] !== undefined : false;
}

/** Unreleased first, then descending semantic version (pre-releases below their release), unknown forms last. */
function compareEntries(a: ChangelogEntry, b: ChangelogEntry): number {
  const rank = (entry: ChangelogEntry) => (entry.version === 'Unreleased' ? 0 : SEMVER.test(entry.version) ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (rank(a) !== 1) return 0;
  return compareSemver(b.version, a.version);
}

/** Semantic-version precedence (semver.org §11): negative when `a` is lower. */
export function compareSemver(a: string, b: string): number {
  const left = SEMVER.exec(a);
  const right = SEMVER.exec(b);
  if (!left || !right) return 0;
  for (let i = 1; i <= 3; i++) {
    const diff = Number(left[i]) - Number(right[i]);
    if (diff !== 0) return Math.sign(diff);
  }
  const leftPre = left[4];
  const rightPre = right[4];
  if (leftPre === undefined || rightPre === undefined) {
    return leftPre === rightPre ? 0 : leftPre === undefined ? 1 : -1;
  }
  const leftParts = leftPre.split('.');
  const rightParts = rightPre.split('.');
  for (let i = 0; i < Math.max(leftParts.length, rightParts.length); i++) {
    const l = leftParts[i];
    const r = rightParts[i];
    if (l === undefined) return -1;
    if (r === undefined) return 1;
    const lNum = /^\d+$/.test(l);
    const rNum = /^\d+$/.test(r);
    if (lNum && rNum && Number(l) !== Number(r)) return Math.sign(Number(l) - Number(r));
    if (lNum !== rNum) return lNum ? -1 : 1;
    if (!lNum && l !== r) return l < r ? -1 : 1;
  }
  return 0;
}

/** The newest entry that is not a prerelease, if any. */
export function latestRelease(entries: readonly ChangelogEntry[]): ChangelogEntry | undefined {
  return entries.find((entry) => !entry.prerelease);
}

/**
 * Reads and parses the changelog file, re-reading only when it changed; a missing file is an empty changelog.
 */
export function createChangelogReader(file: string) {
  let cache: { mtimeMs: number; size: number; entries: ChangelogEntry[] } | undefined;
  return async function readChangelog(): Promise<ChangelogEntry[]> {
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      cache = undefined;
      return [];
    }
    if (cache && cache.mtimeMs === stat.mtimeMs && cache.size === stat.size) return cache.entries;
    const entries = parseChangelog(await fs.readFile(file, 'utf8'));
    cache = { mtimeMs: stat.mtimeMs, size: stat.size, entries };
    return entries;
  };
}
