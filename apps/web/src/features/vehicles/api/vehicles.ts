import type * as contract from '@streckenpass/contract/vehicles';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { ownedRecordApi } from '../../../lib/record-api';

/** /api/vehicles (server: modules/vehicles/index.ts). */
export const vehicleApi = ownedRecordApi<typeof contract, 'vehicle'>(RECORD_KINDS.vehicles);

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
