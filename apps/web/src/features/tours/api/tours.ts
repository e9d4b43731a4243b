import type * as contract from '@streckenpass/contract/tours';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { ownedRecordApi } from '../../../lib/record-api';

/** /api/tours (server: modules/tours/index.ts). */
export const tourApi = ownedRecordApi<typeof contract, 'tour'>(RECORD_KINDS.tours);

export const {
  getList: getTours,
  getRecord: getTour,
  create: createTour,
  update: updateTour,
  remove: deleteTour,
  listQueryOptions: toursQueryOptions,
  recordQueryOptions: tourQueryOptions,
  useList: useTours,
  useRecord: useTour,
  useCreate: useCreateTour,
  useUpdate: useUpdateTour,
  useDelete: useDeleteTour,
} = tourApi;
