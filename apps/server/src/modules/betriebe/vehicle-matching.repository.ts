import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebVehicleRequirements, memberships, vehicles } from '../../db/schema.js';
import { rowsOf } from './requirement-matching.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    vehicleMatchingRepository: VehicleMatchingRepository;
  }
}

/** One required vehicle type for one member: the member's vehicle of that type, if any. */
export interface VehicleRequirementMatchRow {
  requirementId: number;
  vehicleType: string;
  userId: number;
  vehicle: { id: number; name: string } | null;
}

/** A vehicle's name or a type as the rule compares them: lower case, without blanks. */
const vehicleKey = (value: SQL) => sql`lower(regexp_replace(${value}, '[[:space:]]+', '', 'g'))`;

/**
 * The rule for required vehicle types, for the driver's view, "Wer kann fahren?" and the matrix alike: a member's
 * vehicle meets a required type when its name is the type, case and blanks ignored ("BR218" is "br 218"); of
 * several, the oldest. A statement (id, name) for a lateral join: the vehicle of `ownerId` that meets `vehicleType`.
 */
export function vehicleOfType(ownerId: SQL, vehicleType: SQL): SQL {
  return sql`select v.id, v.name from ${vehicles} v
     where v.owner_id = ${ownerId} and ${vehicleKey(sql`v.name`)} = ${vehicleKey(vehicleType)}
     order by v.id
     limit 1`;
}

/**
 * All required types of the Betrieb × the given members, each with the member's vehicle of that type
 * (`vehicleOfType`), in one statement (scoped by the join on memberships).
 */
async function vehicleRequirementMatches(
  ex: Executor,
  betriebId: number,
  userIds: readonly number[],
): Promise<VehicleRequirementMatchRow[]> {
  if (userIds.length === 0) return [];
  const r = betriebVehicleRequirements;
  const result = await ex.execute(sql`
    select ${r.id} as requirement_id, ${r.vehicleType} as vehicle_type, m.user_id, best.id as vehicle_id, best.name as vehicle_name
      from ${r}
      join ${memberships} m on m.betrieb_id = ${r.betriebId} and m.user_id in ${userIds}
      left join lateral (${vehicleOfType(sql`m.user_id`, sql`${r.vehicleType}`)}) best on true
     where ${r.betriebId} = ${betriebId}
     order by ${r.id}, m.user_id`);
  type Row = {
    requirement_id: number;
    vehicle_type: string;
    user_id: number;
    vehicle_id: number | null;
    vehicle_name: string | null;
  };
  return rowsOf<Row>(result).map((row) => ({
    requirementId: Number(row.requirement_id),
    vehicleType: row.vehicle_type,
    userId: Number(row.user_id),
    vehicle: row.vehicle_id === null ? null : { id: Number(row.vehicle_id), name: row.vehicle_name ?? '' },
  }));
}

/** The rule for required vehicle types' own reads, for "Wer kann fahren?" and the driver's view of the types. */
export function createVehicleMatchingRepository(db: Executor) {
  return {
    /** Every required vehicle type of the Betrieb × the given members: the member's vehicle of that type. */
    vehicleMatches: (betriebId: number, userIds: readonly number[], ex: Executor = db) =>
      vehicleRequirementMatches(ex, betriebId, userIds),
  };
}

export type VehicleMatchingRepository = ReturnType<typeof createVehicleMatchingRepository>;

export default repositoryPlugin('vehicleMatchingRepository', (app) => createVehicleMatchingRepository(app.db));
