import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';
import type { Db } from '../../db/client.js';
import { routeActivities, vehicleActivities, vehicleActivityVehicles, vehicles } from '../../db/schema.js';
import { ownedBy } from '../../lib/ownership.js';

// Written out with aliases: in a single-table select Drizzle leaves column names unqualified, so a correlated
// subquery built from column objects could bind "id" to its own table instead of vehicle_activities.

/** The activity's vehicle ids, ascending; `{}` when it has none. */
const vehicleIdsColumn = sql<number[]>`coalesce(
  (select array_agg(vav.vehicle_id order by vav.vehicle_id)
     from vehicle_activity_vehicles vav
    where vav.vehicle_activity_id = "vehicle_activities"."id"),
  '{}'::integer[]
)`;

/**
 * Vehicle activities of one owner. Every statement carries `owner_id = caller` in SQL; the handler has told 403
 * from 404 before (assertOwned / resolveOwnedIris), but these queries would not touch another user's rows anyway.
 */
export function createVehicleActivitiesRepository(db: Db) {
  /** Activities with their vehicle ids in one query, newest (highest id) first. */
  async function select(ownerId: number, id?: number): Promise<VehicleActivity[]> {
    const rows = await db
      .select({
        id: vehicleActivities.id,
        ownerId: vehicleActivities.ownerId,
        routeActivityId: vehicleActivities.routeActivityId,
        vehicleIds: vehicleIdsColumn,
      })
      .from(vehicleActivities)
      .where(id === undefined ? eq(vehicleActivities.ownerId, ownerId) : ownedBy(vehicleActivities, id, ownerId))
      .orderBy(desc(vehicleActivities.id));
    return rows.map((row) => ({
      id: row.id,
      acquiredVehicles: row.vehicleIds.map((vehicleId) => toIri('vehicles', vehicleId)),
      owner: toIri('users', row.ownerId),
      routeActivity: toIri('route_activities', row.routeActivityId),
    }));
  }

  /**
   * Makes `vehicleIds` the activity's vehicles. The insert takes activity and vehicles from an owner-scoped join,
   * so a foreign id can never become a link.
   */
  async function setVehicles(tx: Db, activityId: number, ownerId: number, vehicleIds: readonly number[]) {
    await tx.delete(vehicleActivityVehicles).where(
      and(
        eq(vehicleActivityVehicles.vehicleActivityId, activityId),
        inArray(
          vehicleActivityVehicles.vehicleActivityId,
          tx
            .select({ id: vehicleActivities.id })
            .from(vehicleActivities)
            .where(ownedBy(vehicleActivities, activityId, ownerId)),
        ),
      ),
    );
    if (vehicleIds.length === 0) return;
    await tx.insert(vehicleActivityVehicles).select(
      tx
        .select({ vehicleActivityId: vehicleActivities.id, vehicleId: vehicles.id })
        .from(vehicles)
        .innerJoin(vehicleActivities, ownedBy(vehicleActivities, activityId, ownerId))
        .where(and(inArray(vehicles.id, [...vehicleIds]), eq(vehicles.ownerId, ownerId))),
    );
  }

  /** Whether the route activity is the owner's; if so it cannot be deleted until the transaction ends. */
  async function lockOwnedRouteActivity(tx: Db, routeActivityId: number, ownerId: number): Promise<boolean> {
    const rows = await tx
      .select({ id: routeActivities.id })
      .from(routeActivities)
      .where(ownedBy(routeActivities, routeActivityId, ownerId))
      .for('key share');
    return rows.length > 0;
  }

  async function findById(id: number, ownerId: number): Promise<VehicleActivity | undefined> {
    const [activity] = await select(ownerId, id);
    return activity;
  }

  return {
    findById,

    list(ownerId: number): Promise<VehicleActivity[]> {
      return select(ownerId);
    },

    /** Undefined when the route activity is not the owner's (gone in the meantime). */
    async create(
      ownerId: number,
      routeActivityId: number,
      vehicleIds: readonly number[],
    ): Promise<VehicleActivity | undefined> {
      const id = await db.transaction(async (tx) => {
        if (!(await lockOwnedRouteActivity(tx as unknown as Db, routeActivityId, ownerId))) return undefined;
        const [row] = await tx
          .insert(vehicleActivities)
          .values({ ownerId, routeActivityId })
          .returning({ id: vehicleActivities.id });
        if (!row) throw new Error('insert into vehicle_activities returned no row');
        await setVehicles(tx as unknown as Db, row.id, ownerId, vehicleIds);
        return row.id;
      });
      return id === undefined ? undefined : findById(id, ownerId);
    },

    /** Applies a partial update; undefined arguments leave that part alone. Undefined when either is not found. */
    async update(
      id: number,
      ownerId: number,
      routeActivityId: number | undefined,
      vehicleIds: readonly number[] | undefined,
    ): Promise<VehicleActivity | undefined> {
      const found = await db.transaction(async (tx) => {
        if (routeActivityId !== undefined) {
          if (!(await lockOwnedRouteActivity(tx as unknown as Db, routeActivityId, ownerId))) return false;
          const updated = await tx
            .update(vehicleActivities)
            .set({ routeActivityId })
            .where(ownedBy(vehicleActivities, id, ownerId))
            .returning({ id: vehicleActivities.id });
          if (updated.length === 0) return false;
        }
        if (vehicleIds !== undefined) await setVehicles(tx as unknown as Db, id, ownerId, vehicleIds);
        return true;
      });
      return found ? findById(id, ownerId) : undefined;
    },

    async remove(id: number, ownerId: number): Promise<boolean> {
      const deleted = await db
        .delete(vehicleActivities)
        .where(ownedBy(vehicleActivities, id, ownerId))
        .returning({ id: vehicleActivities.id });
      return deleted.length > 0;
    },
  };
}

export type VehicleActivitiesRepository = ReturnType<typeof createVehicleActivitiesRepository>;
