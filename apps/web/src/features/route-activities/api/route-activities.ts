import type * as contract from '@streckenpass/contract/route-activities';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { ownedRecordApi } from '../../../lib/record-api';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';

/** /api/route_activities (server: modules/route-activities/index.ts); the list is newest first. */
export const routeActivityApi = ownedRecordApi<typeof contract, 'routeActivity'>(RECORD_KINDS.route_activities);

export const {
  getList: getRouteActivities,
  getRecord: getRouteActivity,
  create: createRouteActivity,
  update: updateRouteActivity,
  remove: deleteRouteActivity,
  listQueryOptions: routeActivitiesQueryOptions,
  recordQueryOptions: routeActivityQueryOptions,
  historyQueryOptions: routeActivityHistoryQueryOptions,
  useList: useRouteActivities,
  useRecord: useRouteActivity,
  useHistory: useRouteActivityHistory,
  // `mutate({ input, idempotencyKey })`: recording a drive may be retried after a lost answer.
  useCreateWithKey: useCreateRouteActivity,
  useUpdate: useUpdateRouteActivity,
} = routeActivityApi;

/**
 * Deletes a route activity (its vehicle activities go with it). Success or not, the lists refetch, so what the
 * user sees afterwards is what the server holds (a failed delete is only logged, seed section 8).
 */
export function useDeleteRouteActivity() {
  const invalidate = useInvalidateRecords();
  return routeActivityApi.useDelete({
    onError: (error, id) => {
      console.error(`Streckenaktivität ${id} konnte nicht gelöscht werden`, error);
      return invalidate();
    },
  });
}
