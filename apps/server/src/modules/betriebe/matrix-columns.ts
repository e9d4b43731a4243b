import {
  matrixCellOf,
  type MatrixDriver,
  type MatrixTotal,
  type MatrixVehicleTotal,
} from '@streckenpass/contract/matrix';
import type { Requirement, VehicleRequirement } from '@streckenpass/contract/requirements';
import type { MatrixRow } from './matrix.repository.js';

/*
 * A matrix's rows and totals in the order of its columns (the requirements, then the required vehicle types), from the
 * repository's rows: each cell answered, with `required` false where the column is another depot's.
 */

/** A row of the repository with the driver's vehicle of each required type (by its id) they have one of. */
export type MatrixRowWithVehicles = MatrixRow & { vehicles: Map<number, { id: number; name: string }> };

/** Whether a column (a requirement or a vehicle type) is asked of the row's driver: the whole Betrieb's or their depot's. */
const askedOf = (column: { depot: { id: number } | null }, row: Pick<MatrixRow, 'depot'>) =>
  column.depot === null || column.depot.id === row.depot?.id;

/** A row of the matrix: a cell per requirement, then one per required vehicle type. */
export const toDriver =
  (requirements: Requirement[], vehicleTypes: VehicleRequirement[], asOf: string) =>
  (row: MatrixRowWithVehicles): MatrixDriver => ({
    membershipId: row.membershipId,
    name: row.name,
    depot: row.depot,
    cells: requirements.map((requirement) => ({
      requirementId: requirement.id,
      ...matrixCellOf(row.matches.get(requirement.id), asOf),
      required: askedOf(requirement, row),
    })),
    vehicles: vehicleTypes.map((type) => ({
      requirementId: type.id,
      vehicle: row.vehicles.get(type.id) ?? null,
      required: askedOf(type, row),
    })),
    nextCheck: row.nextCheck,
  });

/** The requirements' totals in the columns' order (none counted: zeros). */
export const totalsIn = (requirements: Requirement[], totals: Map<number, MatrixTotal>) =>
  requirements.map(
    (requirement) =>
      totals.get(requirement.id) ?? {
        requirementId: requirement.id,
        valid: 0,
        expiring: 0,
        expired: 0,
        never: 0,
        training: 0,
        missing: 0,
        drivers: 0,
      },
  );

/** The vehicle types' totals in the columns' order (none counted: zeros). */
export const vehicleTotalsIn = (types: VehicleRequirement[], totals: MatrixVehicleTotal[]): MatrixVehicleTotal[] => {
  const byId = new Map(totals.map((total) => [total.requirementId, total]));
  return types.map((type) => byId.get(type.id) ?? { requirementId: type.id, known: 0, drivers: 0 });
};
