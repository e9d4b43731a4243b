import { and, eq, sql } from 'drizzle-orm';
import type { RequirementMatch } from '@streckenpass/contract/requirements';
import type { StationIndex } from '@streckenpass/contract/stations';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebRequirements, memberships, requirementLinks, routes } from '../../db/schema.js';
import { unprocessable } from '../../lib/errors.js';
import { betriebNotFound } from './betriebe.repository.js';
import type { RequirementMatchingRepository } from './requirement-matching.repository.js';
import { requirementNotFound, selectRequirements } from './requirements.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    requirementLinksRepository: RequirementLinksRepository;
  }
}

/*
 * A driver's side of the Betrieb's requirements (issue 28 item 2): which of their own routes meets each one (the one
 * matching rule, requirement-matching.repository.ts), and the links of their own routes to a requirement by hand, on
 * their own membership. Scoped like the requirements: a caller who is no driver of the Betrieb reads and links nothing.
 */

export function createRequirementLinksRepository(
  db: Executor,
  stations: StationIndex,
  matching: Pick<RequirementMatchingRepository, 'matches'>,
) {
  /** The caller's membership id when they are a driver of the Betrieb; 404 otherwise (the routes refuse before). */
  async function driverMembership(ex: Executor, betriebId: number, userId: number): Promise<number> {
    const [row] = await ex
      .select({ id: memberships.id, role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
    if (row?.role !== 'driver') throw betriebNotFound();
    return row.id;
  }

  /** 404 for a requirement that is not the Betrieb's. */
  async function requireRequirement(ex: Executor, betriebId: number, requirementId: number): Promise<void> {
    const [requirement] = await ex
      .select({ id: betriebRequirements.id })
      .from(betriebRequirements)
      .where(and(eq(betriebRequirements.id, requirementId), eq(betriebRequirements.betriebId, betriebId)));
    if (!requirement) throw requirementNotFound();
  }

  /** The Betrieb's requirements (one, when `requirementId` is given) with the driver's match and manual link. */
  async function matchesIn(
    ex: Executor,
    betriebId: number,
    userId: number,
    requirementId?: number,
  ): Promise<RequirementMatch[]> {
    const requirements = await selectRequirements(ex, stations, betriebId, userId, requirementId);
    if (requirements.length === 0) return [];
    const matches = new Map((await matching.matches(betriebId, [userId], ex)).map((row) => [row.requirementId, row]));
    return requirements.map((requirement) => ({
      ...requirement,
      match: matches.get(requirement.id)?.match ?? null,
      link: matches.get(requirement.id)?.link ?? null,
    }));
  }

  return {
    /** The Betrieb's requirements with the calling driver's matching route and manual link (drivers). */
    matchesFor(betriebId: number, userId: number): Promise<RequirementMatch[]> {
      return matchesIn(db, betriebId, userId);
    },

    /**
     * Links one of the calling driver's own routes to a requirement by hand (replacing an earlier link): 404 for a
     * requirement of another Betrieb or a route that is not theirs.
     */
    link(betriebId: number, userId: number, requirementId: number, routeId: number): Promise<RequirementMatch> {
      return db.transaction(async (tx) => {
        const membershipId = await driverMembership(tx, betriebId, userId);
        await requireRequirement(tx, betriebId, requirementId);
        const [route] = await tx
          .select({ id: routes.id })
          .from(routes)
          .where(and(eq(routes.id, routeId), eq(routes.ownerId, userId)));
        if (!route) throw unprocessable([{ propertyPath: 'route', message: 'Diese Strecke gibt es nicht.' }]);
        await tx
          .insert(requirementLinks)
          .values({ requirementId, membershipId, routeId })
          .onConflictDoUpdate({
            target: [requirementLinks.requirementId, requirementLinks.membershipId],
            set: { routeId, linkedAt: sql`now()` },
          });
        return (await matchesIn(tx, betriebId, userId, requirementId))[0]!;
      });
    },

    /** Removes the calling driver's manual link to a requirement (nothing to remove: 204 all the same). */
    async unlink(betriebId: number, userId: number, requirementId: number): Promise<void> {
      const membershipId = await driverMembership(db, betriebId, userId);
      await requireRequirement(db, betriebId, requirementId);
      await db
        .delete(requirementLinks)
        .where(and(eq(requirementLinks.requirementId, requirementId), eq(requirementLinks.membershipId, membershipId)));
    },
  };
}

export type RequirementLinksRepository = ReturnType<typeof createRequirementLinksRepository>;

export default repositoryPlugin(
  'requirementLinksRepository',
  (app) => createRequirementLinksRepository(app.db, app.stations.index, app.requirementMatchingRepository),
  ['stations', 'betriebeRepository', 'requirementMatchingRepository'],
);
