import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A PGlite data directory that is already initialised and migrated, made by the build (`npm run build -w
 * apps/server` → `scripts/build-db-template.mjs`) so that the first start of the embedded database only unpacks
 * it instead of running initdb and every migration (about 3 s on a small machine). It is not committed: it is a
 * build output next to the compiled server.
 *
 * The manifest beside it holds a fingerprint of the PGlite version and of every migration file. A template whose
 * fingerprint does not match what is installed now is ignored (the database is then created the slow way), so a
 * stale build can never produce a database that differs from what the migrations describe. The migrator runs
 * after the unpacking in any case.
 */

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../src/db/migrations');
/** Same place from `src/db` (tsx, vitest) and from `dist/db` (the built server). */
export const TEMPLATE_FILE = path.resolve(import.meta.dirname, '../../dist/db/pglite-template.tar.gz');

interface Manifest {
  fingerprint: string;
  createdAt: string;
  bytes: number;
}

const manifestFile = (file: string) => file.replace(/\.tar\.gz$/, '') + '.json';

function pgliteVersion(): string {
  // The package exports no package.json: find it from its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** What the template depends on: the PGlite version and the content of every migration file. */
export function templateFingerprint(migrationsFolder = MIGRATIONS_FOLDER): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(migrationsFolder, full)}\n`).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex');
}

/** The template as PGlite's `loadDataDir` takes it, or undefined when there is none or it is stale. */
export function readTemplate(file = TEMPLATE_FILE, migrationsFolder = MIGRATIONS_FOLDER): Blob | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile(file), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.fingerprint !== templateFingerprint(migrationsFolder) || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/** Creates a database in memory, migrates it, and writes its data directory as a gzipped tarball. */
export async function buildTemplate(
  file = TEMPLATE_FILE,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<{ file: string; bytes: number }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const fingerprint = templateFingerprint(migrationsFolder);
  const client = await PGlite.create('memory://');
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // A clean shut-down state: the checkpoint writes everything into the data files, so nothing is replayed later.
    await client.query('checkpoint');
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    const manifest: Manifest = { fingerprint, createdAt: new Date().toISOString(), bytes: bytes.length };
    fs.writeFileSync(manifestFile(file), `${JSON.stringify(manifest, null, 2)}\n`);
    return { file, bytes: bytes.length };
  } finally {
    await client.close();
  }
}
