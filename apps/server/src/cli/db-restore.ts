/**
 * `npm run db:restore -- FILE`: restores a dump of `npm run db:dump` into DATA_DIR, which must be empty or absent
 * (docs/deploy.md). The next server start on it applies newer migrations. On PostgreSQL use pg_restore instead.
 */
import { restorePgliteDataDir } from '../db/pglite-backup.js';
import { runPgliteCli } from './runner.js';

const instead =
  'pg_restore spielt eine Sicherung von pg_dump in eine leere Datenbank zurück, z. B.\n' +
  '  pg_restore --no-owner -d "$DATABASE_URL" streckenpass.dump';

runPgliteCli(instead, async (config, args) => {
  const input = args[0];
  if (!input) {
    console.error('Aufruf: npm run db:restore -- DATEI (eine Sicherung von npm run db:dump)');
    return 2;
  }
  const { accounts } = await restorePgliteDataDir({ dataDir: config.dataDir, input, sync: config.pgliteSync });
  console.info(`Zurückgespielt nach ${config.dataDir}: ${accounts} Konten. Jetzt den Server starten.`);
  return 0;
});
