import { sql, type SQL } from 'drizzle-orm';
import type { MatrixVehicleTotal } from '@streckenpass/contract/matrix';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebVehicleRequirements } from '../../db/schema.js';
import { driversOf } from './matrix.repository.js';
import { rowsOf } from './requirement-matching.repository.js';
import { vehicleOfType } from './vehicle-matching.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    matrixVehiclesRepository: MatrixVehiclesRepository;
  }
}

/*
 * The required vehicle types in the matrix (issue 40 item 4): each driver's vehicle of each type, and per type how
 * many of the drivers it is asked of know it, by the rule of `vehicleOfType`. The drivers are the matrix's relation
 * (matrix.repository.ts `driversOf`), scoped in SQL to the caller's membership as an admin or Disponent.
 */

/** The Betrieb's required vehicle types (id, depot_id, vehicle_type): the whole Betrieb's and the depot's, when chosen. */
function vehicleTypesOf(betriebId: number, depotId: number | undefined): SQL {
  const v = betriebVehicleRequirements;
  return sql`select ${v.id} as id, ${v.depotId} as depot_id, ${v.vehicleType} as vehicle_type from ${v}
     where ${v.betriebId} = ${betriebId}
       ${depotId === undefined ? sql`` : sql`and (${v.depotId} is null or ${v.depotId} = ${depotId})`}`;
}

/** Of the drivers (`ids`, membership ids, in `drivers`), their vehicle of each required type they have one of. */
async function vehiclesOf(db: Executor, betriebId: number, depotId: number | undefined, drivers: SQL, ids: number[]) {
  const known = new Map<number, Map<number, { id: number; name: string }>>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0) return known;
  const result = await db.execute(sql`
    with vr as (${vehicleTypesOf(betriebId, depotId)}),
         mem as (${drivers})
    select mem.membership_id, vr.id as requirement_id, best.id as vehicle_id, best.name as vehicle_name
      from mem cross join vr
      join lateral (${vehicleOfType(sql`mem.user_id`, sql`vr.vehicle_type`)}) best on true`);
  type Row = { membership_id: number; requirement_id: number; vehicle_id: number; vehicle_name: string };
  for (const row of rowsOf<Row>(result)) {
    known
      .get(Number(row.membership_id))
      ?.set(Number(row.requirement_id), { id: Number(row.vehicle_id), name: row.vehicle_name });
  }
  return known;
}

/**
 * Per required vehicle type (the depot's and the whole Betrieb's, when a depot is chosen): how many drivers it is
 * asked of, and how many of them have a vehicle of that type (the rule of `vehicleOfType`).
 */
async function vehicleTotalsOf(
  db: Executor,
  betriebId: number,
  depotId: number | undefined,
  drivers: SQL,
): Promise<MatrixVehicleTotal[]> {
  const result = await db.execute(sql`
    with vr as (${vehicleTypesOf(betriebId, depotId)}),
         mem as (${drivers})
    select vr.id as requirement_id, count(mem.membership_id)::integer as drivers, count(best.id)::integer as known
      from vr
      left join mem on vr.depot_id is null or vr.depot_id = mem.depot_id
      left join lateral (${vehicleOfType(sql`mem.user_id`, sql`vr.vehicle_type`)}) best on true
     group by vr.id`);
  return rowsOf<{ requirement_id: number; drivers: number; known: number }>(result).map((row) => ({
    requirementId: Number(row.requirement_id),
    known: Number(row.known),
    drivers: Number(row.drivers),
  }));
}

export function createMatrixVehiclesRepository(db: Executor) {
  return {
    /** Of the given drivers (membership ids), read by an admin or Disponent: their vehicle of each required type. */
    cells: (betriebId: number, userId: number, depotId: number | undefined, ids: number[]) =>
      vehiclesOf(db, betriebId, depotId, driversOf(betriebId, userId, depotId, ids), ids),
    /** Per required vehicle type of the depot (and the whole Betrieb): drivers asked, and how many know it. */
    totals: (betriebId: number, userId: number, depotId: number | undefined) =>
      vehicleTotalsOf(db, betriebId, depotId, driversOf(betriebId, userId, depotId)),
  };
}

export type MatrixVehiclesRepository = ReturnType<typeof createMatrixVehiclesRepository>;

export default repositoryPlugin('matrixVehiclesRepository', (app) => createMatrixVehiclesRepository(app.db), [
  'betriebeRepository',
]);
