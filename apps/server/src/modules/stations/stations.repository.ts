import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes, settings } from '../../db/schema.js';
import { atStart } from '../../plugins/start-up-work.js';

declare module 'fastify' {
  interface FastifyInstance {
    stationsRepository: StationsRepository;
  }
}

/** The settings key marking that the routes of before migration 0003 were linked to stations. */
export const STATIONS_LINKED_KEY = 'stations_linked';

/**
 * Every text that links to a station by exact equality: its name and its code (names win should a name equal
 * another station's code). Built from the index the server holds.
 */
export function linkKeys(stations: readonly { code: string; name: string }[]): [string, string][] {
  const keys = new Map<string, string>();
  for (const { code } of stations) keys.set(code, code);
  for (const { code, name } of stations) keys.set(name, code);
  return [...keys];
}

export function createStationsRepository(db: Db, bump: (tx: Executor, userId: number) => Promise<void>) {
  return {
    /**
     * Links the routes that existed before station codes did (migration 0003): a start or end text that equals a
     * station's name or code exactly gets that station's code. Runs once per database — the first instance to
     * insert the settings marker does it, in the same transaction, so a crash leaves neither half — and only
     * touches points without a code; the owners' data versions are bumped so that their ETags change.
     * Returns how many points were linked (0 when an earlier start did it).
     */
    async linkExistingRoutes(keys: () => readonly [string, string][], version: string): Promise<number> {
      return db.transaction(async (tx) => {
        const marker = await tx
          .insert(settings)
          .values({ key: STATIONS_LINKED_KEY, value: version })
          .onConflictDoNothing()
          .returning({ key: settings.key });
        if (marker.length === 0) return 0;
        const pairs = sql`(select key, code from json_to_recordset(${JSON.stringify(
          keys().map(([key, code]) => ({ key, code })),
        )}::json) as t(key text, code text))`;
        const owners: number[] = [];
        let linked = 0;
        for (const [column, text] of [
          ['start_station', 'start_point'],
          ['end_station', 'end_point'],
        ] as const) {
          const result = await tx.execute(sql`
            update ${routes} r set ${sql.identifier(column)} = m.code
            from ${pairs} m
            where r.${sql.identifier(column)} is null and r.${sql.identifier(text)} = m.key
            returning r.owner_id`);
          // node-postgres and PGlite both answer { rows }.
          const rows = (result as unknown as { rows: { owner_id: number }[] }).rows;
          for (const row of rows) owners.push(Number(row.owner_id));
          linked += rows.length;
        }
        for (const owner of new Set(owners)) await bump(tx, owner);
        return linked;
      });
    },
  };
}

export type StationsRepository = ReturnType<typeof createStationsRepository>;

export default repositoryPlugin(
  'stationsRepository',
  async (app) => {
    const repository = createStationsRepository(app.db, app.dataVersions.bump);
    // The station data is read only when the links are made, once per database.
    const keys = () => linkKeys(app.stations.list.stations.map(([code, name]) => ({ code, name })));
    atStart(app, async () => {
      const linked = await repository.linkExistingRoutes(keys, app.stations.version);
      if (linked > 0) app.log.info({ linked }, 'Start- und Endpunkte bestehender Strecken mit Bahnhöfen verknüpft');
    });
    return repository;
  },
  ['dataVersions', 'stations'],
);
