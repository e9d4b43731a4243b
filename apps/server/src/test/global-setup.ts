import type { TestProject } from 'vitest/node';
import { buildTemplate, readTemplate } from '../db/pglite-template.js';
import { openDatabase } from '../db/client.js';
import { databaseUrl, leftoverDatabases, newRunPrefix, templateName, withAdmin } from './postgres-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On PostgreSQL: the run's database prefix (test/postgres-template.ts); '' on PGlite. */
    pgRunPrefix: string;
  }
}

/**
 * Before the server's tests. On the embedded database: the PGlite template that `npm run build` makes, built here
 * when it is missing or older than the migrations (about 4 s); each test file's database then starts from it as the
 * server's first start does, instead of running initdb and every migration (4–5 s of CPU per database, some 80
 * files). On PostgreSQL: one migrated template database per run that each file's database is copied from; the
 * teardown drops it and fails the run when a test file left a database of its own behind.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    project.provide('pgRunPrefix', '');
    if (readTemplate() !== undefined) return undefined;
    const started = performance.now();
    const { file } = await buildTemplate();
    console.info(`PGlite template for the tests: ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return undefined;
  }

  const prefix = newRunPrefix();
  const template = templateName(prefix);
  await withAdmin(baseUrl, (client) => client.query(`create database ${template}`));
  const migrated = await openDatabase({ databaseUrl: databaseUrl(baseUrl, template) });
  await migrated.close();
  project.provide('pgRunPrefix', prefix);

  return async () => {
    const left = await leftoverDatabases(baseUrl, prefix);
    await withAdmin(baseUrl, async (client) => {
      for (const name of [...left, template]) await client.query(`drop database if exists ${name} with (force)`);
    });
    if (left.length > 0) {
      throw new Error(
        `Test files left ${left.length} database(s) behind on PostgreSQL (dropped now; the file is in the name): ` +
          left.join(', '),
      );
    }
  };
}
