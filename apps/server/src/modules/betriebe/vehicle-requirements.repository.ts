import { and, asc, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@streckenpass/contract/limits';
import type { VehicleRequirement, VehicleRequirementMatch } from '@streckenpass/contract/requirements';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebDepots, betriebVehicleRequirements } from '../../db/schema.js';
import { HttpError, unprocessable } from '../../lib/errors.js';
import { depotOf, isMember } from './betriebe.repository.js';
import type { VehicleMatchingRepository } from './vehicle-matching.repository.js';
import { asAdmin, checkDepot, removeAsAdmin } from './requirements.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    vehicleRequirementsRepository: VehicleRequirementsRepository;
  }
}

/*
 * A Betrieb's required vehicle types (issue 28 item 2), scoped like its required route knowledge
 * (requirements.repository.ts): admins keep the list, every member reads it, a driver sees their vehicle of each type.
 */

export function createVehicleRequirementsRepository(
  db: Executor,
  matching: Pick<VehicleMatchingRepository, 'vehicleMatches'>,
) {
  /** The Betrieb's required vehicle types (one, when `requirementId` is given) for any of its members. */
  async function select(ex: Executor, betriebId: number, userId: number, requirementId?: number) {
    const v = betriebVehicleRequirements;
    const rows = await ex
      .select({
        id: v.id,
        vehicleType: v.vehicleType,
        depotId: betriebDepots.id,
        depotName: betriebDepots.name,
        createdAt: v.createdAt,
      })
      .from(v)
      .leftJoin(betriebDepots, eq(betriebDepots.id, v.depotId))
      .where(
        and(
          eq(v.betriebId, betriebId),
          requirementId === undefined ? undefined : eq(v.id, requirementId),
          isMember(betriebId, userId),
        ),
      )
      .orderBy(sql`${v.depotId} asc nulls first`, sql`lower(${v.vehicleType})`, asc(v.id));
    return rows.map((row): VehicleRequirement => ({
      id: row.id,
      vehicleType: row.vehicleType,
      depot: depotOf(row.depotId, row.depotName),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return {
    /** The Betrieb's required vehicle types (every member), the whole Betrieb's first, then by depot and name. */
    list(betriebId: number, userId: number): Promise<VehicleRequirement[]> {
      return select(db, betriebId, userId);
    },

    /** Adds a required vehicle type (admins): 409 when the Betrieb has it already (case and blanks ignored). */
    create(
      betriebId: number,
      userId: number,
      values: { vehicleType: string; depotId: number | null },
    ): Promise<VehicleRequirement> {
      return db.transaction(async (tx) => {
        await asAdmin(tx, betriebId, userId);
        await checkDepot(tx, betriebId, values.depotId);
        const [row] = await tx
          .select({ n: sql<number>`count(*)::integer` })
          .from(betriebVehicleRequirements)
          .where(eq(betriebVehicleRequirements.betriebId, betriebId));
        if (Number(row?.n ?? 0) >= LIMITS.vehicleRequirementsPerBetrieb) {
          throw unprocessable([
            {
              propertyPath: 'vehicleType',
              message: `Ein Betrieb hat höchstens ${LIMITS.vehicleRequirementsPerBetrieb} geforderte Fahrzeugtypen.`,
            },
          ]);
        }
        const [created] = await tx
          .insert(betriebVehicleRequirements)
          .values({ betriebId, ...values })
          .onConflictDoNothing()
          .returning({ id: betriebVehicleRequirements.id });
        if (!created) throw new HttpError(409, 'Conflict', 'Diesen Fahrzeugtyp verlangt der Betrieb schon.');
        return (await select(tx, betriebId, userId, created.id))[0]!;
      });
    },

    /** Deletes a required vehicle type (admins). */
    remove(betriebId: number, userId: number, requirementId: number): Promise<void> {
      return removeAsAdmin(db, betriebVehicleRequirements, betriebId, userId, requirementId);
    },

    /** The required vehicle types with the calling driver's vehicle of each type (drivers). */
    async matchesFor(betriebId: number, userId: number): Promise<VehicleRequirementMatch[]> {
      const required = await select(db, betriebId, userId);
      const matches = new Map(
        (await matching.vehicleMatches(betriebId, [userId])).map((row) => [row.requirementId, row.vehicle]),
      );
      return required.map((requirement) => ({ ...requirement, vehicle: matches.get(requirement.id) ?? null }));
    },
  };
}

export type VehicleRequirementsRepository = ReturnType<typeof createVehicleRequirementsRepository>;

export default repositoryPlugin(
  'vehicleRequirementsRepository',
  (app) => createVehicleRequirementsRepository(app.db, app.vehicleMatchingRepository),
  ['betriebeRepository', 'vehicleMatchingRepository'],
);
