import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import type { Tour } from '@streckenpass/contract/tours';
import type { Db } from '../../db/client.js';
import { routes, tourRoutes, tours } from '../../db/schema.js';
import { ownedBy } from '../../lib/ownership.js';
import { germanOrder } from '../../lib/sort.js';

export type TourRow = typeof tours.$inferSelect;

export function toTour(row: TourRow, routeIds: readonly number[]): Tour {
  return {
    id: row.id,
    name: row.name,
    owner: toIri('users', row.ownerId),
    routes: routeIds.map((id) => toIri('routes', id)),
  };
}

/** The ids of the tour's routes as one array column, ascending. */
const routeIdsColumn = sql<number[]>`coalesce(
  array_agg(${tourRoutes.routeId} order by ${tourRoutes.routeId}) filter (where ${tourRoutes.routeId} is not null),
  '{}'::integer[]
)`;

/**
 * Tours of one owner; every statement is scoped by `owner_id = caller` in SQL (see routes.repository.ts).
 */
export function createToursRepository(db: Db) {
  async function select(ownerId: number, id?: number): Promise<Tour[]> {
    const rows = await db
      .select({ tour: tours, routeIds: routeIdsColumn })
      .from(tours)
      .leftJoin(tourRoutes, eq(tourRoutes.tourId, tours.id))
      .where(id === undefined ? eq(tours.ownerId, ownerId) : ownedBy(tours, id, ownerId))
      .groupBy(tours.id)
      .orderBy(germanOrder(tours.name), asc(tours.id));
    return rows.map((row) => toTour(row.tour, row.routeIds));
  }

  async function findById(id: number, ownerId: number): Promise<Tour | undefined> {
    const [tour] = await select(ownerId, id);
    return tour;
  }

  /** Makes `routeIds` the tour's routes; links are only ever made between the owner's own records. */
  async function setRoutes(tx: Db, tourId: number, ownerId: number, routeIds: readonly number[]) {
    await tx.delete(tourRoutes).where(
      and(
        eq(tourRoutes.tourId, tourId),
        inArray(
          tourRoutes.tourId,
          tx
            .select({ id: tours.id })
            .from(tours)
            .where(ownedBy(tours, tourId, ownerId)),
        ),
      ),
    );
    if (routeIds.length === 0) return;
    await tx.insert(tourRoutes).select(
      tx
        .select({ tourId: tours.id, routeId: routes.id })
        .from(routes)
        .innerJoin(tours, ownedBy(tours, tourId, ownerId))
        .where(and(inArray(routes.id, [...routeIds]), eq(routes.ownerId, ownerId))),
    );
  }

  return {
    findById,

    list(ownerId: number): Promise<Tour[]> {
      return select(ownerId);
    },

    async create(ownerId: number, name: string, routeIds: readonly number[]): Promise<Tour> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(tours).values({ name, ownerId }).returning({ id: tours.id });
        if (!row) throw new Error('insert into tours returned no row');
        await setRoutes(tx, row.id, ownerId, routeIds);
        return row.id;
      });
      const tour = await findById(id, ownerId);
      if (!tour) throw new Error(`tour ${id} vanished after insert`);
      return tour;
    },

    /** Partial update; `routeIds` undefined leaves the routes alone. Undefined when not found. */
    async update(
      id: number,
      ownerId: number,
      values: { name?: string | undefined },
      routeIds: readonly number[] | undefined,
    ): Promise<Tour | undefined> {
      const found = await db.transaction(async (tx) => {
        if (values.name !== undefined) {
          const updated = await tx
            .update(tours)
            .set({ name: values.name })
            .where(ownedBy(tours, id, ownerId))
            .returning({ id: tours.id });
          if (updated.length === 0) return false;
        }
        if (routeIds !== undefined) await setRoutes(tx, id, ownerId, routeIds);
        return true;
      });
      return found ? findById(id, ownerId) : undefined;
    },

    /** Deletes the tour and its route links (ON DELETE CASCADE); the routes stay. */
    async remove(id: number, ownerId: number): Promise<boolean> {
      const deleted = await db
        .delete(tours)
        .where(ownedBy(tours, id, ownerId))
        .returning({ id: tours.id });
      return deleted.length > 0;
    },
  };
}

export type ToursRepository = ReturnType<typeof createToursRepository>;
