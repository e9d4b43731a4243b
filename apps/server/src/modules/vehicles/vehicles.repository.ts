import { asc, eq } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import type { Db } from '../../db/client.js';
import { vehicles } from '../../db/schema.js';
import { ownedBy } from '../../lib/ownership.js';
import { germanOrder } from '../../lib/sort.js';

export type VehicleRow = typeof vehicles.$inferSelect;

export function toVehicle(row: VehicleRow): Vehicle {
  return { id: row.id, name: row.name, owner: toIri('users', row.ownerId) };
}

/** Vehicles of one owner; every statement is scoped by `owner_id = caller` in SQL. */
export function createVehiclesRepository(db: Db) {
  async function findById(id: number, ownerId: number): Promise<Vehicle | undefined> {
    const [row] = await db
      .select()
      .from(vehicles)
      .where(ownedBy(vehicles, id, ownerId));
    return row && toVehicle(row);
  }

  return {
    findById,

    async list(ownerId: number): Promise<Vehicle[]> {
      const rows = await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.ownerId, ownerId))
        .orderBy(germanOrder(vehicles.name), asc(vehicles.id));
      return rows.map(toVehicle);
    },

    async create(ownerId: number, name: string): Promise<Vehicle> {
      const [row] = await db.insert(vehicles).values({ name, ownerId }).returning();
      if (!row) throw new Error('insert into vehicles returned no row');
      return toVehicle(row);
    },

    /** Partial update; undefined when not found. */
    async update(id: number, ownerId: number, values: { name?: string | undefined }): Promise<Vehicle | undefined> {
      if (values.name === undefined) return findById(id, ownerId);
      const [row] = await db
        .update(vehicles)
        .set({ name: values.name })
        .where(ownedBy(vehicles, id, ownerId))
        .returning();
      return row && toVehicle(row);
    },

    /** Deletes the vehicle and its activity links (ON DELETE CASCADE). */
    async remove(id: number, ownerId: number): Promise<boolean> {
      const deleted = await db
        .delete(vehicles)
        .where(ownedBy(vehicles, id, ownerId))
        .returning({ id: vehicles.id });
      return deleted.length > 0;
    },
  };
}

export type VehiclesRepository = ReturnType<typeof createVehiclesRepository>;
