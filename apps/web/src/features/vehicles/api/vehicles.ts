import type { createVehicleSchema, updateVehicleSchema, vehicleSchema } from '@streckenpass/contract/vehicles';
import { queryKeys } from '../../../lib/query-keys';
import { createRecordApi } from '../../../lib/record-api';

/** /api/vehicles (server: modules/vehicles/vehicles.routes.ts). */
export const vehicleApi = createRecordApi<typeof vehicleSchema, typeof createVehicleSchema, typeof updateVehicleSchema>(
  { path: '/api/vehicles', keys: queryKeys.vehicles },
);

export const {
  getList: getVehicles,
  getRecord: getVehicle,
  create: createVehicle,
  update: updateVehicle,
  remove: deleteVehicle,
  listQueryOptions: vehiclesQueryOptions,
  recordQueryOptions: vehicleQueryOptions,
  useList: useVehicles,
  useRecord: useVehicle,
  useCreate: useCreateVehicle,
  useUpdate: useUpdateVehicle,
  useDelete: useDeleteVehicle,
} = vehicleApi;
