import type {
  createVehicleActivitySchema,
  updateVehicleActivitySchema,
  vehicleActivitySchema,
} from '@streckenpass/contract/vehicle-activities';
import { queryKeys } from '../../../lib/query-keys';
import { createRecordApi } from '../../../lib/record-api';

/** /api/vehicle_activities (server: modules/vehicle-activities/vehicle-activities.routes.ts). */
export const vehicleActivityApi = createRecordApi<
  typeof vehicleActivitySchema,
  typeof createVehicleActivitySchema,
  typeof updateVehicleActivitySchema
>({ path: '/api/vehicle_activities', keys: queryKeys.vehicleActivities });

export const {
  getList: getVehicleActivities,
  create: createVehicleActivity,
  listQueryOptions: vehicleActivitiesQueryOptions,
  useList: useVehicleActivities,
  // `mutate({ input, idempotencyKey })`, as recording a route activity.
  useCreateWithKey: useCreateVehicleActivity,
} = vehicleActivityApi;
