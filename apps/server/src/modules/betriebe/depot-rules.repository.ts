import { and, eq } from 'drizzle-orm';
import type { BetriebDepot } from '@streckenpass/contract/betriebe';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebDepots } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isMember } from './betriebe.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    depotRulesRepository: DepotRulesRepository;
  }
}

/*
 * A depot's own settings (issue 41 item 3, docs/decisions/0067): the first acquisition the Betrieb asks for the
 * requirements of the depot that ask none of their own. Scoped by the caller's membership in SQL like every Betriebe
 * statement (admins write); the routes refuse a caller without the role first. The depots themselves are kept by name
 * with the Betrieb (betriebe.repository.ts); the coverage follows by trigger (migration 0023).
 */

export const depotNotFound = () => notFound('Depot nicht gefunden.');

export function createDepotRulesRepository(db: Executor) {
  return {
    /** Sets or clears a depot's first acquisition (admins): 404 when the Betrieb has no such depot. */
    async setFirstAcquisition(
      betriebId: number,
      userId: number,
      depotId: number,
      rule: FirstAcquisition | null,
    ): Promise<BetriebDepot> {
      const [row] = await db
        .update(betriebDepots)
        .set({ firstAcquisition: rule })
        .where(
          and(
            eq(betriebDepots.id, depotId),
            eq(betriebDepots.betriebId, betriebId),
            isMember(betriebId, userId, ['admin']),
          ),
        )
        .returning({
          id: betriebDepots.id,
          name: betriebDepots.name,
          firstAcquisition: betriebDepots.firstAcquisition,
        });
      if (!row) throw depotNotFound();
      return row;
    },
  };
}

export type DepotRulesRepository = ReturnType<typeof createDepotRulesRepository>;

export default repositoryPlugin('depotRulesRepository', (app) => createDepotRulesRepository(app.db));
