/**
 * `npm run db:dump [-- FILE]`: an online backup of the embedded database (DATA_DIR), consistent while the server runs
 * (db/pglite-backup.ts, docs/deploy.md). Without FILE it writes `streckenpass-db-<time>.tar.gz` here. On PostgreSQL
 * (DATABASE_URL) use pg_dump instead.
 */
import path from 'node:path';
import { dumpPgliteDataDir } from '../db/pglite-backup.js';
import { runPgliteCli } from './runner.js';

const instead = 'Sicherungen von PostgreSQL macht pg_dump, z. B.\n  pg_dump -Fc -f streckenpass.dump "$DATABASE_URL"';

runPgliteCli(instead, async (config, args) => {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const output = path.resolve(args[0] ?? `streckenpass-db-${stamp}.tar.gz`);
  const { source, bytes } = await dumpPgliteDataDir({ dataDir: config.dataDir, output, sync: config.pgliteSync });
  const from = source === 'server' ? 'vom laufenden Server' : 'direkt aus dem Datenverzeichnis (kein Server lief)';
  console.info(`Sicherung geschrieben: ${output} (${(bytes / 1e6).toFixed(1)} MB, ${from}).`);
  return 0;
});
