import type * as contract from '@streckenpass/contract/routes';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { ownedRecordApi } from '../../../lib/record-api';

/** /api/routes (server: modules/routes/index.ts). */
export const routeApi = ownedRecordApi<typeof contract, 'route'>(RECORD_KINDS.routes);

export const {
  getList: getRoutes,
  getRecord: getRoute,
  create: createRoute,
  update: updateRoute,
  remove: deleteRoute,
  listQueryOptions: routesQueryOptions,
  recordQueryOptions: routeQueryOptions,
  historyQueryOptions: routeHistoryQueryOptions,
  useList: useRoutes,
  useRecord: useRoute,
  useHistory: useRouteHistory,
  useCreate: useCreateRoute,
  useUpdate: useUpdateRoute,
  useDelete: useDeleteRoute,
} = routeApi;
