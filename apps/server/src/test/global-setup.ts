import { buildTemplate, readTemplate } from '../db/pglite-template.js';

/**
 * Before the server's tests on the embedded database: the PGlite template that `npm run build` makes, built here when
 * it is missing or older than the migrations (about 4 s). Each test file's database then starts from it as the
 * server's first start does, instead of running initdb and every migration (4–5 s of CPU per database, some 70 files);
 * the template's own tests cover both ways (db/pglite-template.test.ts). On PostgreSQL there is nothing to prepare.
 */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  if (readTemplate() !== undefined) return;
  const started = performance.now();
  const { file } = await buildTemplate();
  console.info(`PGlite template for the tests: ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
