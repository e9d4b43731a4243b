import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { settings } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsRepository;
  }
}

/** Instance-wide values kept in the database (generated secrets shared by every instance). */
export function createSettingsRepository(db: Executor) {
  return {
    /** The stored value of `key`; the first caller's `candidate` when none was stored yet (all instances agree). */
    async getOrCreate(key: string, candidate: () => string): Promise<string> {
      await db.insert(settings).values({ key, value: candidate() }).onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, key));
      if (!row) throw new Error(`setting ${key} could not be stored`);
      return row.value;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

export default repositoryPlugin('settings', (app) => createSettingsRepository(app.db));
