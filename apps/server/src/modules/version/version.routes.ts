import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '@streckenpass/contract/common';
import { changelogEntrySchema, versionSchema } from '@streckenpass/contract/version';
import { notFound } from '../../lib/errors.js';
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
        summary: 'Neueste veröffentlichte Version laut Änderungsprotokoll',
        description: 'Der neueste Eintrag, der keine Vorabversion ist; 404, solange es keinen gibt.',
        security: [],
        response: { 200: versionSchema, 404: problemSchema },
      },
    },
    async () => {
      const release = latestRelease(await readChangelog());
      if (!release) throw notFound('Es gibt noch keine veröffentlichte Version.');
      return { version: release.version };
    },
  );
};

export default versionRoutes;
