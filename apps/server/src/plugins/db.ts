import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export default fp(
  async (app, options: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnShutdown) {
      app.addHook('onClose', async () => {
        await options.database.close();
      });
    }
  },
  { name: 'db' },
);
