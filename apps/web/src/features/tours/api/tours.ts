import type { createTourSchema, tourSchema, updateTourSchema } from '@streckenpass/contract/tours';
import { queryKeys } from '../../../lib/query-keys';
import { createRecordApi } from '../../../lib/record-api';

/** /api/tours (server: modules/tours/tours.routes.ts). */
export const tourApi = createRecordApi<typeof tourSchema, typeof createTourSchema, typeof updateTourSchema>({
  path: '/api/tours',
  keys: queryKeys.tours,
});

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
