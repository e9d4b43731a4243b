import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fp from 'fastify-plugin';
import { dumpSocketPath, SOCKET_PATH_MAX, writeGzipped } from '../db/pglite-backup.js';

/**
 * The embedded database's dump channel (db/pglite-backup.ts): `GET /db-dump` on a Unix socket in
 * `DATA_DIR/control/` (mode 0700), answered with a gzipped copy of the data directory. Only a server on PGlite files
 * opens it; one on PostgreSQL or in memory has nothing to dump this way. It is not an HTTP port: whoever may connect
 * may read the data directory anyway.
 */
export default fp(
  async (app) => {
    const { database } = app;
    if (!database.dumpDataDir || !database.dataDir) return;
    const dump = database.dumpDataDir.bind(database);
    const socketPath = dumpSocketPath(database.dataDir);
    if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
      app.log.warn(
        { socketPath },
        'data directory path too long for the dump socket: npm run db:dump needs the server stopped',
      );
      return;
    }

    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/db-dump') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Unbekannt.\n');
        return;
      }
      const started = performance.now();
      dump()
        .then(async (tar) => {
          const locked = performance.now() - started;
          response.writeHead(200, { 'content-type': 'application/gzip' });
          await writeGzipped(tar, response);
          app.log.info(
            { tarBytes: tar.size, lockedMs: Math.round(locked), ms: Math.round(performance.now() - started) },
            'database dump sent',
          );
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'database dump failed');
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end('Die Sicherung ist fehlgeschlagen; Einzelheiten im Log des Servers.\n');
        });
    });

    app.addHook('onReady', async () => {
      fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
      fs.chmodSync(path.dirname(socketPath), 0o700);
      // A socket left by a killed predecessor: this process holds the data directory's lock, so it is not in use.
      fs.rmSync(socketPath, { force: true });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socketPath, () => {
          server.off('error', reject);
          resolve();
        });
      });
    });
    // Before the database closes: a dump in progress is finished, new ones are refused.
    app.addHook('preClose', async () => {
      if (!server.listening) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    });
  },
  { name: 'db-dump-socket', dependencies: ['db'] },
);
