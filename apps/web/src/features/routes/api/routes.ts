import type { createRouteSchema, routeSchema, updateRouteSchema } from '@streckenpass/contract/routes';
import { queryKeys } from '../../../lib/query-keys';
import { createRecordApi } from '../../../lib/record-api';

/** /api/routes (server: modules/routes/routes.routes.ts). */
export const routeApi = createRecordApi<typeof routeSchema, typeof createRouteSchema, typeof updateRouteSchema>({
  path: '/api/routes',
  keys: queryKeys.routes,
});

export const {
  getList: getRoutes,
  getRecord: getRoute,
  create: createRoute,
  update: updateRoute,
  remove: deleteRoute,
  listQueryOptions: routesQueryOptions,
  recordQueryOptions: routeQueryOptions,
  useList: useRoutes,
  useRecord: useRoute,
  useCreate: useCreateRoute,
  useUpdate: useUpdateRoute,
  useDelete: useDeleteRoute,
} = routeApi;
