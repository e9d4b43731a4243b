import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changelogEntrySchema, releaseVersionSchema, versionSchema } from '@streckenpass/contract/version';
import { readPackageVersion } from '../../lib/version.js';
import { createChangelogReader, latestRelease } from './changelog.js';

/** Public version information: the changelog (CHANGELOG.md of the project) and the running version. */
const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  const readChangelog = createChangelogReader(app.config.changelogPath);
  const tags = ['Version'];

  app.get(
    '/version/changelog',
    {
      schema: {
        tags,
        summary: 'Änderungsprotokoll, neueste Version zuerst',
        description:
          'Aus CHANGELOG.md (Keep a Changelog). `Unreleased` und Versionen wie 1.0.0-beta.1 sind Vorabversionen.',
        security: [],
        response: { 200: z.array(changelogEntrySchema) },
      },
    },
    async () => readChangelog(),
  );

  app.get(
    '/version/semver/local',
    {
      schema: {
        tags,
        summary: 'Version des laufenden Servers',
        security: [],
        response: { 200: versionSchema },
      },
    },
    async () => ({ version: readPackageVersion() }),
  );

  app.get(
    '/version/semver/release',
    {
      schema: {
        tags,
        summary: 'Neueste veröffentlichte Version laut Änderungsprotokoll ({ version: null }, solange es keine gibt)',
        description:
          'Der neueste Eintrag, der keine Vorabversion ist. Solange das Änderungsprotokoll keine Veröffentlichung ' +
          'enthält (nur „Unreleased“ oder Vorabversionen), 200 mit `{ "version": null }` – kein Fehler: ' +
          'Clients vergleichen damit ihre Version und haben dann schlicht nichts zu vergleichen.',
        security: [],
        response: { 200: releaseVersionSchema },
      },
    },
    async () => {
      const release = latestRelease(await readChangelog());
      return { version: release?.version ?? null };
    },
  );
};

export default versionRoutes;
