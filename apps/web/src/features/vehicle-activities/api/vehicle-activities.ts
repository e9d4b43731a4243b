import type * as contract from '@streckenpass/contract/vehicle-activities';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { ownedRecordApi } from '../../../lib/record-api';

/** /api/vehicle_activities (server: modules/vehicle-activities/index.ts). */
export const vehicleActivityApi = ownedRecordApi<typeof contract, 'vehicleActivity'>(RECORD_KINDS.vehicle_activities);

export const {
  getList: getVehicleActivities,
  create: createVehicleActivity,
  listQueryOptions: vehicleActivitiesQueryOptions,
  useList: useVehicleActivities,
  // `mutate({ input, idempotencyKey })`, as recording a route activity.
  useCreateWithKey: useCreateVehicleActivity,
} = vehicleActivityApi;
