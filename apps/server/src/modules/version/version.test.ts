import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangelogEntry } from '@streckenpass/contract/version';
import { readPackageVersion } from '../../lib/version.js';
import { buildTestApp, type TestContext } from '../../test/helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-changelog-'));
const changelogPath = path.join(dir, 'CHANGELOG.md');
fs.writeFileSync(
  changelogPath,
  `# Changelog

## [Unreleased]
- Noch nicht veröffentlicht

## [2.0.0-beta.1] - 2026-12-01
### Hinzugefügt
- Vorab

## [1.1.0] - 2026-11-22
### Hinzugefügt
- Export
### Behoben
- Anmeldung

## [1.0.0] - 2026-10-01
- Erste Version
`,
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ changelogPath });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/version/changelog', () => {
  it('lists the entries newest first, without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/version/changelog' });
    expect(response.statusCode).toBe(200);
    const entries = response.json() as ChangelogEntry[];
    expect(entries).toEqual([
      { version: 'Unreleased', date: null, prerelease: true, changes: ['Noch nicht veröffentlicht'] },
      { version: '2.0.0-beta.1', date: '2026-12-01', prerelease: true, changes: ['Vorab'] },
      { version: '1.1.0', date: '2026-11-22', prerelease: false, changes: ['Export', 'Anmeldung'] },
      { version: '1.0.0', date: '2026-10-01', prerelease: false, changes: ['Erste Version'] },
    ]);
  });

  it('reads the project’s own CHANGELOG.md by default', async () => {
    const own = await buildTestApp({}, ctx.db);
    try {
      const response = await own.app.inject({ method: 'GET', url: '/api/version/changelog' });
      expect(response.statusCode).toBe(200);
      const entries = response.json() as ChangelogEntry[];
      expect(entries.some((entry) => !entry.prerelease && entry.changes.length > 0)).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/version/semver/local', () => {
  it('answers the version of the running server from package.json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/version/semver/local' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: readPackageVersion() });
    expect(readPackageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('GET /api/version/semver/release', () => {
  it('answers the newest entry that is not a prerelease', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/version/semver/release' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: '1.1.0' });
  });

  it('answers 200 with version null while no release exists', async () => {
    const empty = await buildTestApp({ changelogPath: path.join(dir, 'missing.md') }, ctx.db);
    try {
      const response = await empty.app.inject({ method: 'GET', url: '/api/version/semver/release' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ version: null });
      const changelog = await empty.app.inject({ method: 'GET', url: '/api/version/changelog' });
      expect(changelog.json()).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the version calls as public', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json() as { paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> };
    for (const url of ['/api/version/changelog', '/api/version/semver/local', '/api/version/semver/release']) {
      expect(doc.paths[url]?.get?.security, url).toEqual([]);
    }
  });
});
