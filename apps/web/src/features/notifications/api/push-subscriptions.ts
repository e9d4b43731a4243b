import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatePushSubscriptionInput, PushSubscriptionInfo } from '@streckenpass/contract/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';
import { rememberThisDevice, subscribeThisDevice, thisDeviceId, unsubscribeThisBrowser } from '../push';

export const getPushSubscriptions = () => api.get<PushSubscriptionInfo[]>('/api/push_subscriptions');

export const pushSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.pushSubscriptions, queryFn: getPushSubscriptions });

export function usePushSubscriptions() {
  return useQuery(pushSubscriptionsQueryOptions());
}

export const getVapidPublicKey = () => api.get<{ publicKey: string }>('/api/push/public-key');
export const createPushSubscription = (input: CreatePushSubscriptionInput) =>
  api.post<PushSubscriptionInfo>('/api/push_subscriptions', input);
export const deletePushSubscription = (id: number) => api.delete(`/api/push_subscriptions/${id}`);

/** Asks the browser for permission, subscribes it at its push service and registers the subscription here. */
export const useSubscribeThisDevice = () =>
  useRefetchingMutation(async () => {
    const { publicKey } = await getVapidPublicKey();
    const subscription = await subscribeThisDevice(publicKey);
    const created = await createPushSubscription(subscription);
    rememberThisDevice(created.id);
    return created;
  }, queryKeys.notifications.pushSubscriptions);

/** Removes a device; removing this browser's own entry also unsubscribes it at its push service. */
export const useDeletePushSubscription = () =>
  useRefetchingMutation(async (id: number) => {
    await deletePushSubscription(id);
    if (id === thisDeviceId()) await unsubscribeThisBrowser();
  }, queryKeys.notifications.pushSubscriptions);
