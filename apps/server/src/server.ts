import type { App } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The database opens while the app's modules load and the app is built: PGlite compiles its WebAssembly, reads its
  // files and checks the migrations in its own thread meanwhile (the statements the app sends while it builds wait
  // there), which takes most of a start off the critical path (docs/decisions/0054).
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSync: config.pgliteSync,
    pgliteThread: config.pgliteThread,
    inBackground: true,
  });
  opening.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
  const { buildApp } = await import('./app.js');
  let database: Database;
  try {
    database = await opening;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // A second server on the same PGlite files would lose acknowledged writes: refuse to start.
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let app: App;
  const building = buildApp(config, { database });
  building.catch(() => {}); // awaited below, after the database's own failure (the clearer message) if there is one
  try {
    await database.ready;
    app = await building;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = config.shutdownDrainSeconds * 1_000;
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down: draining running requests');
    // app.close() stops accepting connections at once, answers 503 on kept-alive ones, closes idle ones, and waits for
    // the running requests (downloads: PDF, CSV, backup) before the jobs, the mailer and the database close. A download
    // that is still running after the drain bound is cut off, so that the rest still closes cleanly.
    const drain = setTimeout(() => {
      app.log.warn(
        { drainSeconds: config.shutdownDrainSeconds },
        'drain bound reached: closing the remaining connections',
      );
      app.server.closeAllConnections();
    }, drainMs);
    drain.unref();
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    try {
      await app.close();
      clearTimeout(drain);
      // The app was handed an open database, so it leaves closing it to us: last, after every request and job.
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
    const origin = database.origin === 'existing' || !database.origin ? '' : `, neu angelegt: ${database.origin}`;
    app.log.info(`Streckenpass läuft auf http://${config.host}:${config.port} (${database.kind}${origin})`);
  } catch (err) {
    app.log.error({ err }, 'could not start');
    process.exit(1);
  }
}

void main();
