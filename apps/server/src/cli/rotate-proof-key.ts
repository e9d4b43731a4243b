/**
 * `npm run rotate-proof-key`: retires the signing key of issued documents and makes a new one (issue 27,
 * docs/decisions/0045). Documents signed with the old key keep verifying: its public half stays published with its
 * retirement time. Uses the server's configuration (DATABASE_URL or DATA_DIR). On the embedded database stop the
 * server first (one process per data directory); on PostgreSQL it runs beside the running instances, which sign
 * with the new key from their next document on.
 */
import { openDatabase } from '../db/client.js';
import { createProofsRepository } from '../modules/proofs/proofs.repository.js';
import { runCli } from './runner.js';

runCli(async (config) => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSync: config.pgliteSync,
  });
  try {
    const repo = createProofsRepository(database.db);
    const id = await repo.rotateKey();
    const keys = await repo.publicKeys();
    console.info(`Neuer Signaturschlüssel: ${id}`);
    for (const key of keys) {
      console.info(
        `  ${key.id}  erstellt ${key.createdAt.toISOString()}  ${key.retiredAt ? `außer Dienst ${key.retiredAt.toISOString()}` : 'aktiv'}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
});
