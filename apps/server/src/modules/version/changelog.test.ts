import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSemver, createChangelogReader, isPrerelease, latestRelease, parseChangelog } from './changelog.js';

const SAMPLE = `# Changelog

All notable changes to this project will be documented in this file.

## [Unreleased]

### Added

- Wochenbericht per E-Mail

## [1.2.0] - 2026-11-22

### Added

- Export als PDF
  mit Seitenzahlen
- Export als CSV

### Fixed

* Umlaute im Export

## [1.2.0-rc.1] - 2026-11-15

### Changed

- Vorabversion zum Testen

## [1.10.0-beta.2] – 2026-12-01

- Neue Oberfläche

## [1.1.0] - 2026-10-01 [YANKED]

### Removed
- Alte Ansicht

## Notes

- not a release

\`\`\`
## [9.9.9] - 2030-01-01
- inside a code block
\`\`\`

[Unreleased]: https://example.org/compare/v1.2.0...HEAD
[1.2.0]: https://example.org/compare/v1.1.0...v1.2.0
`;

describe('parseChangelog', () => {
  const entries = parseChangelog(SAMPLE);

  it('reads every release heading, newest first, Unreleased on top', () => {
    expect(entries.map((e) => e.version)).toEqual(['Unreleased', '1.10.0-beta.2', '1.2.0', '1.2.0-rc.1', '1.1.0']);
  });

  it('takes the date, or null for Unreleased', () => {
    expect(entries.map((e) => e.date)).toEqual([null, '2026-12-01', '2026-11-22', '2026-11-15', '2026-10-01']);
  });

  it('marks Unreleased and versions with a pre-release suffix as prereleases', () => {
    expect(entries.map((e) => e.prerelease)).toEqual([true, true, false, true, false]);
  });

  it('collects the bullet lines of all subsections, joining continuation lines', () => {
    expect(entries.find((e) => e.version === '1.2.0')?.changes).toEqual([
      'Export als PDF mit Seitenzahlen',
      'Export als CSV',
      'Umlaute im Export',
    ]);
    expect(entries.find((e) => e.version === '1.1.0')?.changes).toEqual(['Alte Ansicht']);
  });

  it('ignores headings that are no release, code blocks and link references', () => {
    const all = entries.flatMap((e) => e.changes);
    expect(all).not.toContain('not a release');
    expect(all).not.toContain('inside a code block');
    expect(all.some((change) => change.includes('example.org'))).toBe(false);
  });

  it('handles CRLF line ends, headings without brackets and a v prefix', () => {
    const parsed = parseChangelog('## v2.0.0 - 2027-01-01\r\n- Eins\r\n## 1.0.0\r\n- Zwei\r\n');
    expect(parsed).toEqual([
      { version: '2.0.0', date: '2027-01-01', prerelease: false, changes: ['Eins'] },
      { version: '1.0.0', date: null, prerelease: false, changes: ['Zwei'] },
    ]);
  });

  it('gives an empty list for an empty file', () => {
    expect(parseChangelog('')).toEqual([]);
    expect(parseChangelog('# Changelog\n')).toEqual([]);
  });
});

describe('latestRelease', () => {
  it('is the newest entry that is not a prerelease', () => {
    expect(latestRelease(parseChangelog(SAMPLE))?.version).toBe('1.2.0');
    expect(latestRelease(parseChangelog('## [Unreleased]\n## [1.0.0-beta.1] - 2026-01-01\n'))).toBeUndefined();
  });
});

describe('semantic versions', () => {
  it('orders by precedence', () => {
    const sorted = [
      '1.0.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta.11',
      '1.0.0-beta.2',
      '1.0.0-rc.1',
      '0.9.9',
      '1.10.0',
    ].sort(compareSemver);
    expect(sorted).toEqual([
      '0.9.9',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.10.0',
    ]);
  });

  it('knows prereleases', () => {
    expect(isPrerelease('1.0.0-beta.1')).toBe(true);
    expect(isPrerelease('1.0.0')).toBe(false);
    expect(isPrerelease('1.0.0+build.5')).toBe(false);
  });
});

describe('createChangelogReader', () => {
  it('reads the file, notices changes and treats a missing file as empty', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'changelog-'));
    const file = path.join(dir, 'CHANGELOG.md');
    const read = createChangelogReader(file);
    expect(await read()).toEqual([]);
    fs.writeFileSync(file, '## [1.0.0] - 2026-01-01\n- Eins\n');
    expect((await read()).map((e) => e.version)).toEqual(['1.0.0']);
    fs.writeFileSync(file, '## [1.1.0] - 2026-02-01\n- Zwei und mehr\n## [1.0.0] - 2026-01-01\n- Eins\n');
    expect((await read()).map((e) => e.version)).toEqual(['1.1.0', '1.0.0']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
