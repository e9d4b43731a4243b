import { defineRecordKind } from '@streckenpass/contract/record-kinds';
import type { createVehicleSchema, updateVehicleSchema, vehicleSchema } from '@streckenpass/contract/vehicles';

/**
 * A throwaway kind of owned record, depots, declared as a new kind is (issue 39): the web's tests derive its keys,
 * paths, calls and pages from this declaration alone (app/record-kind.test.ts, app/record-kind-pages.test.tsx).
 */
export const depotKind = defineRecordKind({
  name: 'depots',
  noun: { one: 'Depot', many: 'Depots', gender: 'n' },
  quota: { limit: 3, label: 'Depots' },
  history: { one: 'Depot', many: 'Depots' },
  backup: { section: 'depots', label: 'Depots', recordNoun: 'Depot' },
  page: '/depot',
});

/** The contract module of the kind, as the web reads it (types only): a name and a rule, as a vehicle has. */
export interface DepotContract {
  depotSchema: typeof vehicleSchema;
  createDepotSchema: typeof createVehicleSchema;
  updateDepotSchema: typeof updateVehicleSchema;
}
